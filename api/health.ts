// GET /healthz: the process answers (a restart is due when it does not). GET /readyz: this instance
// can serve, meaning the database answers, every migration is applied and the public pages were
// rendered once (api/web's warm-up, so the first visitor waits no longer than the next); while it
// starts or stops, it says no, so a load balancer sends no new requests its way. With BACKUP_DIR set,
// both also tell the age of the newest scheduled copy (`lastBackup`); an old copy never makes the
// instance unready.
import Router from '@koa/router';
import { pendingMigrations, type Sql } from '../events';
import type { BackupStatus } from './backup/scheduler';

export type Readiness = { stopping: boolean; warming?: boolean };

const readyTimeoutMs = 2_000;

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

export function healthRoutes(sql: Sql, migrations: string[], readiness: Readiness, backupStatus?: () => Promise<BackupStatus>) {
  const router = new Router();
  const noStore = (ctx: { set(field: string, value: string): void }) => ctx.set('Cache-Control', 'no-store');
  const backup = async () => (backupStatus ? { lastBackup: await backupStatus() } : {});

  router.get('/healthz', async (ctx) => {
    noStore(ctx);
    ctx.body = { status: 'ok', ...(await backup()) };
  });

  router.get('/readyz', async (ctx) => {
    noStore(ctx);
    if (readiness.stopping) {
      ctx.status = 503;
      ctx.body = { status: 'stopping', message: 'El servidor se está deteniendo', ...(await backup()) };
      return;
    }
    if (readiness.warming) {
      ctx.status = 503;
      ctx.body = { status: 'warming', message: 'El servidor se está preparando', ...(await backup()) };
      return;
    }
    let pending: string[];
    try {
      pending = await within(readyTimeoutMs, pendingMigrations(sql, migrations));
    } catch {
      ctx.status = 503;
      ctx.body = { status: 'unavailable', message: 'La base de datos no responde', ...(await backup()) };
      return;
    }
    if (pending.length > 0) {
      ctx.status = 503;
      ctx.body = { status: 'migrations-pending', message: 'Faltan migraciones por aplicar', pending, ...(await backup()) };
      return;
    }
    ctx.body = { status: 'ok', database: 'ok', migrations: migrations.length, ...(await backup()) };
  });

  return router;
}
