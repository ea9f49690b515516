// The application behind the production HTTP server (createHttpServer, wired as api/server.ts wires
// it), on a free port of 127.0.0.1 against a fresh database: for what happens below Koa, at the socket.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '../../api/app';
import type { Config } from '../../api/config';
import type { AppServices } from '../../api/context';
import { createHttpServer } from '../../api/http-server';
import { Client, testConfig } from './app';
import { freshDatabase } from './database';

export type ServedApp = {
  base: string;
  port: number;
  config: Config;
  services: AppServices;
  server: Server;
  client(): Client;
  admin(): Promise<Client>;
  close(): Promise<void>;
};

export async function startServedApp(overrides: Partial<Config> = {}, env: NodeJS.ProcessEnv = {}): Promise<ServedApp> {
  const database = await freshDatabase();
  const config = testConfig(database.databaseUrl, overrides, env);
  const server = createHttpServer(config);
  const log = process.env.TEST_LOG ? console.log : () => {};
  const { app, services, close } = await createApp(config, { web: false, db: database.db, httpServer: server, log });
  server.on('request', app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  return {
    base,
    port,
    config,
    services,
    server,
    client: () => new Client(base),
    admin: () => new Client(base).login(),
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await close();
      await database.drop();
    },
  };
}
