// The database the configuration names (DATABASE_URL, else the embedded one in DATA_DIR), opened by a
// command-line script. A refusal (the embedded database held by another process, PostgreSQL out of reach)
// is printed as its one-line Spanish message and ends the script with status 1, without a stack trace.
import { loadConfig } from '../../api/config';
import { openDb, type Db } from '../../events';

export async function openConfiguredDbOrExit(): Promise<Db> {
  const config = loadConfig();
  try {
    return await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
