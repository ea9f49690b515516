// The event catalogue's traits are decisions (what erases, what creates, what the visitors' cache
// watches): these tests say them out loud, so changing one is a visible change.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { allEventTypes, catalogue, erasesStream, eventTypes, touches, type EventType } from '../../events';
import { changesOf } from '../../projections';

test('only the deletion of a contact message or an advance form erases its stream', () => {
  assert.equal(allEventTypes.filter(erasesStream).sort(), ['AdvanceFormErased', 'ContactMessageErased']);
  // A name is not a trait: an event called '...Erased' that is not declared erases nothing.
  assert.is(erasesStream('SomethingErased'), false);
});

test('each aggregate has exactly one event that creates its record; the settings streams have none', () => {
  const settings = ['securitySettings', 'summarySettings'];
  for (const [aggregate, types] of Object.entries(eventTypes)) {
    assert.is(types.filter((type) => catalogue[type].creates).length, settings.includes(aggregate) ? 0 : 1, aggregate);
  }
});

test('a note on a contact message lives in its stream, so erasing the message erases its notes', () => {
  assert.is(catalogue.ContactNoteAdded.aggregate, 'contactMessage');
  assert.ok(touches('ContactNoteAdded', 'contact_messages'));
  assert.ok(erasesStream('ContactMessageErased'));
});

test("the visitors' cached pages clear on every news article and service event, and on nothing else", () => {
  const clearing = allEventTypes.filter((type) => touches(type, 'publicPages'));
  assert.equal(clearing.sort(), [...eventTypes.newsArticle, ...eventTypes.service].sort());
  assert.is(touches('NewsArticleSomething', 'publicPages'), false);
});

test("the history shows a creation's fields as new, without secrets, and nothing of an erased payload", () => {
  assert.equal(changesOf({ type: 'UserRegistered', data: { username: 'ana', role: 'admin', passwordHash: 'x', createdAt: '2026-01-01T00:00:00Z' } }), {
    username: { from: null, to: 'ana' },
    role: { from: null, to: 'admin' },
    createdAt: { from: null, to: '2026-01-01T00:00:00Z' },
  });
  assert.equal(changesOf({ type: 'ContactMessageReceived', data: { redacted: true } }), {});
  // A type read from an older log that this code no longer declares.
  const unknownType: string = 'NotInTheCatalogue';
  assert.equal(changesOf({ type: unknownType as EventType, data: { a: 1 } }), {});
});

test.run();
