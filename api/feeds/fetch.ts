// Downloads one feed document (or an item's image) from the open web: conditional, bounded in time and
// size, public addresses only.
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { lookup as dnsLookup } from 'node:dns/promises';
import { pipeline } from 'node:stream';
import zlib from 'node:zlib';
import { isBlockedHostname, isPublicAddress } from './address';
import { decodeFeedBytes } from './charset';
import { FeedError, feedMessages } from './errors';

const defaultUserAgent = 'ContraespionajeCR-FeedBot/1.0 (+https://contraespionaje.cr)';

type ResolvedAddress = { address: string; family: number };

export type FetchFeedOptions = {
  /** Tests and local development only (FEED_ALLOW_PRIVATE_HOSTS): lets the fetch reach loopback and private networks. */
  allowPrivateHosts: boolean;
  etag?: string | null;
  lastModified?: string | null;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  userAgent?: string;
  /** Cancels the fetch, e.g. when the app shuts down; the signal's reason is what gets thrown. */
  signal?: AbortSignal;
  /** Stands in for DNS, so tests can point a public-looking name at a private address. */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
  /** Which addresses count as public when private hosts are not allowed; tests use it to play "the internet". */
  isAllowedAddress?: (address: string) => boolean;
};

export type FetchedFeedDocument =
  { status: 'not-modified' } | { status: 'ok'; text: string; contentType: string | null; finalUrl: string; etag: string | null; lastModified: string | null };

type Settings = Required<Pick<FetchFeedOptions, 'timeoutMs' | 'maxBytes' | 'maxRedirects' | 'userAgent'>> &
  FetchFeedOptions & { isAllowed: (address: string) => boolean; accept: string };

const redirectStatuses = new Set([301, 302, 303, 307, 308]);

const feedAccept =
  'application/rss+xml, application/atom+xml, application/feed+json, application/xml;q=0.9, text/xml;q=0.9, application/json;q=0.8, text/html;q=0.5, */*;q=0.1';
const imageAccept = 'image/avif, image/webp, image/png, image/jpeg;q=0.9, */*;q=0.1';

export async function fetchFeedDocument(url: string, options: FetchFeedOptions): Promise<FetchedFeedDocument> {
  return fetchWithin(url, options, feedAccept, (fetched) => {
    if (fetched.status === 'not-modified') return fetched;
    const { bytes, ...rest } = fetched;
    return { ...rest, text: decodeFeedBytes(bytes, rest.contentType) };
  });
}

export type FetchedImage = { bytes: Buffer; contentType: string | null; finalUrl: string };

/**
 * An imported item's image, to copy into the media library: the same guard, redirects and limits as a
 * feed (http allowed, public addresses only), unconditional. What the bytes are is checked by the caller.
 */
export async function fetchImage(url: string, options: FetchFeedOptions): Promise<FetchedImage> {
  return fetchWithin(url, { ...options, etag: null, lastModified: null }, imageAccept, (fetched) => {
    if (fetched.status === 'not-modified') throw new FeedError('http-status', feedMessages.httpStatus(304));
    return { bytes: fetched.bytes, contentType: fetched.contentType, finalUrl: fetched.finalUrl };
  });
}

type FetchedBytes =
  { status: 'not-modified' } | { status: 'ok'; bytes: Buffer; contentType: string | null; finalUrl: string; etag: string | null; lastModified: string | null };

async function fetchWithin<T>(url: string, options: FetchFeedOptions, accept: string, finish: (fetched: FetchedBytes) => T): Promise<T> {
  const settings: Settings = {
    timeoutMs: 10_000,
    maxBytes: 5 * 1024 * 1024,
    maxRedirects: 5,
    userAgent: defaultUserAgent,
    // An option passed as undefined (the importer's optional timeout) keeps its default instead of wiping it.
    ...(Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as FetchFeedOptions),
    isAllowed: options.allowPrivateHosts ? () => true : (options.isAllowedAddress ?? isPublicAddress),
    accept,
  };
  // One deadline for the whole exchange: a server that answers each redirect slowly must not get 10 s per hop.
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new FeedError('timeout', feedMessages.timeout(settings.timeoutMs))), settings.timeoutMs);
  const signal = options.signal ? AbortSignal.any([deadline.signal, options.signal]) : deadline.signal;
  try {
    return finish(await followRedirects(url, settings, signal));
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    throw asFeedError(error);
  } finally {
    clearTimeout(timer);
  }
}

async function followRedirects(url: string, settings: Settings, signal: AbortSignal): Promise<FetchedBytes> {
  let current = parseFeedUrl(url);
  for (let redirects = 0; ; redirects++) {
    assertHostAllowed(current, settings);
    const response = await request(current, settings, signal);
    const location = response.headers.location;
    if (redirectStatuses.has(response.statusCode ?? 0) && location) {
      response.destroy();
      if (redirects >= settings.maxRedirects) throw new FeedError('too-many-redirects', feedMessages.tooManyRedirects);
      current = parseFeedUrl(new URL(location, current).href);
      continue;
    }
    if (response.statusCode === 304) {
      response.destroy();
      return { status: 'not-modified' };
    }
    const status = response.statusCode ?? 0;
    if (status < 200 || status >= 300) {
      response.destroy();
      throw new FeedError('http-status', feedMessages.httpStatus(status));
    }
    const contentType = header(response, 'content-type');
    const bytes = await readBody(response, settings.maxBytes, signal);
    return {
      status: 'ok',
      bytes,
      contentType,
      finalUrl: current.href,
      etag: header(response, 'etag'),
      lastModified: header(response, 'last-modified'),
    };
  }
}

function parseFeedUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new FeedError('invalid-url', feedMessages.invalidUrl);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FeedError('invalid-url', feedMessages.onlyHttp);
  return url;
}

/** Names and literal addresses are refused before connecting; names that resolve are checked in `guardedLookup`. */
function assertHostAllowed(url: URL, settings: Settings): void {
  if (settings.allowPrivateHosts) return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const refused = isIP(host) ? !settings.isAllowed(host) : isBlockedHostname(host);
  if (refused) throw new FeedError('blocked-address', feedMessages.blocked);
}

function request(url: URL, settings: Settings, signal: AbortSignal): Promise<http.IncomingMessage> {
  const headers: Record<string, string> = {
    'user-agent': settings.userAgent,
    accept: settings.accept,
    'accept-encoding': 'gzip, deflate, br',
  };
  if (settings.etag) headers['if-none-match'] = settings.etag;
  if (settings.lastModified) headers['if-modified-since'] = settings.lastModified;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    // agent: false, so every connection goes through the guarded lookup; a pooled socket would skip it.
    const req = client.request(url, { headers, agent: false, lookup: guardedLookup(settings), signal }, (response) => {
      // The address actually connected to, whatever DNS said a moment ago (rebinding) or a literal host.
      const remote = response.socket.remoteAddress;
      if (!remote || !settings.isAllowed(remote)) {
        response.destroy();
        reject(new FeedError('blocked-address', feedMessages.blocked));
        return;
      }
      resolve(response);
    });
    req.on('error', reject);
    req.end();
  });
}

function guardedLookup(settings: Settings): LookupFunction {
  const resolve = settings.resolve ?? ((hostname: string) => dnsLookup(hostname, { all: true }));
  return ((hostname: string, options: { family?: number | string; all?: boolean }, callback: (...args: unknown[]) => void) => {
    resolve(hostname).then(
      (found) => {
        const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : Number(options.family) || 0;
        const addresses = found.filter((entry) => !family || entry.family === family);
        // One private answer refuses the name: a name that mixes public and private addresses is an attack, not a feed.
        if (addresses.length === 0) return callback(Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }));
        if (addresses.some((entry) => !settings.isAllowed(entry.address))) {
          return callback(new FeedError('blocked-address', feedMessages.blocked));
        }
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0].address, addresses[0].family);
      },
      (error) => callback(error),
    );
  }) as LookupFunction;
}

async function readBody(response: http.IncomingMessage, maxBytes: number, signal: AbortSignal): Promise<Buffer> {
  const tooLarge = () => new FeedError('too-large', feedMessages.tooLarge(maxBytes));
  if (Number(response.headers['content-length']) > maxBytes) {
    response.destroy();
    throw tooLarge();
  }
  const body = decompressed(response);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    // Counted after decompression, so a small gzip bomb cannot get past the cap either.
    if (size > maxBytes) {
      response.destroy();
      throw tooLarge();
    }
    chunks.push(chunk as Buffer);
  }
  if (signal.aborted) throw signal.reason;
  if (!response.complete) throw new FeedError('unreachable', `${feedMessages.unreachable} (la conexión se cortó)`);
  return Buffer.concat(chunks);
}

function decompressed(response: http.IncomingMessage): NodeJS.ReadableStream {
  const encoding = header(response, 'content-encoding')?.toLowerCase();
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? zlib.createGunzip()
      : encoding === 'deflate'
        ? zlib.createInflate()
        : encoding === 'br'
          ? zlib.createBrotliDecompress()
          : null;
  if (!decoder) return response;
  pipeline(response, decoder, () => {}); // errors surface through the decoder the caller reads
  return decoder;
}

function header(response: http.IncomingMessage, name: string): string | null {
  const value = response.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

const networkReasons: Record<string, string> = {
  ENOTFOUND: 'el dominio no existe',
  EAI_AGAIN: 'no se pudo resolver el dominio',
  ECONNREFUSED: 'conexión rechazada',
  ECONNRESET: 'la conexión se cortó',
  EHOSTUNREACH: 'servidor inalcanzable',
  ENETUNREACH: 'red inalcanzable',
  Z_DATA_ERROR: 'respuesta comprimida dañada',
  Z_BUF_ERROR: 'respuesta comprimida incompleta',
  ERR_TLS_CERT_ALTNAME_INVALID: 'certificado no válido para este dominio',
  CERT_HAS_EXPIRED: 'certificado caducado',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'certificado autofirmado',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'certificado no verificable',
  HPE_INVALID_CONSTANT: 'respuesta HTTP no válida',
};

function asFeedError(error: unknown): FeedError {
  if (error instanceof FeedError) return error;
  const code = (error as { code?: string } | null)?.code ?? '';
  const reason = networkReasons[code];
  return new FeedError('unreachable', reason ? `${feedMessages.unreachable} (${reason})` : feedMessages.unreachable, { cause: error });
}
