// The HTTP server around the app: time limits a slow client cannot stretch, a cap on open connections
// with a share per client address so one client cannot hold them all, answers (JSON, in Spanish) to
// requests Node refuses before the app sees them, and a graceful stop that lets requests in flight finish.
import { Server, STATUS_CODES, type IncomingMessage, type ServerOptions, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Config } from './config';

type Limits = Pick<Config, 'headersTimeoutMs' | 'requestTimeoutMs' | 'maxConnections'> & Partial<Pick<Config, 'maxConnectionsPerAddress' | 'trustProxy'>>;

/** Request line and headers together (Node's default, fixed here so a command-line flag cannot move it). */
const maxHeaderBytes = 16 * 1024;

export const busyAddressMessage = 'Demasiadas conexiones simultáneas desde su dirección. Intente de nuevo en unos segundos.';

/** What Node refuses while reading a request, answered before closing instead of a bare status or a reset. */
const parseRefusals = {
  addressTooLong: { status: 414, message: 'La dirección de la solicitud es demasiado larga' },
  headersTooLarge: { status: 431, message: 'Los encabezados de la solicitud son demasiado grandes' },
  chunkExtensions: { status: 413, message: 'La solicitud es demasiado grande' },
  timeout: { status: 408, message: 'La solicitud tardó demasiado en llegar' },
  malformed: { status: 400, message: 'La solicitud no es HTTP válido' },
};

/**
 * Every 'request' listener sits behind the per-address cap: a request refused here never reaches the
 * app, whoever wired it (api/server.ts, a test).
 */
class LimitedServer extends Server {
  constructor(
    options: ServerOptions,
    private readonly admit: (request: IncomingMessage, response: ServerResponse) => boolean,
  ) {
    super(options);
  }

  override emit(eventName: string | symbol, ...args: unknown[]): boolean {
    if (eventName === 'request' && !this.admit(args[0] as IncomingMessage, args[1] as ServerResponse)) return true;
    return super.emit(eventName, ...args);
  }
}

export function createHttpServer(config: Limits): Server {
  const perAddress = config.maxConnectionsPerAddress ?? 0;
  const trustProxy = config.trustProxy ?? false;
  const connections = new Map<string, number>();
  const inFlight = new Map<string, number>();
  const overTheirShare = new WeakSet<Socket>();

  const server = new LimitedServer(
    {
      headersTimeout: config.headersTimeoutMs,
      requestTimeout: config.requestTimeoutMs,
      // Node checks those limits only this often (30 s by default): a slow client would outlive them.
      connectionsCheckingInterval: Math.min(1_000, config.headersTimeoutMs),
      keepAliveTimeout: 5_000,
      maxHeaderSize: maxHeaderBytes,
    },
    (request, response) => {
      if (overTheirShare.has(request.socket)) return refuse(response);
      if (!perAddress) return true;
      // Requests in progress, per client: behind the proxy the only way to tell its clients apart, and
      // without one it also bounds requests pipelined on one connection.
      const client = clientAddress(request, trustProxy);
      const running = inFlight.get(client) ?? 0;
      if (running >= perAddress) return refuse(response);
      inFlight.set(client, running + 1);
      response.once('close', () => release(inFlight, client));
      return true;
    },
  );
  server.maxConnections = config.maxConnections;

  // Open connections, per socket address. Behind the proxy every connection comes from the proxy, and
  // capping it would starve everyone: there only the requests above are counted.
  if (perAddress && !trustProxy) {
    server.on('connection', (socket: Socket) => {
      if (!socket.remoteAddress) return;
      const address = normalized(socket.remoteAddress);
      const open = connections.get(address) ?? 0;
      if (open >= perAddress) {
        // Its first request gets the 429 (then it is closed); a connection that sends none in a second
        // is closed, so refused connections cannot fill the global cap in its place.
        overTheirShare.add(socket);
        const close = setTimeout(() => socket.destroy(), 1_000);
        close.unref();
        socket.once('close', () => clearTimeout(close));
        return;
      }
      connections.set(address, open + 1);
      socket.once('close', () => release(connections, address));
    });
  }

  const answered = new WeakSet<Socket>();
  server.on('clientError', (error: ClientError, socket: Socket) => {
    // The parser repeats its error for every later chunk of the same connection.
    if (answered.has(socket)) return;
    answered.add(socket);
    const refusal = refusalFor(error);
    const response = (socket as { _httpMessage?: ServerResponse })._httpMessage;
    if (!refusal || !socket.writable || response?.headersSent) return void socket.destroy();
    socket.end(rawResponse(refusal.status, refusal.message));
    // For a second what the client still sends is read and dropped: closing on unread bytes would be a
    // reset, and the client could lose the answer.
    setTimeout(() => socket.destroy(), 1_000).unref();
  });

  return server;
}

type ClientError = Error & { code?: string; bytesParsed?: number; rawPacket?: Buffer };

function refusalFor(error: ClientError) {
  if (error.code === 'HPE_HEADER_OVERFLOW') return addressTooLong(error) ? parseRefusals.addressTooLong : parseRefusals.headersTooLarge;
  if (error.code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW') return parseRefusals.chunkExtensions;
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return parseRefusals.timeout;
  if (error.code?.startsWith('HPE_')) return parseRefusals.malformed;
  return null; // the connection failed (reset, broken pipe): nobody to answer
}

/**
 * Node reports one overflow whether the request line or the headers passed the limit; the bytes it was
 * reading tell them apart. No line break and no white space after the method: still the address (a
 * header line has a space after its colon, a cookie one after each ';').
 */
function addressTooLong(error: ClientError): boolean {
  if (!error.rawPacket) return false;
  const read = error.rawPacket.subarray(0, error.bytesParsed ?? error.rawPacket.length).toString('latin1');
  return read.length > 0 && !/\s/.test(read.replace(/^[A-Z]+ /, ''));
}

function rawResponse(status: number, message: string): string {
  const body = JSON.stringify({ message });
  return [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    'X-Content-Type-Options: nosniff',
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

function refuse(response: ServerResponse): false {
  const body = JSON.stringify({ message: busyAddressMessage });
  response.writeHead(429, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'Retry-After': '5',
    Connection: 'close',
  });
  response.end(body);
  return false;
}

/** As Koa reads it (app.proxy, maxIpsCount 1): behind the proxy the last X-Forwarded-For entry, the one it appended. */
function clientAddress(request: IncomingMessage, trustProxy: boolean): string {
  const header = trustProxy ? request.headers['x-forwarded-for'] : undefined;
  const forwarded = Array.isArray(header) ? header.join(',') : header;
  const last = forwarded?.split(',').pop()?.trim();
  return normalized(last || request.socket.remoteAddress || '');
}

/** An IPv4 client on a dual-stack socket is the same client as on an IPv4 one. */
const normalized = (address: string) => (address.startsWith('::ffff:') ? address.slice(7) : address);

function release(counts: Map<string, number>, key: string) {
  const left = (counts.get(key) ?? 1) - 1;
  if (left > 0) counts.set(key, left);
  else counts.delete(key);
}

/**
 * Stops taking connections, lets requests in flight finish (idle keep-alive connections are closed at
 * once), and after `graceMs` closes whatever is left. Resolves when the server has let go.
 */
export function stopAccepting(server: Server, graceMs: number): Promise<void> {
  return new Promise((resolve) => {
    const force = setTimeout(() => server.closeAllConnections(), graceMs);
    force.unref();
    server.close(() => {
      clearTimeout(force);
      resolve();
    });
    server.closeIdleConnections();
  });
}
