// The event catalogue is the one home of everything keyed by event type. Adding a type means declaring it
// in domain/event-catalogue.ts, then giving it to its decider (its aggregate's event union: the compiler
// insists) and its projector; every consumer listed below then knows it without a change.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { aggregates, allEventTypes, eventCatalogue, eventLabel, eventVerb } from '../../domain';
import { projectRoot } from '../../events/project-root';

const root = projectRoot;
const home = 'domain/event-catalogue.ts';

function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const relative = path.join(dir, name);
    if (statSync(path.join(root, relative)).isDirectory()) return name === 'node_modules' ? [] : sources(relative);
    return /\.(ts|tsx)$/.test(name) ? [relative] : [];
  });
}
const code = ['api', 'domain', 'events', 'projections', 'pwa', 'scripts'].flatMap(sources);

test('every event type has its aggregate, Spanish and English names and its verb', () => {
  assert.ok(allEventTypes.length >= 40);
  for (const type of allEventTypes) {
    const facts = eventCatalogue[type];
    assert.ok((aggregates as readonly string[]).includes(facts.aggregate), type);
    assert.ok(facts.label.es && facts.label.en && facts.verb, `${type} lacks a name or a verb`);
    assert.is.not(facts.label.es, facts.label.en, `${type}: the English name is a copy of the Spanish one`);
    assert.is(eventLabel(type), facts.label.es);
    assert.is(eventLabel(type, 'en'), facts.label.en);
    assert.is(eventVerb(type), facts.verb);
  }
  // A type the log holds but this code does not know is shown as it is, never as a crash.
  assert.is(eventLabel('TipoDesconocido'), 'TipoDesconocido');
});

test('every aggregate has at least one event type, and every type one of the aggregates', () => {
  for (const aggregate of aggregates)
    assert.ok(
      allEventTypes.some((type) => eventCatalogue[type].aggregate === aggregate),
      aggregate,
    );
});

test('no second table keyed by event type: names, traits and verbs live in the catalogue only', () => {
  const typeKey = new RegExp(`^\\s*(${allEventTypes.join('|')}):\\s*['"{]`, 'm');
  const elsewhere = code.filter((file) => file !== home && typeKey.test(readFileSync(path.join(root, file), 'utf8')));
  assert.equal(elsewhere, []);
});

test('the consumers of the catalogue, each reading it rather than keeping its own list', () => {
  const reads =
    /\b(eventCatalogue|allEventTypes|eventTypes|catalogue|factsOf|eventLabel|eventVerb|aggregateOf|touches|erasesStream|createsRecord|isEventType)\b/;
  const consumers = code
    .filter((file) => file !== home && /from '[^']*(domain|events|catalogue)[^']*'/.test(readFileSync(path.join(root, file), 'utf8')))
    .filter((file) => reads.test(readFileSync(path.join(root, file), 'utf8').replace(/^\s*(\/\/|\*).*$/gm, '')))
    .sort();
  console.log(`catalogue consumers (${consumers.length}):\n  ${consumers.join('\n  ')}`);
  // The server's side (payloads tied to the facts), the store and decider, the log's readers and
  // writers, the projections and caches that follow it, and the panel's history and activity.
  for (const expected of [
    'events/catalogue.ts',
    'events/decider.ts',
    'events/subscriptions.ts',
    'projections/history.ts',
    'projections/news-search.ts',
    'api/clear-on-change.ts',
    'api/notifications/processor.ts',
    'api/routes/history.ts',
    'pwa/features/admin/activity/ActivityTab.tsx',
    'pwa/features/admin/history/HistoryAction.tsx',
  ]) {
    assert.ok(consumers.includes(expected), `${expected} no longer reads the catalogue`);
  }
});

test.run();
