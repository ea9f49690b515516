// A new DATA_DIR whose embedded database (PGlite) has been through its initdb already, as a site's
// DATA_DIR is after its first start: what the tests of backups, imports, moves and restarts start from,
// and every test app without TEST_DATABASE_URL (database.ts).
// PGlite runs PostgreSQL's initdb inside WebAssembly on a new directory, about 8 CPU-s of the suite's
// two cores each time, the most of a start; copied from an initialised directory kept beside the
// test bundles, a start opens it in about 1.5. The copy holds no schema of ours: the app's migrations
// run on it as on a new site. A test of a first start on an empty DATA_DIR (`npm start` on a new
// machine) makes its directory with mkdtempSync instead.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDb } from '../../events';
import { projectRoot } from '../../events/project-root';

const modules = path.join(projectRoot, 'node_modules');
const pgliteVersion = (JSON.parse(readFileSync(path.join(modules, '@electric-sql', 'pglite', 'package.json'), 'utf8')) as { version: string }).version;
const cache = path.join(modules, '.cache');
const template = path.join(cache, `pglite-initdb-${pgliteVersion}`);

/**
 * The initialised directory, made once: test files start three at a time, so each makes its own in a
 * directory of its own and renames it into place; one that finds the place taken uses that one.
 */
async function initialised(): Promise<string> {
  if (existsSync(path.join(template, 'PG_VERSION'))) return template;
  mkdirSync(cache, { recursive: true });
  const making = mkdtempSync(path.join(cache, 'pglite-initdb-'));
  const db = await openDb({ dataDir: making });
  await db.close();
  try {
    renameSync(path.join(making, 'pglite'), template);
  } catch (error) {
    if (!existsSync(path.join(template, 'PG_VERSION'))) throw error;
  } finally {
    rmSync(making, { recursive: true, force: true });
  }
  return template;
}

/** A new directory under the system's temporary folder (`prefix` names it), its database initialised and empty. */
export async function embeddedDataDir(prefix: string, parent = os.tmpdir()): Promise<string> {
  const dataDir = mkdtempSync(path.join(parent, prefix));
  cpSync(await initialised(), path.join(dataDir, 'pglite'), { recursive: true });
  return dataDir;
}
