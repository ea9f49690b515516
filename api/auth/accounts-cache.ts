// Who a signed-in request belongs to, without three queries per request: each instance keeps the staff
// accounts it has read and the 'second factor required' setting in memory, and drops them all
// - the moment it commits an event the catalogue marks as touching users, passkeys or security
//   settings (so a change is in this instance's next request), and
// - when such an event of another instance reaches its per-instance processor (milliseconds later).
// The session itself is always read from the database: a session ended anywhere (sign-out, a disabled
// account, a reset password) stops working everywhere at once. 'Last seen' is written at most once a
// minute per session by each instance, and this instance remembers when it last wrote it.
import { LRUCache } from 'lru-cache';
import type { User } from '../../domain';
import type { EventStore, Processor } from '../../events';
import { clearOnChange } from '../clear-on-change';
import type { ReadModels } from '../../projections';

const maxAccounts = 1000;
const touchEveryMs = 60_000;

export type AccountsCache = {
  byId(id: string): Promise<User | null>;
  requireSecondFactor(): Promise<boolean>;
  /** Whether 'last seen' of this sign-in is due to be written (true at most once a minute per sign-in). */
  touchDue(signInId: string): boolean;
  processor: Processor;
};

export function accountsCache(store: EventStore, read: ReadModels): AccountsCache {
  const newAccounts = () => new LRUCache<string, Promise<User | null>>({ max: maxAccounts });
  let accounts = newAccounts();
  let setting: Promise<boolean> | null = null;
  const touched = new LRUCache<string, number>({ max: 10_000 });
  const clear = () => {
    accounts = newAccounts();
    setting = null;
  };
  /** A failed read is not kept: the next request asks again. */
  const kept = <T>(load: Promise<T>, forget: () => void) => {
    load.catch(forget);
    return load;
  };
  return {
    byId(id) {
      const known = accounts.get(id);
      if (known) return known;
      const map = accounts;
      const load = kept(read.users.byId(id), () => map.delete(id));
      accounts.set(id, load);
      return load;
    },
    requireSecondFactor() {
      if (setting) return setting;
      const load = kept(read.users.requireSecondFactor(), () => (setting = null));
      setting = load;
      return load;
    },
    touchDue(signInId) {
      const now = Date.now();
      if (now - (touched.get(signInId) ?? 0) < touchEveryMs) return false;
      touched.set(signInId, now);
      return true;
    },
    processor: clearOnChange(store, 'accounts-cache', ['users', 'user_passkeys', 'security_settings'], clear),
  };
}
