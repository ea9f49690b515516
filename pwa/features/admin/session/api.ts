// Who is signed in, signing in (password, code, passkey) and out. One query key for the whole app (the
// user as GET /api/auth/me describes it), so the login, the dashboard and the advance-form screens all
// read the same answer; it is asked of GET /api/auth/session, which answers a visitor with `{ user: null }`
// rather than /me's 401, so the sign-in page leaves no failed request in a visitor's console.
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { LoginInput, SessionUser } from '../../../../domain';
import { apiJson, throwIfNotOk } from '../../../lib/api';
import { sessionCheckTimeoutMs, timeLimit } from '../../../lib/time-limit';

export const sessionKey = ['/api/auth/me'] as const;

const sessionUrl = '/api/auth/session';

async function fetchSession({ signal }: { signal: AbortSignal }): Promise<SessionUser | null> {
  const response = await fetch(sessionUrl, {
    credentials: 'include',
    headers: { Accept: 'application/json' },
    signal: timeLimit(sessionCheckTimeoutMs, signal),
  });
  await throwIfNotOk(response);
  return ((await response.json()) as { user: SessionUser | null }).user;
}

export type Session = {
  /** The signed-in user; null when nobody is (or while loading). */
  user: SessionUser | null;
  isAdmin: boolean;
  /** True until the first answer of /api/auth/me. */
  isLoading: boolean;
  /** The check itself failed (no network, server down): not the same as "signed out". */
  error: Error | null;
  refetch: () => void;
};

export function useSession(): Session {
  const query = useQuery<SessionUser | null>({
    queryKey: sessionKey,
    // Nobody signed in is an answer (null), not an error.
    queryFn: fetchSession,
    // Offline, fail at once (and show "cannot check") instead of waiting paused forever; with no
    // answer in time (fetchSession's limit), the same.
    networkMode: 'always',
  });
  const user = query.data ?? null;
  return {
    user,
    isAdmin: user?.role === 'admin',
    isLoading: query.isPending,
    error: query.error,
    refetch: () => void query.refetch(),
  };
}

function signedIn(queryClient: QueryClient, user: SessionUser) {
  // Another user's cached lists must never show up for this one.
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionKey[0] });
  queryClient.setQueryData(sessionKey, user);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => apiJson<SessionUser>('POST', '/api/auth/login', input),
    onSuccess: (user) => signedIn(queryClient, user),
  });
}

/** Sign-in with a passkey: the server's challenge, the browser's authenticator, the server's check. */
export function usePasskeyLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { startAuthentication } = await import('@simplewebauthn/browser');
      const optionsJSON = await apiJson<Parameters<typeof startAuthentication>[0]['optionsJSON']>('POST', '/api/auth/passkey/options');
      const response = await startAuthentication({ optionsJSON });
      return apiJson<SessionUser>('POST', '/api/auth/passkey', { response });
    },
    onSuccess: (user) => signedIn(queryClient, user),
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const user = queryClient.getQueryData<SessionUser | null>(sessionKey);
      await apiJson<null>('POST', '/api/auth/logout');
      // The key that opens this user's drafts leaves the device (its wrapped copy waits for their next sign-in).
      if (user) await forgetDraftKey(user.id);
      return null;
    },
    onSuccess: () => {
      // What belongs to a user (cached lists) is cleared on logout (docs/rules.md, 'Lists and paging').
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionKey[0] });
      queryClient.setQueryData(sessionKey, null);
    },
  });
}

async function forgetDraftKey(userId: string): Promise<void> {
  try {
    await (await import('../../../offline/draft-key-sync')).forgetDraftKeyAtSignOut(userId);
  } catch (error) {
    console.error('[sesión] no se borró la llave de los borradores', error);
  }
}
