// Initial data, written once as events with origin `seed`: the eight services and the first admin.
import { randomUUID } from 'node:crypto';
import { handle, service, user, type EventMetadata, type EventStore } from '../events';
import type { ReadModels } from '../projections';
import type { Config } from './config';
import { generatePassword, hashPassword } from './passwords';
import { seedServices } from './seed-data';

export async function seed(store: EventStore, read: ReadModels, config: Config, log: (line: string) => void = console.log) {
  // Instances starting together on one PostgreSQL: one seeds, the others find it done.
  await store.db.tryWithLock('seed', () => seedOnce(store, read, config, log));
}

async function seedOnce(store: EventStore, read: ReadModels, config: Config, log: (line: string) => void) {
  const metadata: EventMetadata = { actor: null, origin: 'seed', requestId: randomUUID() };
  // The services are written in one transaction, all or none: whether to seed them is decided by any
  // of them existing, so a start that died after writing some must not have left those for good.
  if (!(await store.hasAny('ServiceCreated'))) {
    const streams = seedServices.map((record) => ({ streamId: randomUUID(), events: service.decide({ type: 'Create', record }, service.initialState()) }));
    await store.startStreams(streams, metadata);
  }
  if ((await read.users.count()) === 0) {
    const password = config.adminPassword ?? generatePassword();
    const id = randomUUID();
    await handle(
      store,
      user,
      id,
      { type: 'Register', username: config.adminUsername, role: 'admin', passwordHash: await hashPassword(password), at: new Date() },
      metadata,
    );
    if (!config.adminPassword) {
      log(`\n  Usuario administrador creado: ${config.adminUsername}\n  Contraseña generada (se muestra una sola vez): ${password}\n`);
    }
  }
}
