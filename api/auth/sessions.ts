// Sign-in sessions as their owner sees them: opened by a sign-in (its own event stream), listed with
// device, address and times, ended one by one, all but this one, or all of a user (by an admin).
import { randomUUID } from 'node:crypto';
import type { Context } from 'koa';
import type { SessionUser, StaffSession, User } from '../../domain';
import { signIn, type SessionEndReason, type SignInMethod } from '../../events';
import { runCommand, type AppServices } from '../context';
import { deviceLabel, recognizeDevice } from './devices';

/**
 * What ending a session writes. Its row stays, marked, because a request that read the session before
 * it ended saves it at its end, and that save must not bring it back (see the store in
 * middleware/session.ts). Kept at least an hour after the end, longer than any request runs, even when
 * the session was about to expire; the sweep deletes it after that.
 */
export const endSessionSet = `ended_at = now(), expires_at = greatest(expires_at, now() + interval '1 hour')`;

/** The session row's columns, from the session data written at sign-in. */
export function sessionDetails(
  data: { signInId?: string; userAgent?: string; address?: string } | null | undefined,
): [string | null, string | null, string | null] {
  return [data?.signInId ?? null, data?.userAgent ?? null, data?.address ?? null];
}

/** Records the sign-in (and a new device), then opens a new session (a new id: no fixation). */
export async function startSession(
  services: AppServices,
  ctx: Context,
  account: User,
  method: SignInMethod,
  passkey?: { id: string; counter: number },
): Promise<SessionUser> {
  const signInId = randomUUID();
  const userAgent = ctx.get('User-Agent').slice(0, 400);
  const place = { device: deviceLabel(userAgent), address: ctx.ip };
  const { isNew } = await recognizeDevice(services.db, ctx, account.id, services.config.production);
  const signedIn: SessionUser = { id: account.id, username: account.username, role: account.role };
  ctx.state.user = signedIn;
  await runCommand(
    services,
    ctx,
    signIn,
    signInId,
    {
      type: 'RecordSignIn',
      userId: account.id,
      username: account.username,
      method,
      place,
      passkey,
      at: new Date(),
      newDevice: isNew ? { noticeEmail: account.noticeEmail } : null,
    },
    { newStream: true },
  );
  await ctx.session!.regenerate();
  // signedInAt: the absolute lifetime counts from here, however often the session is renewed.
  Object.assign(ctx.session!, { userId: account.id, signInId, userAgent, address: place.address, signedInAt: Date.now() });
  const setupRequired = await setupRequiredFor(services, account);
  return setupRequired ? { ...signedIn, setupRequired } : signedIn;
}

/** A failed attempt, for the audit trail: its own one-event stream, so attempts never collide. */
export async function recordFailure(services: AppServices, ctx: Context, username: string, userId: string | null, reason: 'password' | 'code' | 'passkey') {
  const command = { type: 'RecordFailure', username: username.slice(0, 100), userId, reason, address: ctx.ip } as const;
  await runCommand(services, ctx, signIn, randomUUID(), command, { newStream: true });
}

/** What the user must do before anything else, if anything. */
export async function setupRequiredFor(services: AppServices, account: User): Promise<SessionUser['setupRequired']> {
  if (account.mustChangePassword) return 'password';
  if (!account.hasSecondFactor && (await services.accounts.requireSecondFactor())) return 'second-factor';
  return null;
}

type Which = { userId: string; only?: string; except?: string };

/** Ends sessions (at once: their cookies stop working, for good) and records each end in its sign-in's stream. */
export async function endSessions(services: AppServices, ctx: Context, which: Which, reason: SessionEndReason): Promise<number> {
  const params: unknown[] = [which.userId];
  let filter = '';
  if (which.only) {
    params.push(which.only);
    filter += ` AND sign_in_id = $${params.length}`;
  }
  if (which.except) {
    params.push(which.except);
    filter += ` AND sign_in_id IS DISTINCT FROM $${params.length}`;
  }
  const ended = await services.db.query<{ sign_in_id: string | null }>(
    `UPDATE sessions SET ${endSessionSet} WHERE user_id = $1 AND ended_at IS NULL${filter} RETURNING sign_in_id`,
    params,
  );
  for (const { sign_in_id: signInId } of ended) {
    if (signInId) await runCommand(services, ctx, signIn, signInId, { type: 'End', reason });
  }
  return ended.length;
}

export async function listSessions(services: AppServices, userId: string, currentSignInId: string | undefined): Promise<StaffSession[]> {
  type SessionRow = { sign_in_id: string; user_agent: string | null; address: string | null; created_at: string | Date; last_seen_at: string | Date };
  const rows = await services.db.query<SessionRow>(
    `SELECT sign_in_id, user_agent, address, created_at, last_seen_at FROM sessions
     WHERE user_id = $1 AND expires_at > now() AND ended_at IS NULL AND sign_in_id IS NOT NULL ORDER BY last_seen_at DESC`,
    [userId],
  );
  return rows.map((row) => ({
    id: row.sign_in_id,
    device: deviceLabel(row.user_agent ?? ''),
    address: row.address ?? '',
    createdAt: new Date(row.created_at).toISOString(),
    lastSeenAt: new Date(row.last_seen_at).toISOString(),
    current: row.sign_in_id === currentSignInId,
  }));
}

/** 'Last seen' moves at most once a minute per session: one small write, not one per request. */
export async function touchSession(services: AppServices, signInId: string) {
  if (!services.accounts.touchDue(signInId)) return;
  await services.db.query(
    `UPDATE sessions SET last_seen_at = now() WHERE sign_in_id = $1 AND ended_at IS NULL AND last_seen_at < now() - interval '1 minute'`,
    [signInId],
  );
}
