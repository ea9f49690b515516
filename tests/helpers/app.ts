// Starts the real application on a free port against a fresh database, with an HTTP client per user.
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:http';
import { createApp } from '../../api/app';
import { loadConfig, type Config } from '../../api/config';
import type { AppServices } from '../../api/context';
import type { WeeklySummaryOptions } from '../../api/weekly-summary';
import { openDb, type SubscriptionOptions } from '../../events';
import { freshDatabase } from './database';

async function sameDatabase(owner: TestApp) {
  if (!owner.config.databaseUrl) throw new Error('two instances need PostgreSQL (TEST_DATABASE_URL)');
  const db = await openDb({ databaseUrl: owner.config.databaseUrl, max: 5 });
  return { db, databaseUrl: owner.config.databaseUrl, drop: () => db.close() };
}

export const adminCredentials = { username: 'admin', password: 'clave-de-prueba-123' };

/** A test app's configuration: the test admin, no write limit, no feed scheduler, unless `env` or `overrides` say otherwise. */
export function testConfig(databaseUrl: string | null, overrides: Partial<Config> = {}, env: NodeJS.ProcessEnv = {}): Config {
  return loadConfig(
    {
      ADMIN_USERNAME: adminCredentials.username,
      ADMIN_PASSWORD: adminCredentials.password,
      PUBLIC_WRITE_LIMIT: '0',
      FEED_SCHEDULER: 'off',
      ...env,
    } as NodeJS.ProcessEnv,
    { databaseUrl, ...overrides },
  );
}

export type Answer<T = any> = { status: number; body: T; headers: Headers; text: string };

export class Client {
  private cookies = new Map<string, string>();
  /** The password this client signed in with: changes to how the account signs in ask for it again. */
  password: string | null = null;
  constructor(readonly base: string) {}

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer<T>> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const init: RequestInit = { method, headers: { ...(cookie ? { cookie } : {}), ...headers }, redirect: 'manual' };
    if (body !== undefined) {
      init.body = typeof body === 'string' || body instanceof Uint8Array ? (body as any) : JSON.stringify(body);
      if (!(body instanceof Uint8Array) && !headers['content-type']) (init.headers as any)['content-type'] = 'application/json';
    }
    const response = await fetch(this.base + path, init);
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...rest] = pair.split('=');
      const value = rest.join('=');
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    // The BOM is kept: a CSV for Excel must start with it.
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
    let parsed: any = text;
    if ((response.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
    return { status: response.status, body: parsed, headers: response.headers, text };
  }

  get = <T = any>(path: string, headers?: Record<string, string>) => this.request<T>('GET', path, undefined, headers);
  post = <T = any>(path: string, body?: unknown, headers?: Record<string, string>) => this.request<T>('POST', path, body ?? {}, headers);
  patch = <T = any>(path: string, body?: unknown, headers?: Record<string, string>) => this.request<T>('PATCH', path, body ?? {}, headers);
  put = <T = any>(path: string, body?: unknown, headers?: Record<string, string>) => this.request<T>('PUT', path, body, headers);
  delete = <T = any>(path: string, headers?: Record<string, string>) => this.request<T>('DELETE', path, undefined, headers);

  async login(username = adminCredentials.username, password = adminCredentials.password): Promise<this> {
    const answer = await this.post('/api/auth/login', { username, password });
    if (answer.status !== 200) throw new Error(`login ${username} failed: ${answer.status} ${answer.text}`);
    this.password = password;
    return this;
  }
}

export type TestApp = {
  base: string;
  services: AppServices;
  config: Config;
  client(): Client;
  admin(): Promise<Client>;
  /** Creates a user with the role through the API and answers a client signed in as them. */
  userWithRole(role: 'admin' | 'colaborador', username?: string): Promise<Client>;
  close(): Promise<void>;
};

export type TestAppOptions = {
  /** A second instance on the first one's PostgreSQL database (PostgreSQL only): it leaves the database to its owner. */
  shareDatabaseOf?: TestApp;
  subscriptions?: SubscriptionOptions;
  /** The weekly summary's clock and how often it looks. */
  weeklySummary?: WeeklySummaryOptions;
  /** Receives the app's log lines (quiet by default; TEST_LOG=1 prints them). */
  log?: (line: string) => void;
  /** Open the database the config names (`dataDir` or `databaseUrl` in the overrides) as the server would, instead of a fresh one. */
  configuredDatabase?: boolean;
};

export async function startTestApp(overrides: Partial<Config> = {}, env: NodeJS.ProcessEnv = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.configuredDatabase
    ? { db: undefined, databaseUrl: overrides.databaseUrl ?? null, drop: async () => {} }
    : options.shareDatabaseOf
      ? await sameDatabase(options.shareDatabaseOf)
      : await freshDatabase();
  const config = testConfig(database.databaseUrl, overrides, env);
  const server = createServer();
  const log = options.log ?? (process.env.TEST_LOG ? console.log : () => {});
  const { app, services, close } = await createApp(config, {
    web: false,
    db: database.db,
    httpServer: server,
    log,
    subscriptions: options.subscriptions,
    weeklySummary: options.weeklySummary,
  });
  server.on('request', app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let counter = 0;
  const testApp: TestApp = {
    base,
    services,
    config,
    client: () => new Client(base),
    admin: () => new Client(base).login(),
    async userWithRole(role, username = `${role}${++counter}`) {
      const admin = await testApp.admin();
      const password = 'otra-clave-segura-1';
      const created = await admin.post('/api/users', { username, password, role });
      if (created.status !== 201) throw new Error(`user create failed: ${created.text}`);
      return new Client(base).login(username, password);
    },
    async close() {
      server.closeAllConnections?.();
      await new Promise((resolve) => server.close(resolve));
      await close();
      await database.drop();
    },
  };
  return testApp;
}
