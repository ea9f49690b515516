import type { ServiceInput } from '../../domain';
import { recordDecider } from './record';

export const serviceEvents = { created: 'ServiceCreated', updated: 'ServiceUpdated', deleted: 'ServiceDeleted' } as const;
export const service = recordDecider<ServiceInput>(serviceEvents, 'Servicio no encontrado');
