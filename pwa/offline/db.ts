// The app's own IndexedDB (via idb): advance-form drafts with their photos (sealed, drafts.ts), the data
// keys that seal them (draft-keys.ts), and each staff member's last loaded admin lists. One database,
// opened once per tab.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { DehydratedState } from '@tanstack/react-query';
import type { DraftKeyRecord, StoredDraft } from './draft-types';

type PersistedQueries = { userId: string; savedAt: string; state: DehydratedState };

interface OfflineSchema extends DBSchema {
  drafts: { key: string; value: StoredDraft; indexes: { byUpdated: string } };
  queryCache: { key: string; value: PersistedQueries };
  draftKeys: { key: string; value: DraftKeyRecord };
}

export type OfflineDb = IDBPDatabase<OfflineSchema>;

const databaseName = 'contraespionaje-offline';
let opening: Promise<OfflineDb> | null = null;

export function offlineDb(): Promise<OfflineDb> {
  opening ??= openDB<OfflineSchema>(databaseName, 2, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) {
        const drafts = db.createObjectStore('drafts', { keyPath: 'id' });
        drafts.createIndex('byUpdated', 'updatedAt');
        db.createObjectStore('queryCache', { keyPath: 'userId' });
      }
      // Version 2: the data keys. Drafts written before stay readable in clear until sealed.
      if (oldVersion < 2) db.createObjectStore('draftKeys', { keyPath: 'owner' });
    },
    // Another tab opened a newer version of this database (after an update): let it proceed.
    blocking() {
      void opening?.then((db) => db.close());
      opening = null;
    },
  });
  return opening;
}
