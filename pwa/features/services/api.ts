// GET /api/services (in order), fetched by the default query function; the admin panel shares the key.
import { useQuery } from '@tanstack/react-query';
import type { Service } from '../../../domain';

export const servicesKey = ['/api/services'] as const;

export const useServices = () => useQuery<Service[]>({ queryKey: servicesKey });
