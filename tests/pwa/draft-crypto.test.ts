// Drafts at rest: AES-GCM with Node's Web Crypto (seal, open, refuse what was changed, moved or opened
// with another key), and the draft store in fake-indexeddb writing only ciphertext: a visitor's draft
// under the device's key, a staff member's under a key wrapped for their sign-in, gone at sign-out and
// back at the next sign-in, deleted with the drafts when the session was ended from elsewhere, and a
// draft written in clear before all this sealed the first time it is opened.
import 'fake-indexeddb/auto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { newAdvanceFormDefaults, type DraftKeyAnswer } from '../../domain';
import { draftKeySecret } from '../../api/auth/draft-keys';
import {
  draftAad,
  importWrappingKey,
  newDataKey,
  openBytes,
  openJson,
  sealBytes,
  sealJson,
  unwrapDataKey,
  wrapAad,
  wrapDataKey,
} from '../../pwa/offline/draft-crypto';
import { offlineDb } from '../../pwa/offline/db';
import { allKeyRecords, keyRecord, keyLifetimeMs, publicOwner, usableKey } from '../../pwa/offline/draft-keys';
import { forgetDraftKeyAtSignOut, refreshDraftKeys } from '../../pwa/offline/draft-key-sync';
import { DraftLockedError, deleteDraft, getDraft, listDraftHeads, listDrafts, putDraft, unsentDrafts, type Draft } from '../../pwa/offline/drafts';
import type { SealedDraft, StoredDraft } from '../../pwa/offline/draft-types';

const venue = 'Hotel Real Intercontinental, salón Los Robles';
const route = 'Ruta 27 hasta la salida de Escazú';
const photoBytes = new Uint8Array(4_000).map((_, i) => (i * 37) % 251);

function draftOf(variant: 'public' | 'admin', ownerId: string | null, state: Draft['state'] = 'pending'): Draft {
  return {
    id: crypto.randomUUID(),
    variant,
    ownerId,
    values: { ...newAdvanceFormDefaults(), hostName: venue, address: venue, mainVehicleRoute: route },
    photos: { emergencyExitsPhoto: { blob: new Blob([photoBytes], { type: 'image/jpeg' }), name: 'salidas-los-robles.jpg', objectPath: null, key: 'p-1' } },
    state,
    error: null,
    updatedAt: new Date().toISOString(),
    formId: null,
  };
}

async function stored(id: string): Promise<StoredDraft | undefined> {
  return (await offlineDb()).get('drafts', id);
}

/** The sealed photos kept for a draft, apart from its record. */
async function storedPhotos(draftId: string) {
  return (await offlineDb()).getAllFromIndex('draftPhotos', 'byDraft', draftId);
}

/** Every byte the record holds: its strings, its sealed data, its photos' sealed bytes (kept apart). */
async function bytesOf(record: StoredDraft): Promise<Uint8Array[]> {
  const out: Uint8Array[] = [new TextEncoder().encode(JSON.stringify(record))];
  if ('sealed' in record) {
    out.push(new Uint8Array(record.sealed.data));
    for (const photo of await storedPhotos(record.id)) out.push(new Uint8Array(await photo.data.arrayBuffer()));
  }
  return out;
}

function contains(haystack: Uint8Array, needle: Uint8Array): boolean {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

async function assertCiphertextOnly(record: StoredDraft | undefined) {
  assert.ok(record && 'sealed' in record, 'sealed');
  const clear = [venue, route, 'salidas-los-robles'].map((text) => new TextEncoder().encode(text));
  for (const bytes of await bytesOf(record!)) {
    for (const text of clear) assert.not.ok(contains(bytes, text), 'no answer in clear');
    assert.not.ok(contains(bytes, photoBytes.subarray(100, 164)), 'no photo bytes in clear');
  }
}

// The server, as far as the device sees it: GET /api/auth/draft-key with a secret per sign-in.
const serverSecret = 'secreto-de-prueba-del-servidor';
const server = {
  signedIn: null as { userId: string; signInId: string } | null,
  endedRemotely: new Set<string>(),
  owners: new Map<string, string>(),
  calls: 0,
};
const signIn = (userId: string) => {
  const signInId = crypto.randomUUID();
  server.owners.set(signInId, userId);
  server.signedIn = { userId, signInId };
  return signInId;
};
globalThis.fetch = async (input: RequestInfo | URL) => {
  const url = new URL(String(input), 'http://app.test');
  assert.is(url.pathname, '/api/auth/draft-key');
  server.calls++;
  const current = server.signedIn;
  const answer: DraftKeyAnswer = { endedRemotely: [], current: null, previous: {} };
  if (current) answer.current = { ...current, secret: draftKeySecret(serverSecret, current.userId, current.signInId) };
  for (const id of url.searchParams.getAll('signIn')) {
    if (server.endedRemotely.has(id)) answer.endedRemotely.push(id);
    else if (current && server.owners.get(id) === current.userId && id !== current.signInId)
      answer.previous[id] = draftKeySecret(serverSecret, current.userId, id);
  }
  return Response.json(answer);
};

test('sealed and opened again: bytes and JSON, with a fresh IV each time', async () => {
  const key = await newDataKey(false);
  const a = await sealJson(key, { venue }, draftAad('d-1', 1));
  const b = await sealJson(key, { venue }, draftAad('d-1', 1));
  assert.not.equal(a.iv, b.iv, 'a random IV per sealed value');
  assert.is(a.iv.length, 12, '96 bits');
  assert.equal(await openJson(key, a, draftAad('d-1', 1)), { venue });
  const bytes = await sealBytes(key, photoBytes, 'foto');
  assert.equal(new Uint8Array(await openBytes(key, bytes, 'foto')), photoBytes);
  assert.is(bytes.data.byteLength, photoBytes.length + 16, 'the GCM tag');
});

test('a changed byte, IV, id or version, or another key: refused', async () => {
  const key = await newDataKey(false);
  const sealed = await sealJson(key, { venue }, draftAad('d-1', 3));
  const flipped = new Uint8Array(sealed.data.slice(0));
  flipped[5] ^= 1;
  const iv = sealed.iv.slice();
  iv[0] ^= 1;
  const refused = async (attempt: Promise<unknown>, what: string) => {
    try {
      await attempt;
      assert.unreachable(what);
    } catch (error) {
      assert.is((error as Error).name, 'OperationError', what);
    }
  };
  await refused(openJson(key, { iv: sealed.iv, data: flipped.buffer }, draftAad('d-1', 3)), 'changed ciphertext');
  await refused(openJson(key, { iv, data: sealed.data }, draftAad('d-1', 3)), 'changed IV');
  await refused(openJson(key, sealed, draftAad('d-2', 3)), 'another draft id');
  await refused(openJson(key, sealed, draftAad('d-1', 2)), 'another version');
  await refused(openJson(await newDataKey(false), sealed, draftAad('d-1', 3)), 'another key');
});

test('a data key wrapped for one sign-in opens only with that sign-in secret, and what is kept cannot be exported', async () => {
  const wrapping = await importWrappingKey(draftKeySecret(serverSecret, 'u-1', 's-1'));
  const other = await importWrappingKey(draftKeySecret(serverSecret, 'u-1', 's-2'));
  const dataKey = await newDataKey(true);
  const wrapped = await wrapDataKey(dataKey, wrapping, wrapAad('u-1', 'k', 's-1'));
  const kept = await unwrapDataKey(wrapped, wrapping, wrapAad('u-1', 'k', 's-1'), false);
  assert.is(kept.extractable, false);
  try {
    await crypto.subtle.exportKey('raw', kept);
    assert.unreachable('exported');
  } catch (error) {
    // Node names it InvalidAccessException, browsers InvalidAccessError.
    assert.match((error as Error).name, /^InvalidAccess/);
  }
  const sealed = await sealJson(dataKey, { venue }, 'x');
  assert.equal(await openJson(kept, sealed, 'x'), { venue }, 'the same key');
  for (const [key, aad] of [
    [other, wrapAad('u-1', 'k', 's-1')],
    [wrapping, wrapAad('u-2', 'k', 's-1')],
  ] as const) {
    try {
      await unwrapDataKey(wrapped, key, aad, false);
      assert.unreachable('unwrapped');
    } catch (error) {
      assert.is((error as Error).name, 'OperationError');
    }
  }
});

test("a visitor's draft is stored as ciphertext only, under the device's key, and opens whole", async () => {
  const draft = draftOf('public', null);
  await putDraft(draft);
  const record = await stored(draft.id);
  await assertCiphertextOnly(record);
  assert.is((record as SealedDraft).keyId, (await keyRecord(publicOwner))!.keyId);
  assert.is((await keyRecord(publicOwner))!.key!.extractable, false);
  const opened = (await getDraft(draft.id))!;
  assert.equal(opened.values, draft.values);
  assert.equal(new Uint8Array(await opened.photos.emergencyExitsPhoto!.blob.arrayBuffer()), photoBytes);
  assert.is(opened.photos.emergencyExitsPhoto!.name, 'salidas-los-robles.jpg');
  const [summary] = (await listDrafts({ variant: 'public' })).filter((d) => d.id === draft.id);
  assert.equal(summary.photos.emergencyExitsPhoto, { name: 'salidas-los-robles.jpg', objectPath: null, key: 'p-1', size: 4_000, type: 'image/jpeg' });
  // Every write is sealed again, with the next version.
  await putDraft({ ...opened, state: 'draft' });
  assert.is(((await stored(draft.id)) as SealedDraft).version, 2);
  await assertCiphertextOnly(await stored(draft.id));
});

test('saving a draft again writes its photos once: the record names them, their bytes stay where they were, a replaced or dropped photo leaves with it', async () => {
  const draft = draftOf('public', null, 'draft');
  await putDraft(draft);
  const [kept] = await storedPhotos(draft.id);
  assert.ok(kept, 'the photo has a record of its own');
  assert.is(((await stored(draft.id)) as SealedDraft).photoData.emergencyExitsPhoto!.data, undefined, 'the draft record holds no photo bytes');
  // Forty saves of the answers, as autosave makes them while the observations are typed.
  for (let i = 1; i <= 40; i++) {
    const opened = (await getDraft(draft.id))!;
    await putDraft({ ...opened, values: { ...opened.values, additionalObservations: 'x'.repeat(i) } });
  }
  const after = await storedPhotos(draft.id);
  assert.is(after.length, 1);
  assert.is(after[0].key, kept.key, 'the same sealed bytes, never written again');
  const opened = (await getDraft(draft.id))!;
  assert.is(opened.values.additionalObservations, 'x'.repeat(40));
  assert.equal(new Uint8Array(await opened.photos.emergencyExitsPhoto!.blob.arrayBuffer()), photoBytes);
  // Another photo in its place: the old bytes go in the same write.
  const other = new Uint8Array(3_000).fill(7);
  await putDraft({
    ...opened,
    photos: { emergencyExitsPhoto: { blob: new Blob([other], { type: 'image/jpeg' }), name: 'otra.jpg', objectPath: null, key: 'p-2' } },
  });
  const replaced = await storedPhotos(draft.id);
  assert.is(replaced.length, 1);
  assert.is.not(replaced[0].key, kept.key);
  assert.equal(new Uint8Array(await (await getDraft(draft.id))!.photos.emergencyExitsPhoto!.blob.arrayBuffer()), other);
  await putDraft({ ...(await getDraft(draft.id))!, photos: {} });
  assert.is((await storedPhotos(draft.id)).length, 0);
  await putDraft(draftOf('public', null, 'draft'));
});

test('a draft deleted takes its photos with it; a record from before photos were kept apart still opens', async () => {
  const draft = draftOf('public', null, 'draft');
  await putDraft(draft);
  await deleteDraft(draft.id);
  assert.is((await storedPhotos(draft.id)).length, 0);
  // As an earlier version wrote it: the photo's sealed bytes inline in the record.
  const older = draftOf('public', null, 'draft');
  await putDraft(older);
  const record = (await stored(older.id)) as SealedDraft;
  const [photo] = await storedPhotos(older.id);
  const db = await offlineDb();
  await db.put('drafts', { ...record, photoData: { emergencyExitsPhoto: { iv: record.photoData.emergencyExitsPhoto!.iv, data: photo.data } } });
  await db.delete('draftPhotos', photo.key);
  const opened = (await getDraft(older.id))!;
  assert.equal(new Uint8Array(await opened.photos.emergencyExitsPhoto!.blob.arrayBuffer()), photoBytes);
  // Its next save moves the bytes to their own record.
  await putDraft({ ...opened, values: { ...opened.values, additionalObservations: 'movida' } });
  assert.is(((await stored(older.id)) as SealedDraft).photoData.emergencyExitsPhoto!.data, undefined);
  assert.is((await storedPhotos(older.id)).length, 1);
  assert.equal(new Uint8Array(await (await getDraft(older.id))!.photos.emergencyExitsPhoto!.blob.arrayBuffer()), photoBytes);
});

test("a record's sealed data copied into another draft, or a photo swapped, is refused", async () => {
  const first = draftOf('public', null);
  const second = draftOf('public', null);
  await putDraft(first);
  await putDraft(second);
  const a = (await stored(first.id)) as SealedDraft;
  const b = (await stored(second.id)) as SealedDraft;
  const db = await offlineDb();
  await db.put('drafts', { ...b, sealed: a.sealed });
  assert.is(await getDraft(second.id), undefined, 'answers from another draft');
  await db.put('drafts', { ...b, photoData: a.photoData });
  assert.is(await getDraft(second.id), undefined, 'a photo from another draft');
  await db.put('drafts', { ...b, version: b.version + 1 });
  assert.is(await getDraft(second.id), undefined, 'another version');
  assert.ok(await getDraft(first.id), 'the original still opens');
});

test("a staff member's key: made at sign-in, wrapped for it, gone at sign-out (the draft is unreadable), back at the next sign-in", async () => {
  const userId = 'u-staff-1';
  const first = signIn(userId);
  assert.is(await refreshDraftKeys({ always: true }), 'done');
  const record = (await keyRecord(userId))!;
  assert.is(record.wrapped?.signInId, first);
  assert.is(record.key?.extractable, false);
  assert.ok(record.usableUntil! > Date.now() + keyLifetimeMs - 60_000);

  const draft = draftOf('admin', userId);
  await putDraft(draft);
  await assertCiphertextOnly(await stored(draft.id));
  assert.is((await getDraft(draft.id))?.values.hostName, venue);

  // 'Cerrar Sesión' while the form is unsent.
  server.signedIn = null;
  await forgetDraftKeyAtSignOut(userId);
  assert.is((await keyRecord(userId))!.key, null, 'the key is gone');
  assert.is(await getDraft(draft.id), undefined, 'unreadable');
  assert.not.ok((await listDrafts()).some((d) => d.id === draft.id));
  assert.ok(
    (await unsentDrafts({ ownerId: userId })).some((d) => d.id === draft.id),
    'still counted as unsent',
  );
  // No key left on the device opens it: the visitor's key, or a new one.
  const sealed = (await stored(draft.id)) as SealedDraft;
  for (const kept of await allKeyRecords()) {
    if (!kept.key) continue;
    try {
      await openJson(kept.key, sealed.sealed, draftAad(sealed.id, sealed.version));
      assert.unreachable('opened');
    } catch (error) {
      assert.is((error as Error).name, 'OperationError');
    }
  }
  try {
    await putDraft({ ...draft, state: 'draft' });
    assert.unreachable('written without its key');
  } catch (error) {
    assert.instance(error, DraftLockedError);
  }

  // Another person signs in on the tablet: nothing of the first user's opens.
  signIn('u-staff-2');
  await refreshDraftKeys({ always: true });
  assert.is(await getDraft(draft.id), undefined);

  // The author signs in again: the key comes back, wrapped for the new sign-in.
  const second = signIn(userId);
  await refreshDraftKeys({ always: true });
  assert.is((await keyRecord(userId))!.wrapped?.signInId, second);
  assert.is((await getDraft(draft.id))?.values.mainVehicleRoute, route);
  assert.is((await keyRecord('u-staff-2'))!.key, null, "the other person's key left when this one signed in");
});

test('a session ended from elsewhere: at the next contact the key, its wrapped copy and the drafts it sealed leave the device', async () => {
  const userId = 'u-staff-3';
  const signInId = signIn(userId);
  await refreshDraftKeys({ always: true });
  const draft = draftOf('admin', userId);
  await putDraft(draft);
  // 'Cerrar las demás sesiones' on the phone; the tablet reaches the server signed out.
  server.endedRemotely.add(signInId);
  server.signedIn = null;
  await refreshDraftKeys();
  const record = (await keyRecord(userId))!;
  assert.equal([record.key, record.wrapped, record.keyId], [null, null, null]);
  assert.not.ok(
    (await listDraftHeads()).some((d) => d.id === draft.id),
    'its drafts are deleted',
  );
  try {
    await putDraft(draftOf('admin', userId, 'draft'));
    assert.unreachable('written in clear');
  } catch (error) {
    assert.instance(error, DraftLockedError);
  }
  // Signing in again starts with a new key.
  signIn(userId);
  await refreshDraftKeys({ always: true });
  assert.ok((await keyRecord(userId))!.key);
});

test('a staff key past its time offline is dropped; the next word from the server brings it back', async () => {
  const userId = 'u-staff-4';
  signIn(userId);
  await refreshDraftKeys({ always: true });
  const until = (await keyRecord(userId))!.usableUntil!;
  assert.ok(await usableKey(userId, until - 1));
  assert.is(await usableKey(userId, until), null);
  assert.is((await keyRecord(userId))!.key, null);
  await refreshDraftKeys();
  assert.ok(await usableKey(userId), 'the same sign-in unwraps it again');
});

test('a draft written in clear before drafts were sealed: readable, and sealed the first time its key is at hand', async () => {
  const userId = 'u-staff-5';
  const old = draftOf('admin', userId);
  await (await offlineDb()).put('drafts', old);
  // No key yet on this device (it signed in before this version): still readable, still written.
  assert.is((await getDraft(old.id))?.values.hostName, venue);
  signIn(userId);
  await refreshDraftKeys({ always: true });
  await assertCiphertextOnly(await stored(old.id));
  const opened = (await getDraft(old.id))!;
  assert.equal(opened.values, old.values);
  assert.equal(new Uint8Array(await opened.photos.emergencyExitsPhoto!.blob.arrayBuffer()), photoBytes);

  // A visitor's old draft is sealed when it is first opened.
  const visitor = draftOf('public', null);
  await (await offlineDb()).put('drafts', visitor);
  assert.is((await getDraft(visitor.id))?.values.address, venue);
  for (let i = 0; i < 50 && !('sealed' in (await stored(visitor.id))!); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  await assertCiphertextOnly(await stored(visitor.id));
});

test('a device holding a staff key asks at every contact, even with nobody signed in (an end from elsewhere must reach it)', async () => {
  const before = server.calls;
  server.signedIn = null;
  const staffKeys = (await allKeyRecords()).filter((record) => record.owner !== publicOwner);
  assert.ok(staffKeys.length > 0);
  await refreshDraftKeys();
  assert.is(server.calls, before + 1, 'a device with staff keys asks');
});

test.run();
