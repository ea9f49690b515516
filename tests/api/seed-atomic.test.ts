// The first start's default services are written all at once: a start that dies while seeding them
// leaves none, and the next start writes the whole set (never a part of it for good).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { allMigrations, createApp } from '../../api/app';
import { migrate } from '../../events';
import { seedServices } from '../../api/seed-data';
import { testConfig } from '../helpers/app';
import { freshDatabase } from '../helpers/database';

const database = await freshDatabase();
test.after(() => database.drop());

const servicesCreated = async () => (await database.db.query<{ n: number }>("SELECT count(*)::int AS n FROM events WHERE type = 'ServiceCreated'"))[0].n;

test('a start cut while seeding the services leaves none; the next one seeds all of them', async () => {
  assert.ok(seedServices.length > 3);
  await migrate(database.db, allMigrations);
  // The database fails after the third service is written, as a process killed there would stop.
  await database.db.query('CREATE SEQUENCE seed_cut');
  await database.db.query(`CREATE FUNCTION seed_cut() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.type = 'ServiceCreated' AND nextval('seed_cut') > 3 THEN RAISE EXCEPTION 'corte durante la siembra'; END IF;
      RETURN NEW;
    END $$`);
  await database.db.query('CREATE TRIGGER seed_cut BEFORE INSERT ON events FOR EACH ROW EXECUTE FUNCTION seed_cut()');
  const config = testConfig(database.databaseUrl);
  let failed: unknown = null;
  await createApp(config, { web: false, db: database.db, log: () => {} }).then(
    (app) => app.close(),
    (error: unknown) => (failed = error),
  );
  assert.ok(failed, 'the cut start fails');
  assert.is(await servicesCreated(), 0, 'no part of the set is left');

  await database.db.query('DROP TRIGGER seed_cut ON events');
  const app = await createApp(config, { web: false, db: database.db, log: () => {} });
  try {
    assert.is(await servicesCreated(), seedServices.length);
    const [{ n }] = await database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM services');
    assert.is(n, seedServices.length);
  } finally {
    await app.close();
  }
});

test.run();
