// The 'Resumen' figures from given events: Costa Rican weeks from Monday, leads by source and edition,
// time to first answer against the target, forms late from the field (on the device's own clock), feed
// runs; erased records left out. The same figures whether the projector follows the events as they come
// or a rebuild replays the log (where erasure has redacted the earlier payloads).
import { randomUUID } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { projectInOrder, readEventsAfter, type EventMetadata, type EventType, type StoredEvent } from '../../events';
import { allProjectors, rebuildProjections, summaryProjector } from '../../projections';
import { formatWeekLabel, summarySentences, summaryTables, weekStartOf } from '../../domain';
import { dueWeekAt } from '../../api/weekly-summary';
import { startTestApp, type TestApp } from '../helpers/app';
import { advanceForm } from '../helpers/forms';

let app: TestApp;
test.before(async () => {
  app = await startTestApp();
});
test.after(() => app.close());

const hour = 3_600_000;
const api: EventMetadata = { actor: null, origin: 'api', requestId: 'r' };
const staff: EventMetadata = { actor: { id: randomUUID(), username: 'ana', role: 'colaborador' }, origin: 'offline-sync', requestId: 'r' };
const offline: EventMetadata = { ...api, origin: 'offline-sync' };

type Given = { streamId: string; type: EventType; data: Record<string, unknown>; at: string; metadata?: EventMetadata };

const m = { one: randomUUID(), two: randomUUID(), three: randomUUID(), old: randomUUID(), erased: randomUUID() };
const f = { pub: randomUUID(), late: randomUUID(), wrongClock: randomUUID(), oldLate: randomUUID(), erased: randomUUID() };
const s = { one: randomUUID(), two: randomUUID() };

const message = (streamId: string, at: string, language: 'es' | 'en'): Given => ({
  streamId,
  type: 'ContactMessageReceived',
  at,
  data: { name: 'N', email: 'n@example.com', phone: null, message: 'hola', createdAt: at, language },
});
const status = (streamId: string, at: string, from: string, to: string): Given => ({ streamId, type: 'ContactStatusChanged', at, data: { from, to } });
const form = (streamId: string, at: string, options: { submittedBy?: string | null; completedOnSiteAt?: string; deviceTime?: string; language?: string }) => ({
  streamId,
  type: 'AdvanceFormSubmitted',
  at,
  data: {
    form: { ...advanceForm({ language: options.language ?? 'es' }), completedOnSiteAt: options.completedOnSiteAt ?? null },
    submittedBy: options.submittedBy ?? null,
    requestHash: 'h',
    createdAt: at,
    deviceTime: options.deviceTime ?? null,
  },
});
const run = (streamId: string, at: string, counts: Record<string, unknown>): Given => ({
  streamId,
  type: 'FeedSourceImported',
  at,
  data: { at, fetched: 0, created: 0, skipped: 0, failed: 0, error: null, ...counts },
});
const source = (streamId: string, name: string): Given => ({
  streamId,
  type: 'FeedSourceCreated',
  at: '2025-05-01T12:00:00.000Z',
  data: {
    name,
    url: `https://example.com/${name}`,
    format: 'rss',
    enabled: true,
    defaultCategory: 'Noticias',
    autoPublish: false,
    scheduleIntervalHours: 6,
    includeKeywords: [],
    excludeKeywords: [],
    createdAt: '2025-05-01T12:00:00.000Z',
  },
});

// The last week shown starts on Monday 3 November 2025; the 12 weeks from 18 August, the 12 before from 26 May.
const lastWeek = '2025-11-03';
const events: (Given & { metadata: EventMetadata })[] = (
  [
    source(s.one, 'Fuente Uno'),
    source(s.two, 'Fuente Dos'),
    { streamId: randomUUID(), type: 'SummarySettingsChanged', at: '2025-06-01T12:00:00.000Z', data: { responseTargetHours: { from: 24, to: 4 } } },
    // Monday 9:00 in Costa Rica: read after 2 h, then resolved (the first answer stays the read).
    message(m.one, '2025-11-03T15:00:00.000Z', 'es'),
    status(m.one, '2025-11-03T17:00:00.000Z', 'unread', 'read'),
    status(m.one, '2025-11-03T20:00:00.000Z', 'read', 'resolved'),
    // Monday 20:00 in Costa Rica (Tuesday in UTC): resolved directly after 30 h.
    message(m.two, '2025-11-04T02:00:00.000Z', 'en'),
    status(m.two, '2025-11-05T08:00:00.000Z', 'unread', 'resolved'),
    // Sunday 23:00 in Costa Rica (Monday in UTC): the week before; never answered.
    message(m.three, '2025-11-03T05:00:00.000Z', 'es'),
    message(m.old, '2025-08-01T15:00:00.000Z', 'es'),
    status(m.old, '2025-08-01T16:00:00.000Z', 'unread', 'read'),
    message(m.erased, '2025-11-03T16:00:00.000Z', 'en'),
    status(m.erased, '2025-11-03T16:30:00.000Z', 'unread', 'read'),
    { streamId: m.erased, type: 'ContactMessageErased', at: '2025-11-06T16:00:00.000Z', data: {} },
    { ...form(f.pub, '2025-11-05T15:00:00.000Z', { language: 'en' }), metadata: api },
    // Saved 3 h before the server got it, with no device time told: late.
    { ...form(f.late, '2025-11-05T15:00:00.000Z', { submittedBy: staff.actor!.id, completedOnSiteAt: '2025-11-05T12:00:00.000Z' }), metadata: staff },
    // A device clock 5 h behind: saved 30 min before it was sent, by its own clock, so not late.
    {
      ...form(f.wrongClock, '2025-11-05T15:30:00.000Z', {
        submittedBy: staff.actor!.id,
        completedOnSiteAt: '2025-11-05T10:00:00.000Z',
        deviceTime: '2025-11-05T10:30:00.000Z',
      }),
      metadata: staff,
    },
    { ...form(f.oldLate, '2025-07-10T15:00:00.000Z', { completedOnSiteAt: '2025-07-10T13:00:00.000Z' }), metadata: offline },
    { ...form(f.erased, '2025-11-05T16:00:00.000Z', { submittedBy: staff.actor!.id }), metadata: staff },
    { streamId: f.erased, type: 'AdvanceFormErased', at: '2025-11-06T16:00:00.000Z', data: {} },
    run(s.one, '2025-11-04T15:00:00.000Z', { fetched: 10, created: 3, skipped: 7, filtered: 4 }),
    run(s.one, '2025-11-05T15:00:00.000Z', { error: 'No se pudo leer la fuente' }),
    // A run recorded before refusals by filter were counted.
    run(s.two, '2025-10-20T15:00:00.000Z', { fetched: 5, created: 5 }),
    run(s.two, '2025-10-21T15:00:00.000Z', { error: 'La fuente no respondió a tiempo' }),
    { streamId: s.two, type: 'FeedSourceDeleted', at: '2025-10-22T15:00:00.000Z', data: {} },
  ] as Given[]
).map((e) => ({ metadata: api, ...e }));

/** What the log holds: an erased stream's earlier payloads redacted, as the store does on erasure. */
function asLogged(list: typeof events) {
  const erased = new Set(list.filter((e) => e.type.endsWith('Erased')).map((e) => e.streamId));
  return list.map((e) => (erased.has(e.streamId) && !e.type.endsWith('Erased') ? { ...e, data: { redacted: true } } : e));
}

async function writeLog(list: typeof events) {
  const versions = new Map<string, number>();
  for (const e of list) {
    const version = (versions.get(e.streamId) ?? 0) + 1;
    versions.set(e.streamId, version);
    await app.services.db.query('INSERT INTO events (stream_id, stream_version, type, data, metadata, recorded_at) VALUES ($1, $2, $3, $4, $5, $6)', [
      e.streamId,
      version,
      e.type,
      JSON.stringify(e.data),
      JSON.stringify(e.metadata),
      e.at,
    ]);
  }
}

const figures = () => app.services.read.summary.figures(lastWeek);
const week = (weeks: { week: string }[], day: string) => weeks.find((w) => w.week === day)!;

test('weeks are Costa Rican and start on Monday; the summary is due on Monday from 7:00 for the week before', () => {
  assert.is(weekStartOf('2025-11-03T05:59:00.000Z'), '2025-10-27');
  assert.is(weekStartOf('2025-11-03T06:00:00.000Z'), '2025-11-03');
  assert.is(formatWeekLabel('2025-11-03'), 'semana del 3 de nov.');
  assert.is(dueWeekAt(new Date('2025-11-03T12:59:00.000Z')), null);
  assert.is(dueWeekAt(new Date('2025-11-03T13:00:00.000Z')), '2025-10-27');
  assert.is(dueWeekAt(new Date('2025-11-04T05:59:00.000Z')), '2025-10-27');
  assert.is(dueWeekAt(new Date('2025-11-04T06:00:00.000Z')), null);
});

test('the figures of given events, live and after a rebuild', async () => {
  // Live: the projector follows each event as it was appended (with its whole payload).
  const live = events.map((e, i): StoredEvent => ({
    type: e.type,
    data: e.data,
    metadata: e.metadata,
    streamId: e.streamId,
    streamVersion: 1,
    position: 10_000 + i,
    recordedAt: new Date(e.at),
  }));
  await app.services.db.transaction((tx) => projectInOrder(tx, [summaryProjector], live));
  const fromLive = await figures();

  const { leads, responseTimes, advanceForms, feeds } = fromLive;
  assert.is(leads.weeks.length, 12);
  assert.is(leads.weeks[0].week, '2025-08-18');
  assert.is(leads.previousWeeks[0].week, '2025-05-26');
  assert.equal(week(leads.weeks, '2025-11-03'), { week: '2025-11-03', total: 3, contact: 2, publicForm: 1, es: 1, en: 2 });
  assert.equal(week(leads.weeks, '2025-10-27'), { week: '2025-10-27', total: 1, contact: 1, publicForm: 0, es: 1, en: 0 });
  assert.equal(leads.totals, {
    current: { total: 4, contact: 3, publicForm: 1, es: 2, en: 2 },
    previous: { total: 2, contact: 1, publicForm: 1, es: 2, en: 0 },
  });

  assert.is(responseTimes.targetHours, 4);
  assert.equal(week(responseTimes.weeks, '2025-11-03'), {
    week: '2025-11-03',
    received: 2,
    answered: 2,
    unanswered: 0,
    medianMs: 16 * hour,
    p90Ms: 27.2 * hour,
    withinTarget: 1,
  });
  assert.equal(week(responseTimes.weeks, '2025-10-27'), {
    week: '2025-10-27',
    received: 1,
    answered: 0,
    unanswered: 1,
    medianMs: null,
    p90Ms: null,
    withinTarget: 0,
  });
  assert.equal(responseTimes.totals.previous, { received: 1, answered: 1, unanswered: 0, medianMs: hour, p90Ms: hour, withinTarget: 1 });

  assert.equal(week(advanceForms.weeks, '2025-11-03'), { week: '2025-11-03', total: 3, staff: 2, public: 1, late: 1 });
  assert.equal(advanceForms.totals.previous, { total: 1, staff: 0, public: 1, late: 1 });

  assert.equal(week(feeds.weeks, '2025-11-03'), { week: '2025-11-03', runs: 2, fetched: 10, created: 3, filtered: 4, failedRuns: 1, failingSources: 1 });
  assert.equal(feeds.totals.current, { runs: 4, fetched: 15, created: 8, filtered: 4, failedRuns: 2, failingSources: 2 });
  assert.equal(
    feeds.failingSources.map((x) => [x.id, x.failedRuns, x.lastError]),
    [
      [s.one, 1, 'No se pudo leer la fuente'],
      [s.two, 1, 'La fuente no respondió a tiempo'],
    ],
  );

  // The words and the table say the same figures.
  assert.match(summarySentences.responseTimes(responseTimes).join(' '), 'Mediana hasta la primera respuesta: 16 h; percentil 90: 1 d 3 h (objetivo: 4 h)');
  assert.match(summarySentences.advanceForms(advanceForms).join(' '), '1 llegaron tarde desde el campo');
  assert.equal(summaryTables.leads(leads).rows.at(-1), ['semana del 3 de nov.', 3, 2, 1, 1, 2, 0]);

  // A rebuild from the log (erased streams redacted) gives the same figures.
  await writeLog(asLogged(events));
  assert.ok((await readEventsAfter(app.services.db, 0, 10_000)).length > events.length);
  await rebuildProjections(app.services.db, allProjectors);
  const rebuilt = await figures();
  // Source names come from the rebuilt feed sources: the deleted one has none, live or rebuilt.
  assert.equal(rebuilt, { ...fromLive, feeds: { ...fromLive.feeds, failingSources: rebuilt.feeds.failingSources } });
  assert.equal(
    rebuilt.feeds.failingSources.map((x) => x.name),
    ['Fuente Uno', null],
  );
});

test.run();
