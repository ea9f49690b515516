// A local HTTP server that plays feed sources for tests and benchmarks: fixed files, redirects, slow and huge answers.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { FeedError } from '../../api/feeds/index';
import { projectRoot } from '../../events/project-root';

export type RouteHandler = (req: http.IncomingMessage, res: http.ServerResponse) => void | Promise<void>;
type RecordedRequest = { method: string; path: string; headers: http.IncomingHttpHeaders };

export type FeedServer = {
  origin: string;
  url(pathname: string): string;
  setRoute(pathname: string, handler: RouteHandler): void;
  /** Every request received, oldest first, so a test can assert headers such as If-None-Match. */
  requests: RecordedRequest[];
  close(): Promise<void>;
};

const fixturesDir = path.join(projectRoot, 'tests/fixtures/feeds');

export function fixture(name: string): Buffer {
  return readFileSync(path.join(fixturesDir, name));
}

/** Routes match the path without the query string; anything else answers 404. */
export async function startFeedServer(routes: Record<string, RouteHandler> = {}, options: { host?: string; port?: number } = {}): Promise<FeedServer> {
  const table = new Map(Object.entries(routes));
  const requests: RecordedRequest[] = [];
  const server = http.createServer(async (req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    requests.push({ method: req.method ?? 'GET', path: pathname, headers: req.headers });
    res.on('error', () => {}); // the client hanging up mid-body is what several tests provoke
    const handler = table.get(pathname);
    try {
      if (handler) await handler(req, res);
      else res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    } catch (error) {
      if (!res.headersSent) res.writeHead(500).end(String(error));
      else res.destroy();
    }
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const origin = `http://${host}:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: (pathname) => origin + pathname,
    setRoute: (pathname, handler) => void table.set(pathname, handler),
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type BodyOptions = { contentType?: string; status?: number; headers?: Record<string, string> };

/** Answers a body; with `etag` or `lastModified` it also honours conditional GET with a 304. */
export function serveBody(body: string | Buffer, options: BodyOptions & { etag?: string; lastModified?: string } = {}): RouteHandler {
  return (req, res) => {
    const validators: Record<string, string> = {};
    if (options.etag) validators.etag = options.etag;
    if (options.lastModified) validators['last-modified'] = options.lastModified;
    const fresh =
      (options.etag && req.headers['if-none-match'] === options.etag) ||
      (!options.etag && options.lastModified && req.headers['if-modified-since'] === options.lastModified);
    if (fresh) {
      res.writeHead(304, validators).end();
      return;
    }
    res.writeHead(options.status ?? 200, {
      'content-type': options.contentType ?? 'application/rss+xml; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      ...validators,
      ...options.headers,
    });
    res.end(body);
  };
}

export function serveFixture(name: string, options: Parameters<typeof serveBody>[1] = {}): RouteHandler {
  return serveBody(fixture(name), options);
}

export function redirectTo(location: string, status = 302): RouteHandler {
  return (_req, res) => void res.writeHead(status, { location }).end();
}

/** Waits before sending anything, or (with `body`) sends headers then drips the body too slowly. */
export function serveSlowly(delayMs: number, body?: string): RouteHandler {
  return async (_req, res) => {
    if (body === undefined) {
      await sleep(delayMs);
      res.writeHead(200, { 'content-type': 'application/rss+xml' }).end('<rss version="2.0"><channel><title>Tarde</title></channel></rss>');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/rss+xml' });
    for (const char of body) {
      if (res.destroyed) return;
      res.write(char);
      await sleep(delayMs);
    }
    res.end();
  };
}

/** Streams `totalBytes` of a never-ending RSS item without a Content-Length, honouring back-pressure. */
export function serveHuge(totalBytes: number, options: { declareLength?: boolean } = {}): RouteHandler {
  return async (_req, res) => {
    res.writeHead(200, {
      'content-type': 'application/rss+xml',
      ...(options.declareLength ? { 'content-length': String(totalBytes) } : {}),
    });
    const chunk = Buffer.alloc(64 * 1024, 'a');
    res.write('<rss version="2.0"><channel><title>Enorme</title><item><description>');
    for (let sent = 0; sent < totalBytes && !res.destroyed; sent += chunk.length) {
      if (!res.write(chunk)) await drainedOrClosed(res);
    }
    res.end('</description></item></channel></rss>');
  };
}

function drainedOrClosed(res: http.ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/** The FeedError a feed operation ends with; fails the test when it succeeds or throws anything else. */
export async function feedFailure(operation: Promise<unknown>): Promise<FeedError> {
  try {
    await operation;
  } catch (error) {
    if (error instanceof FeedError) return error;
    throw new Error(`expected a FeedError, got ${String(error)}`, { cause: error });
  }
  throw new Error('expected the feed operation to fail');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
