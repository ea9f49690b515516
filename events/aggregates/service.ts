// A service of the public catalogue: a plain record.
import type { ServiceInput } from '../../domain';
import { recordDecider, type RecordEvent } from './record';

export const serviceEvents = { created: 'ServiceCreated', updated: 'ServiceUpdated', deleted: 'ServiceDeleted' } as const;
export type ServiceEvent = RecordEvent<typeof serviceEvents, ServiceInput>;
export const service = recordDecider<ServiceInput, typeof serviceEvents>(serviceEvents, 'Servicio no encontrado');
