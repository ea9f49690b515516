// Configuration from the environment, read once. Every name is documented in the README.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { defaultRetryPolicy, type RetryPolicy } from '../events';

export type Config = {
  port: number;
  production: boolean;
  dataDir: string;
  databaseUrl: string | null;
  sessionSecret: string;
  adminUsername: string;
  adminPassword: string | null;
  siteName: string;
  contactPhone: string;
  contactEmail: string;
  publicUrl: string;
  storageDriver: 'local' | 'gcs';
  gcsBucket: string | null;
  smtpUrl: string | null;
  notifyEmail: string | null;
  /** Sender of the notices (MAIL_FROM); default: the site's name at noreply@ the public host. */
  mailFrom: string;
  /** How the notices are retried: first delay, longest delay, and for how long before giving up. */
  notifyRetry: RetryPolicy;
  /** Longest wait for the mail server at each step (connect, greeting, each reply). */
  smtpTimeoutMs: number;
  feedAllowPrivateHosts: boolean;
  publicWriteLimit: number;
  schedulerEnabled: boolean;
  /** Behind one reverse proxy: HTTPS and the client address from its X-Forwarded-* headers. */
  trustProxy: boolean;
  /** PostgreSQL: a connection that takes longer fails (503) instead of holding the request. */
  dbConnectTimeoutMs: number;
  /** PostgreSQL: the longest one statement of a request may run. */
  dbStatementTimeoutMs: number;
  /** PostgreSQL: the longest a query waits for any answer before the request answers 503 (0: no limit). */
  dbQueryDeadlineMs: number;
  /** A session ends this long after sign-in, however active it is. */
  sessionAbsoluteMs: number;
  /** Failed sign-ins per client address in 15 minutes, whatever the usernames. */
  loginFailuresPerAddress: number;
  /** Open connections the HTTP server accepts at once; more are refused. */
  maxConnections: number;
  /**
   * One client address's share: its open connections (without a proxy) and its requests in progress;
   * beyond it a 429. 0: no share, only the global cap.
   */
  maxConnectionsPerAddress: number;
  /** How long a client may take to send its headers, and its whole request. */
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  /** The server's own scheduled backup (BACKUP_DIR): null when not configured. */
  backup: { dir: string; everyMs: number; keep: number } | null;
};

const numberFrom = (value: string | undefined, fallback: number) => {
  const parsed = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(parsed) && parsed >= 0 ? parsed : fallback;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const production = env.NODE_ENV === 'production';
  const port = Number(env.PORT ?? 3000);
  if (production && !env.SESSION_SECRET) {
    throw new Error('SESSION_SECRET es obligatorio cuando NODE_ENV=production');
  }
  // Production cookies are HTTPS-only and Node serves plain HTTP: HTTPS can only come from a proxy.
  if (production && env.TRUST_PROXY !== '1') {
    throw new Error('NODE_ENV=production necesita TRUST_PROXY=1: la aplicación debe estar detrás de un proxy que sirva HTTPS');
  }
  const storageDriver = env.STORAGE_DRIVER === 'gcs' ? 'gcs' : 'local';
  if (storageDriver === 'gcs' && !env.GCS_BUCKET) throw new Error('STORAGE_DRIVER=gcs necesita GCS_BUCKET');
  const backupHours = env.BACKUP_EVERY_HOURS === undefined || env.BACKUP_EVERY_HOURS === '' ? 24 : Number(env.BACKUP_EVERY_HOURS);
  const backupKeep = env.BACKUP_KEEP === undefined || env.BACKUP_KEEP === '' ? 7 : Number(env.BACKUP_KEEP);
  if (env.BACKUP_DIR && !(backupHours > 0)) throw new Error('BACKUP_EVERY_HOURS debe ser un número de horas mayor que cero');
  if (env.BACKUP_DIR && !(Number.isInteger(backupKeep) && backupKeep >= 1)) throw new Error('BACKUP_KEEP debe ser un número entero de copias, 1 o más');
  return {
    port,
    production,
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || null,
    sessionSecret: env.SESSION_SECRET ?? randomBytes(32).toString('hex'),
    adminUsername: env.ADMIN_USERNAME || 'admin',
    adminPassword: env.ADMIN_PASSWORD || null,
    siteName: env.SITE_NAME || 'Contraespionaje CR',
    contactPhone: (env.CONTACT_PHONE || '+50688888888').replace(/[^\d+]/g, ''),
    contactEmail: env.CONTACT_EMAIL || 'info@contraespionaje.cr',
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    storageDriver,
    gcsBucket: env.GCS_BUCKET || null,
    smtpUrl: env.SMTP_URL || null,
    notifyEmail: env.NOTIFY_EMAIL || null,
    mailFrom: env.MAIL_FROM || `"${(env.SITE_NAME || 'Contraespionaje CR').replace(/"/g, '')}" <noreply@${hostOf(env.PUBLIC_URL) ?? 'localhost'}>`,
    notifyRetry: defaultRetryPolicy,
    smtpTimeoutMs: 20_000,
    feedAllowPrivateHosts: ['1', 'true', 'yes'].includes((env.FEED_ALLOW_PRIVATE_HOSTS ?? '').toLowerCase()),
    publicWriteLimit: env.PUBLIC_WRITE_LIMIT === undefined ? 10 : Number(env.PUBLIC_WRITE_LIMIT),
    schedulerEnabled: env.FEED_SCHEDULER !== 'off',
    trustProxy: env.TRUST_PROXY === '1',
    dbConnectTimeoutMs: numberFrom(env.DB_CONNECT_TIMEOUT_MS, 2_000),
    dbStatementTimeoutMs: numberFrom(env.DB_STATEMENT_TIMEOUT_MS, 15_000),
    dbQueryDeadlineMs: numberFrom(env.DB_QUERY_DEADLINE_MS, 5_000),
    sessionAbsoluteMs: numberFrom(env.SESSION_ABSOLUTE_HOURS, 24) * 60 * 60 * 1000,
    loginFailuresPerAddress: numberFrom(env.LOGIN_FAILURES_PER_ADDRESS, 30),
    maxConnections: numberFrom(env.MAX_CONNECTIONS, 1_000),
    maxConnectionsPerAddress: numberFrom(env.MAX_CONNECTIONS_PER_ADDRESS, 100),
    headersTimeoutMs: numberFrom(env.HEADERS_TIMEOUT_MS, 10_000),
    requestTimeoutMs: numberFrom(env.REQUEST_TIMEOUT_MS, 60_000),
    backup: env.BACKUP_DIR ? { dir: path.resolve(env.BACKUP_DIR), everyMs: Math.round(backupHours * 60 * 60 * 1000), keep: backupKeep } : null,
    ...overrides,
  };
}

function hostOf(url: string | undefined): string | null {
  try {
    return url ? new URL(url).hostname : null;
  } catch {
    return null;
  }
}

/** The public face of the business, safe to send to the browser. */
export type SiteInfo = { siteName: string; contactPhone: string; contactEmail: string; publicUrl: string };
export const siteInfo = (config: Config): SiteInfo => ({
  siteName: config.siteName,
  contactPhone: config.contactPhone,
  contactEmail: config.contactEmail,
  publicUrl: config.publicUrl,
});
