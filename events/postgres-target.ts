// Where a PostgreSQL URL leads: its host over TCP, or the server's Unix socket when the URL names the
// socket's directory.
/**
 * postgres.js's URL and options for a server URL. The server's Unix socket is named as libpq names it,
 * by its directory in the `host` parameter (`postgres://app@localhost/sitio?host=/var/run/postgresql`):
 * postgres.js takes a host from the URL's authority only, and would send the parameter to the server as
 * a setting. On the server's own machine a socket costs each round trip less than TCP (the API bench's
 * article writes, docs/search-and-page-cache.md).
 */
export function postgresTarget(url: string): { url: string; path?: string } {
  // Not through `new URL()`: it refuses postgres.js's several hosts with ports (`h1:5432,h2:5432`).
  const queryAt = url.indexOf('?');
  if (queryAt === -1) return { url };
  const params = new URLSearchParams(url.slice(queryAt + 1));
  const directory = params.get('host');
  if (!directory?.startsWith('/')) return { url };
  params.delete('host');
  const base = url.slice(0, queryAt);
  const authority = base.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').split('/')[0];
  // The port names the socket's file: the URL's, else PGPORT's, else 5432 (as postgres.js takes it).
  const port = /:(\d+)$/.exec(authority.slice(authority.lastIndexOf('@') + 1))?.[1] ?? process.env.PGPORT ?? '5432';
  const rest = params.toString();
  return { url: rest ? `${base}?${rest}` : base, path: `${directory.replace(/\/+$/, '')}/.s.PGSQL.${port}` };
}
