// The wrapping secrets of the devices' draft keys (docs/offline.md, 'Drafts encrypted at rest'). A
// staff member's drafts on a tablet are sealed with a data key kept there, wrapped with a secret only
// the server can give: an HMAC of the server's secret, the user and one sign-in, so each sign-in has
// its own and nothing is stored. A device asks for its own sign-in's secret, and for those of the same
// user's earlier sign-ins it still holds a key for, unless that sign-in was ended from elsewhere.
import { createHmac } from 'node:crypto';
import type { DraftKeyAnswer } from '../../domain';
import type { EventStore } from '../../events';

/** 32 bytes, base64url: the device imports it as an AES-256 key for wrapping. */
export function draftKeySecret(serverSecret: string, userId: string, signInId: string): string {
  return createHmac('sha256', serverSecret).update(`advance-form-drafts\0${userId}\0${signInId}`).digest('base64url');
}

/** Who signed in with this sign-in, and whether it was ended by anything but its own 'Cerrar Sesión'. */
async function signInFate(store: Pick<EventStore, 'readStream'>, signInId: string): Promise<{ userId: string | null; endedRemotely: boolean }> {
  let userId: string | null = null;
  let endedRemotely = false;
  for (const event of await store.readStream(signInId)) {
    if (event.type === 'UserSignedIn') userId = String(event.data.userId);
    if (event.type === 'UserSessionEnded' && event.data.reason !== 'logout') endedRemotely = true;
  }
  return { userId, endedRemotely };
}

export async function draftKeyAnswer(
  store: Pick<EventStore, 'readStream'>,
  serverSecret: string,
  session: { userId: string; signInId: string } | null,
  named: string[],
): Promise<DraftKeyAnswer> {
  const answer: DraftKeyAnswer = { endedRemotely: [], current: null, previous: {} };
  if (session) answer.current = { ...session, secret: draftKeySecret(serverSecret, session.userId, session.signInId) };
  for (const signInId of named) {
    const fate = await signInFate(store, signInId);
    if (fate.endedRemotely) answer.endedRemotely.push(signInId);
    else if (session && fate.userId === session.userId && signInId !== session.signInId) {
      answer.previous[signInId] = draftKeySecret(serverSecret, session.userId, signInId);
    }
  }
  return answer;
}
