// The app's own IndexedDB (via idb): advance-form drafts and, apart, their photos (sealed, drafts.ts), the data
// keys that seal them (draft-keys.ts), and each staff member's last loaded admin lists (sealed with the
// same key, query-persist.ts). One database, opened once per tab.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { SealedBytes } from './draft-crypto';
import type { DraftKeyRecord, StoredDraft, StoredPhoto } from './draft-types';

/**
 * A staff member's lists: TanStack Query's dehydrated state, sealed with their data key (`keyId`).
 * Records saved by earlier versions carried the state in clear (`state`, no `sealed`): they are deleted.
 */
type PersistedQueries = { userId: string; savedAt: string; keyId?: string; sealed?: SealedBytes; state?: unknown };

interface OfflineSchema extends DBSchema {
  drafts: { key: string; value: StoredDraft; indexes: { byUpdated: string } };
  draftPhotos: { key: string; value: StoredPhoto; indexes: { byDraft: string } };
  queryCache: { key: string; value: PersistedQueries };
  draftKeys: { key: string; value: DraftKeyRecord };
}

export type OfflineDb = IDBPDatabase<OfflineSchema>;

const databaseName = 'contraespionaje-offline';
let opening: Promise<OfflineDb> | null = null;

export function offlineDb(): Promise<OfflineDb> {
  opening ??= openDB<OfflineSchema>(databaseName, 3, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) {
        const drafts = db.createObjectStore('drafts', { keyPath: 'id' });
        drafts.createIndex('byUpdated', 'updatedAt');
        db.createObjectStore('queryCache', { keyPath: 'userId' });
      }
      // Version 2: the data keys. Drafts written before stay readable in clear until sealed.
      if (oldVersion < 2) db.createObjectStore('draftKeys', { keyPath: 'owner' });
      // Version 3: each photo's sealed bytes in a record of its own, so that saving a draft's answers does
      // not write its photos again (Chromium copied every Blob of a record into new files on every put:
      // 60 keystrokes in a draft with four photos wrote 61 MB).
      if (oldVersion < 3) db.createObjectStore('draftPhotos', { keyPath: 'key' }).createIndex('byDraft', 'draftId');
    },
    // Another tab opened a newer version of this database (after an update): let it proceed.
    blocking() {
      void opening?.then((db) => db.close());
      opening = null;
    },
  });
  return opening;
}
