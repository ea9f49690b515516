// What the offline tests share: waiting for the service worker, real JPEG photos, complete form
// answers, and reading or writing the app's drafts in IndexedDB (the same shape as pwa/offline/db.ts).
import type { APIRequestContext, BrowserContext, Page, Request } from '@playwright/test';
import sharp from 'sharp';
import { newAdvanceFormDefaults, type AdvanceForm, type AdvanceFormValues, type PhotoField } from '../../domain';
import { expect } from '../fixtures';

/**
 * Until the worker controls the page and holds a copy of it (or of the app shell, for client screens).
 * A page whose load was under way when the first worker activated is left out by clients.claim() and
 * stays uncontrolled for good (its request went to the network before there was a worker): under load
 * the install (the precache, about 1 MB in 64 files) often ends during the next navigation. That page
 * is loaded again, as a person's next page would be, and is then served by the worker.
 */
export async function waitForOfflineReady(page: Page) {
  const workerState = () =>
    page
      .evaluate(async () => {
        if (navigator.serviceWorker.controller) return 'controls the page';
        const registration = await navigator.serviceWorker.getRegistration();
        if (registration?.active?.state === 'activated') return 'active, without this page';
        return `not active yet (${registration ? (registration.installing?.state ?? registration.waiting?.state ?? 'no worker') : 'not registered'})`;
      })
      // A navigation under way (the app's own redirect) destroys the context: asked again.
      .catch(() => 'page loading');
  // Measured with the suite on 2 loaded cores (load average 14): 5 s at most from the page's load to a
  // controller; the bound leaves room for more load than that.
  const ready = ['controls the page', 'active, without this page'];
  await expect.poll(workerState, { timeout: 20_000, message: 'the service worker never activated' }).toMatch(new RegExp(`^(${ready.join('|')})$`));
  if ((await workerState()) !== 'controls the page') await page.reload();
  await expect.poll(workerState, { message: 'the service worker does not control the page' }).toBe('controls the page');
  // Precache keys carry their revision ('/app-shell?__WB_REVISION__=...').
  const shellPrecached = () =>
    page.evaluate(async () => {
      for (const name of await caches.keys())
        for (const request of await (await caches.open(name)).keys()) if (new URL(request.url).pathname === '/app-shell') return true;
      return false;
    });
  await expect.poll(shellPrecached, { timeout: 20_000 }).toBe(true);
}

/**
 * Until every script and style this page loaded is in the worker's caches: the worker keeps a chunk on
 * first use, but writes it after handing it to the page, and a page loaded before the worker existed
 * hands its list over by message. Offline, a screen whose chunk is missing cannot open.
 */
export async function waitForChunksCached(page: Page) {
  const missing = () =>
    page.evaluate(async () => {
      const chunks = performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((url) => new URL(url).origin === location.origin && /^\/assets\/[^/]+\.(js|css)$/.test(new URL(url).pathname));
      const absent: string[] = [];
      for (const url of new Set(chunks)) if (!(await caches.match(url, { ignoreSearch: true }))) absent.push(new URL(url).pathname);
      return absent;
    });
  await expect.poll(missing, { message: 'chunks not cached by the worker' }).toEqual([]);
}

/**
 * The admin lists' offline copy as stored (`raw`: every record as JSON, sealed or not) and as the app
 * opens it (`opened`: each sealed record decrypted with its owner's key on this device, as
 * query-persist.ts does), with what a failed wait needs to tell a missing copy from a missing key.
 */
export function readSavedLists(page: Page): Promise<{ raw: string; opened: string; copies: number; keys: string[] }> {
  return page.evaluate(async () => {
    type Sealed = { iv: Uint8Array; data: ArrayBuffer };
    type Saved = { userId: string; keyId?: string; sealed?: Sealed };
    type KeyRecord = { owner: string; keyId: string | null; key: CryptoKey | null };
    // Never made here (see readDrafts).
    if (!(await indexedDB.databases()).some((database) => database.name === 'contraespionaje-offline')) return { raw: '', opened: '', copies: 0, keys: [] };
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('contraespionaje-offline');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const all = <T>(store: string) =>
      db.objectStoreNames.contains(store)
        ? new Promise<T[]>((resolve, reject) => {
            const request = db.transaction(store).objectStore(store).getAll();
            request.onsuccess = () => resolve(request.result as T[]);
            request.onerror = () => reject(request.error);
          })
        : Promise.resolve([] as T[]);
    const [saved, keys] = [await all<Saved>('queryCache'), await all<KeyRecord>('draftKeys')];
    db.close();
    const raw = JSON.stringify(saved.map((record) => ({ ...record, sealed: record.sealed ? new TextDecoder().decode(record.sealed.data) : null })));
    const opened: string[] = [];
    for (const record of saved) {
      const key = keys.find((k) => k.owner === record.userId && k.keyId === record.keyId)?.key;
      if (!record.sealed || !key) continue;
      const plain = await crypto.subtle
        .decrypt(
          {
            name: 'AES-GCM',
            iv: record.sealed.iv as Uint8Array<ArrayBuffer>,
            additionalData: new TextEncoder().encode(`staff-lists:${record.userId}:${record.keyId}`),
          },
          key,
          record.sealed.data,
        )
        .catch(() => null);
      if (plain) opened.push(new TextDecoder().decode(plain));
    }
    const described = keys.map((k) => `${k.owner}:${k.keyId ?? 'sin id'}:${k.key ? 'con llave' : 'sin llave'}`);
    return { raw, opened: opened.join('\n'), copies: saved.length, keys: described };
  });
}

/**
 * Until the admin lists' offline copy (saved in IndexedDB a second after the lists last changed) holds
 * this text once opened with the user's key: what the panel will show when it opens offline.
 */
export async function waitForSavedLists(page: Page, text: string) {
  // Sealed with the user's key, made by the server's answer after the sign-in: on a loaded machine, seconds.
  // The panel itself waits up to a minute for the key; the poll shows what was there when it gave up.
  const state = async () => {
    const { opened, copies, keys } = await readSavedLists(page);
    return `copies: ${copies}; keys: ${keys.join(', ') || 'none'}; opened: ${opened.slice(0, 300)}${opened.includes(text) ? ` [${text}]` : ''}`;
  };
  await expect.poll(state, { message: "the lists' offline copy", timeout: 60_000 }).toContain(`[${text}]`);
}

/**
 * The requests that create an advance form (from the pages and from the worker), and how many have no
 * answer yet. Once a form's draft is sent or gone nothing starts a new one, so when none is unanswered
 * the server's count is final: 'sent once' needs no waiting beyond that.
 */
export function watchFormSends(context: BrowserContext) {
  const unanswered = new Set<Request>();
  let started = 0;
  const isSend = (request: Request) => request.method() === 'POST' && /^\/api\/advance-forms(\/public)?$/.test(new URL(request.url()).pathname);
  context.on('request', (request) => {
    if (!isSend(request)) return;
    started++;
    unanswered.add(request);
  });
  context.on('requestfinished', (request) => unanswered.delete(request));
  context.on('requestfailed', (request) => unanswered.delete(request));
  return {
    started: () => started,
    /** Resolves once every send seen so far has its answer (or failed). */
    settled: () => expect.poll(() => unanswered.size, { message: 'form sends still without an answer' }).toBe(0),
  };
}

/** True when the worker's page cache holds this URL. */
export const pageIsCached = (page: Page, path: string) =>
  page.evaluate(async (url) => Boolean(await (await caches.open('pages')).match(new URL(url, location.origin).href, { ignoreVary: true })), path);

/** A small real JPEG (the server checks the bytes), in one colour so two photos differ. */
export async function jpeg(rgb: [number, number, number]): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } } })
    .jpeg()
    .toBuffer();
}

/** Every required answer, valid for the server; the safe-zone switch on so its photo counts. */
export function completeValues(hostName: string): AdvanceFormValues {
  return {
    ...newAdvanceFormDefaults(),
    hostName,
    hostPosition: 'Gerente general',
    eventDate: '2027-03-15',
    eventTime: '19:30',
    address: 'San José, Escazú, 200 m oeste del parque',
    eventNature: 'Cena privada',
    estimatedAttendees: 40,
    vipStayDuration: '3 horas',
    mainVehicleRoute: 'Autopista Próspero Fernández',
    internalTransitRoutes: 'Pasillo principal hacia el salón',
    emergencyExits: 'Dos salidas al costado norte',
    hasSafeZone: true,
    safeZoneDetails: 'Oficina interna con llave',
    emergencyContact: 'Laura Mora, 8888-0000',
  };
}

type SeedPhoto = { field: PhotoField; bytes: Buffer; objectPath?: string | null };
export type SeedDraft = {
  id: string;
  variant: 'public' | 'admin';
  ownerId: string | null;
  values: AdvanceFormValues;
  state: 'draft' | 'pending';
  photos: SeedPhoto[];
};

/** Writes a draft as the app would have (IndexedDB is the queue: nothing else marks it pending). */
export async function seedDraft(page: Page, draft: SeedDraft) {
  const photos = draft.photos.map((p) => ({ field: p.field, base64: p.bytes.toString('base64'), objectPath: p.objectPath ?? null }));
  await page.evaluate(
    async ({ draft, photos }) => {
      const db = await openOfflineDb();
      const stored = {
        id: draft.id,
        variant: draft.variant,
        ownerId: draft.ownerId,
        values: draft.values,
        state: draft.state,
        error: null,
        formId: null,
        updatedAt: new Date().toISOString(),
        photos: Object.fromEntries(
          photos.map((p) => [
            p.field,
            {
              blob: new Blob([Uint8Array.from(atob(p.base64), (c) => c.charCodeAt(0))], { type: 'image/jpeg' }),
              name: `${p.field}.jpg`,
              objectPath: p.objectPath,
            },
          ]),
        ),
      };
      await new Promise<void>((resolve, reject) => {
        const tx = db.transaction('drafts', 'readwrite');
        tx.objectStore('drafts').put(stored);
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
      db.close();

      // Whatever version the app is at (a draft in clear, as before drafts were sealed: the app seals it).
      function openOfflineDb(): Promise<IDBDatabase> {
        return new Promise((resolve, reject) => {
          const request = indexedDB.open('contraespionaje-offline');
          request.onupgradeneeded = () => {
            const drafts = request.result.createObjectStore('drafts', { keyPath: 'id' });
            drafts.createIndex('byUpdated', 'updatedAt');
            request.result.createObjectStore('queryCache', { keyPath: 'userId' });
          };
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
      }
    },
    { draft, photos },
  );
}

export type StoredDraft = {
  id: string;
  state: string;
  error: string | null;
  formId: string | null;
  values: AdvanceFormValues;
  photos: Record<string, { size: number; objectPath: string | null }>;
  /** Sealed with a data key (pwa/offline/drafts.ts); false for a draft in clear. */
  sealed: boolean;
  /** Opened with a key this device holds; a sealed draft whose key is gone has empty values and photos. */
  opened: boolean;
};

/**
 * The drafts in the page's IndexedDB, photos reduced to their size and link: sealed ones opened with
 * the data key the device holds for their owner (the same shape and additional data as
 * pwa/offline/drafts.ts), as the app itself would.
 */
export function readDrafts(page: Page): Promise<StoredDraft[]> {
  return page.evaluate(async () => {
    type Sealed = { iv: Uint8Array; data: ArrayBuffer };
    type Raw = Record<string, unknown> & {
      id: string;
      variant: string;
      ownerId: string | null;
      version?: number;
      keyId?: string;
      sealed?: Sealed;
      photos?: Record<string, { blob: Blob; objectPath: string | null }>;
    };
    type KeyRecord = { owner: string; keyId: string | null; key: CryptoKey | null };
    // Never made here: an empty database of version 1 would be taken by the app for an old one of its own.
    if (!(await indexedDB.databases()).some((database) => database.name === 'contraespionaje-offline')) return [];
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('contraespionaje-offline');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const all = <T>(store: string) =>
      db.objectStoreNames.contains(store)
        ? new Promise<T[]>((resolve, reject) => {
            const request = db.transaction(store).objectStore(store).getAll();
            request.onsuccess = () => resolve(request.result as T[]);
            request.onerror = () => reject(request.error);
          })
        : Promise.resolve([] as T[]);
    const [records, keys] = [await all<Raw>('drafts'), await all<KeyRecord>('draftKeys')];
    db.close();
    const out: StoredDraft[] = [];
    for (const record of records) {
      const { sealed, photos, keyId, version, photoData: _photoData, ...head } = record;
      if (!sealed) {
        const photoList = Object.entries(photos ?? {}).map(([f, p]) => [f, { size: p.blob.size, objectPath: p.objectPath }]);
        out.push({ ...(head as unknown as StoredDraft), photos: Object.fromEntries(photoList), sealed: false, opened: true });
        continue;
      }
      const owner = record.variant === 'admin' && record.ownerId ? record.ownerId : 'public';
      const key = keys.find((k) => k.owner === owner && k.keyId === keyId)?.key;
      let contents: { values: AdvanceFormValues; error: string | null; photos: Record<string, { size: number; objectPath: string | null }> } | null = null;
      if (key) {
        try {
          const plain = await crypto.subtle.decrypt(
            { name: 'AES-GCM', iv: sealed.iv as Uint8Array<ArrayBuffer>, additionalData: new TextEncoder().encode(`draft:${record.id}:${version}`) },
            key,
            sealed.data,
          );
          contents = JSON.parse(new TextDecoder().decode(plain));
        } catch {
          contents = null;
        }
      }
      out.push({
        ...(head as unknown as StoredDraft),
        values: contents?.values ?? ({} as AdvanceFormValues),
        error: contents?.error ?? null,
        photos: Object.fromEntries(Object.entries(contents?.photos ?? {}).map(([f, p]) => [f, { size: p.size, objectPath: p.objectPath }])),
        sealed: true,
        opened: contents !== null,
      });
    }
    return out;
  });
}

/**
 * Keeps the app's store of drafts busy, as a slow disk would: a read-write transaction of the test's own
 * that does not end, so the app's reads and writes of drafts wait. The answer lets it end.
 */
export async function holdDraftsStore(page: Page): Promise<() => Promise<void>> {
  await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('contraespionaje-offline');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const store = db.transaction('drafts', 'readwrite').objectStore('drafts');
    const held = window as unknown as { holdingDrafts: boolean };
    held.holdingDrafts = true;
    const spin = () => {
      if (held.holdingDrafts) store.count().onsuccess = spin;
      else db.close();
    };
    spin();
  });
  return () => page.evaluate(() => void ((window as unknown as { holdingDrafts: boolean }).holdingDrafts = false));
}

/** The forms the server holds for a host name (names are unique per test). */
export async function formsOf(api: APIRequestContext, hostName: string): Promise<AdvanceForm[]> {
  const response = await api.get('/api/advance-forms?limit=100');
  expect(response.status()).toBe(200);
  return ((await response.json()) as AdvanceForm[]).filter((form) => form.hostName === hostName);
}

/** The staff member's id (the owner of admin drafts). */
export async function staffId(context: BrowserContext): Promise<string> {
  const me = await context.request.get('/api/auth/me');
  expect(me.status()).toBe(200);
  return ((await me.json()) as { id: string }).id;
}
