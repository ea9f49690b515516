// Staff's service calls. The list shares its key with the public services page.
import { useQuery } from '@tanstack/react-query';
import type { Service, ServiceInput } from '../../../../domain';
import { fetchServices, servicesKey } from '../../services/api';
import { resourceMutations } from '../common/mutations';
import { servicesTexts } from '../texts';

export const useAdminServices = () => useQuery<Service[]>({ queryKey: servicesKey, queryFn: fetchServices, refetchOnMount: true });

const services = resourceMutations<ServiceInput, Service>('/api/services', [servicesKey], servicesTexts);
export const useCreateService = services.useCreate;
export const useUpdateService = services.useUpdate;
export const useDeleteService = services.useDelete;
