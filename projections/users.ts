// The one rule over every user: the site always keeps at least one active admin.
import { Conflict } from '../domain';
import type { Sql } from '../events';

/**
 * Run in the append's transaction after the projectors, for a change that may demote or disable an
 * admin. Two admins demoting or disabling each other at once queue on one lock, and each counts what
 * the other committed, so neither leaves the site without one.
 */
export async function anActiveAdminRemains(tx: Sql): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(727275)');
  const [{ n }] = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE role = 'admin' AND NOT disabled`);
  if (Number(n) < 1) throw new Conflict('No se puede deshabilitar ni cambiar el rol del último administrador activo');
}
