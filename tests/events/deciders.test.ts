import { test } from 'uvu';
import { Conflict, NotFound } from '../../domain';
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
    .when({ type: 'Submit', form: {} as any, submittedBy: null, requestHash: 'h1', at: new Date() })
    .then([]));

test('a reused idempotency key with another body is a conflict', () =>
  given(advanceForm, submitted('h1'))
    .when({ type: 'Submit', form: {} as any, submittedBy: null, requestHash: 'h2', at: new Date() })
    .thenThrows(Conflict));

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
