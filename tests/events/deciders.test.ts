import { test } from 'uvu';
import { Conflict, NotFound, type AdvanceFormData } from '../../domain';
import { advanceForm, contactMessage, newsArticle, service, user } from '../../events';
import { given } from '../helpers/given';

const received = {
  type: 'ContactMessageReceived' as const,
  data: { name: 'Ana', email: 'ana@example.com', phone: null, message: 'Hola', createdAt: '2026-01-01T00:00:00Z' },
};
const changed = (from: any, to: any) => ({ type: 'ContactStatusChanged' as const, data: { from, to } });

test('an unread message can be marked as read', () =>
  given(contactMessage, received)
    .when({ type: 'ChangeStatus', to: 'read' })
    .then([changed('unread', 'read')]));

test('a read message can be resolved', () =>
  given(contactMessage, received, changed('unread', 'read'))
    .when({ type: 'ChangeStatus', to: 'resolved' })
    .then([changed('read', 'resolved')]));

test('an unread message can be resolved directly', () =>
  given(contactMessage, received)
    .when({ type: 'ChangeStatus', to: 'resolved' })
    .then([changed('unread', 'resolved')]));

test('a resolved message cannot go back to unread', () =>
  given(contactMessage, received, changed('unread', 'resolved'))
    .when({ type: 'ChangeStatus', to: 'unread' })
    .thenThrows(Conflict, /resuelto no puede pasar a sin leer/));

test('a resolved message cannot go back to read', () =>
  given(contactMessage, received, changed('unread', 'resolved')).when({ type: 'ChangeStatus', to: 'read' }).thenThrows(Conflict));

test('a read message cannot go back to unread', () =>
  given(contactMessage, received, changed('unread', 'read')).when({ type: 'ChangeStatus', to: 'unread' }).thenThrows(Conflict));

test('an erased message no longer exists', () =>
  given(contactMessage, received, { type: 'ContactMessageErased', data: {} } as any)
    .when({ type: 'ChangeStatus', to: 'read' })
    .thenThrows(NotFound));

const receive = (requestHash?: string, message = 'Hola') => ({
  type: 'Receive' as const,
  name: 'Ana',
  email: 'ana@example.com',
  phone: null,
  message,
  at: new Date('2026-01-01T00:00:00Z'),
  requestHash,
});
const receivedWith = (requestHash: string) => ({ ...received, data: { ...received.data, requestHash } });

test('a message sent again with the same Idempotency-Key and body changes nothing', () =>
  given(contactMessage, receivedWith('h1')).when(receive('h1')).then([]));

test('a reused contact Idempotency-Key with another body is a conflict', () =>
  given(contactMessage, receivedWith('h1'))
    .when(receive('h2', 'Otro'))
    .thenThrows(Conflict, /ya se usó con otro mensaje/));

test('an erased message cannot be received again under its key', () =>
  given(contactMessage, receivedWith('h1'), { type: 'ContactMessageErased', data: {} } as any)
    .when(receive('h1'))
    .thenThrows(Conflict, /eliminado/));

test('staff may add an internal note to a message, in any status', () =>
  given(contactMessage, received, changed('unread', 'resolved'))
    .when({ type: 'AddNote', text: 'Cliente satisfecho' })
    .then([{ type: 'ContactNoteAdded', data: { text: 'Cliente satisfecho' } }]));

test('a note on an erased message is refused', () =>
  given(contactMessage, received, { type: 'ContactMessageErased', data: {} } as any)
    .when({ type: 'AddNote', text: 'x' })
    .thenThrows(NotFound));

test('a note does not change the status', () =>
  given(contactMessage, received, { type: 'ContactNoteAdded', data: { text: 'x' } })
    .when({ type: 'ChangeStatus', to: 'read' })
    .then([changed('unread', 'read')]));

const submitted = (requestHash: string) => ({
  type: 'AdvanceFormSubmitted' as const,
  data: { form: {} as any, submittedBy: null, requestHash, createdAt: '2026-01-01T00:00:00Z' },
});

test('a retried submission with the same body changes nothing', () =>
  given(advanceForm, submitted('h1'))
    .when({ type: 'Submit', form: {} as any, submittedBy: null, requestHash: 'h1', at: new Date(), deviceTime: null })
    .then([]));

// Corrections: a later save of the same draft, sent with the same key, is a new version of the record.
const surveyor = '11111111-1111-4111-8111-111111111111';
const version = (hostName: string, savedAt: string | null) => ({ hostName, completedOnSiteAt: savedAt }) as unknown as AdvanceFormData;
const firstSend = (form: AdvanceFormData, { by = surveyor as string | null, at = '2026-03-01T12:00:00.000Z', deviceTime = null as string | null } = {}) => ({
  type: 'AdvanceFormSubmitted' as const,
  data: { form, submittedBy: by, requestHash: `hash of ${form.hostName}`, createdAt: at, deviceTime },
});
const send = (form: AdvanceFormData, { by = surveyor as string | null, at = '2026-03-01T12:05:00.000Z', deviceTime = null as string | null } = {}) => ({
  type: 'Submit' as const,
  form,
  submittedBy: by,
  requestHash: `hash of ${form.hostName}`,
  at: new Date(at),
  deviceTime,
});

test('a later save of the same draft is recorded as a correction, with what it changed', () => {
  const first = version('Ana', '2026-03-01T11:59:00.000Z');
  const later = version('Ana María', '2026-03-01T12:04:00.000Z');
  given(advanceForm, firstSend(first))
    .when(send(later, { deviceTime: '2026-03-01T12:05:00.000Z' }))
    .then([
      {
        type: 'AdvanceFormCorrected',
        data: {
          form: later,
          changes: { hostName: { from: 'Ana', to: 'Ana María' }, completedOnSiteAt: { from: '2026-03-01T11:59:00.000Z', to: '2026-03-01T12:04:00.000Z' } },
          requestHash: 'hash of Ana María',
          correctedAt: '2026-03-01T12:05:00.000Z',
          deviceTime: '2026-03-01T12:05:00.000Z',
        },
      },
    ]);
});

test('an older save arriving after a newer one records nothing: the newer text stays', () =>
  given(advanceForm, firstSend(version('Corregido', '2026-03-01T12:04:00.000Z')))
    .when(send(version('Original', '2026-03-01T11:59:00.000Z')))
    .then([]));

test('after a correction, a repeat of either version records nothing', () => {
  const first = version('Ana', '2026-03-01T11:59:00.000Z');
  const later = version('Ana María', '2026-03-01T12:04:00.000Z');
  const corrected = {
    type: 'AdvanceFormCorrected' as const,
    data: { form: later, changes: {}, requestHash: 'hash of Ana María', correctedAt: '2026-03-01T12:05:00.000Z', deviceTime: null },
  };
  given(advanceForm, firstSend(first), corrected).when(send(later)).then([]);
  given(advanceForm, firstSend(first), corrected).when(send(first)).then([]);
});

test('saves with the same time, or none, are ordered by arrival: a device only sends its latest save', () => {
  given(advanceForm, firstSend(version('Ana', '2026-03-01T11:59:00.000Z')))
    .when(send(version('Ana María', '2026-03-01T11:59:00.000Z')))
    .then([{ type: 'AdvanceFormCorrected' }]);
  given(advanceForm, firstSend(version('Ana', null)))
    .when(send(version('Ana María', null)))
    .then([{ type: 'AdvanceFormCorrected' }]);
});

test('another staff member cannot correct a form, nor staff a public one, nor a visitor a staff one', () => {
  const later = version('Ana María', '2026-03-01T12:04:00.000Z');
  given(advanceForm, firstSend(version('Ana', '2026-03-01T11:59:00.000Z')))
    .when(send(later, { by: '22222222-2222-4222-8222-222222222222' }))
    .thenThrows(Conflict, /^Solo quien envió este formulario puede corregirlo$/);
  given(advanceForm, firstSend(version('Ana', '2026-03-01T11:59:00.000Z'), { by: null }))
    .when(send(later))
    .thenThrows(Conflict, /Solo quien envió/);
  given(advanceForm, firstSend(version('Ana', '2026-03-01T11:59:00.000Z')))
    .when(send(later, { by: null }))
    .thenThrows(Conflict, /Solo quien envió/);
});

test("a visitor's later save of a public form is their own draft's correction", () =>
  given(advanceForm, firstSend(version('Ana', '2026-03-01T11:59:00.000Z'), { by: null }))
    .when(send(version('Ana María', '2026-03-01T12:04:00.000Z'), { by: null }))
    .then([{ type: 'AdvanceFormCorrected' }]));

test('a device clock put right between the two sends: the saves are compared in the server time', () =>
  // Sent with the clock a day fast; corrected after the clock was put right, so its own time reads earlier.
  given(advanceForm, firstSend(version('Ana', '2026-03-02T11:59:00.000Z'), { deviceTime: '2026-03-02T12:00:00.000Z' }))
    .when(send(version('Ana María', '2026-03-01T12:04:00.000Z'), { deviceTime: '2026-03-01T12:05:00.000Z' }))
    .then([{ type: 'AdvanceFormCorrected' }]));

test('a save time past its own send (the clock set back in between) counts as the time of that send', () =>
  // Saved with the clock a day fast, sent after it was put right: the first version was saved by 12:00 at the latest.
  given(advanceForm, firstSend(version('Ana', '2026-03-02T11:59:00.000Z'), { deviceTime: '2026-03-01T12:00:00.000Z' }))
    .when(send(version('Ana María', '2026-03-01T12:04:00.000Z'), { deviceTime: '2026-03-01T12:05:00.000Z' }))
    .then([{ type: 'AdvanceFormCorrected' }]));

test('a clock a day fast that stayed so orders the saves by its own time, whatever order they arrive in', () =>
  given(advanceForm, firstSend(version('Corregido', '2026-03-02T12:04:00.000Z'), { deviceTime: '2026-03-02T12:05:00.000Z', at: '2026-03-01T12:05:00.000Z' }))
    .when(send(version('Original', '2026-03-02T11:59:00.000Z'), { deviceTime: '2026-03-02T12:00:00.000Z', at: '2026-03-01T12:06:00.000Z' }))
    .then([]));

test('a body that differs from the one shown in nothing a person reads records nothing', () =>
  given(advanceForm, firstSend(version('Ana', null)))
    .when({ ...send({ hostName: 'Ana' } as unknown as AdvanceFormData), requestHash: 'another hash' })
    .then([]));

test('an erased form is not brought back by a send with its key', () =>
  given(advanceForm, firstSend(version('Ana', null)), { type: 'AdvanceFormErased', data: {} })
    .when(send(version('Ana María', null)))
    .thenThrows(Conflict, /eliminado/));

test('an erased form cannot be erased again', () =>
  given(advanceForm, submitted('h1'), { type: 'AdvanceFormErased', data: {} } as any)
    .when({ type: 'Erase' })
    .thenThrows(NotFound));

const serviceCreated = { type: 'ServiceCreated' as const, data: { title: 'A', description: 'B', icon: 'Shield', category: 'C', features: [], order: '1' } };

test('a service update stores only the fields that changed, with before and after', () =>
  given(service, serviceCreated)
    .when({ type: 'Update', patch: { title: 'A', order: '2' } })
    .then([{ type: 'ServiceUpdated', data: { changes: { order: { from: '1', to: '2' } } } }]));

test('an update that changes nothing records nothing', () =>
  given(service, serviceCreated)
    .when({ type: 'Update', patch: { title: 'A' } })
    .then([]));

test('a deleted service cannot be updated', () =>
  given(service, serviceCreated, { type: 'ServiceDeleted' as const, data: {} })
    .when({ type: 'Update', patch: { title: 'X' } })
    .thenThrows(NotFound));

const pendingArticle = {
  type: 'NewsArticleCreated' as const,
  data: {
    title: 'T',
    slug: 't',
    excerpt: 'e',
    content: 'c',
    image: null,
    category: 'Noticias' as const,
    author: 'a',
    publishedAt: '2026-01-01T00:00:00Z',
    reviewRequired: true,
    isImported: true,
    sourceId: 's',
    sourceUrl: null,
    guidHash: 'g',
  },
};

test('approving a pending article publishes it', () =>
  given(newsArticle, pendingArticle)
    .when({ type: 'Update', patch: { reviewRequired: false } })
    .then([{ type: 'NewsArticlePublished' }]));

test('deleting an imported article remembers its guid', () =>
  given(newsArticle, pendingArticle)
    .when({ type: 'Delete' })
    .then([{ type: 'NewsArticleDeleted', data: { slug: 't', sourceId: 's', guidHash: 'g' } }]));

const registered = {
  type: 'UserRegistered' as const,
  data: { username: 'admin', role: 'admin' as const, passwordHash: 'x', createdAt: '2026-01-01T00:00:00Z' },
};

// Whether another active admin remains is a rule over every user, checked in the append's transaction
// (tests/api/users.test.ts); the decider records the change.
test('an admin can be disabled', () =>
  given(user, registered)
    .when({ type: 'Change', disabled: true })
    .then([{ type: 'UserDisabled' }]));

test('a disabled user can be enabled again', () =>
  given(user, registered, { type: 'UserDisabled' as const, data: {} })
    .when({ type: 'Change', disabled: false })
    .then([{ type: 'UserEnabled' }]));

test.run();
