// GET /api/services (in order), every page of it; the admin panel shares the key and the way it is read.
import { useQuery } from '@tanstack/react-query';
import type { Service } from '../../../domain';
import { fetchAllPages } from '../../lib/all-pages';

export const servicesKey = ['/api/services'] as const;

export const fetchServices = ({ signal }: { signal?: AbortSignal }) => fetchAllPages<Service>('/api/services', signal);

export const useServices = () => useQuery<Service[]>({ queryKey: servicesKey, queryFn: fetchServices });
