// Dates as visitors and staff read them, in Costa Rica's zone: the formatting functions against the
// platform's own zone database (Intl), for instants from 1970 to 2060, daylight saving of 1979–1980 and
// 1991–1992 included, in both languages. They compute the zone's time themselves from 1992 on (a page's
// first Intl.DateTimeFormat costs a browser tens of milliseconds): should Node's zone database change the
// zone's rules before 2060 (or its locale data these formats), these tests fail.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { calendarDayOf, formatDateTime, formatDateTimeEnglish, formatLongDate, formatLongDateEnglish } from '../../domain/dates';

const zone = 'America/Costa_Rica';
const spanish = new Intl.DateTimeFormat('es', {
  timeZone: zone,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const english = new Intl.DateTimeFormat('en-US', { timeZone: zone, month: 'long', day: 'numeric', year: 'numeric' });
const englishTime = new Intl.DateTimeFormat('en-US', {
  timeZone: zone,
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const numeric = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });

const partsOf = (date: Date) => Object.fromEntries(spanish.formatToParts(date).map((part) => [part.type, part.value]));

/** Instants spread over 1970–2060 (a step that is not a whole number of hours or days), and the edges of daylight saving. */
function instants(): Date[] {
  const spread: Date[] = [];
  for (let t = Date.UTC(1970, 0, 1); t < Date.UTC(2060, 0, 1); t += 11 * 3600e3 + 7 * 60e3 + 13e3) spread.push(new Date(t));
  const edges = [
    '1979-02-25T05:59:59Z',
    '1979-02-25T06:00:00Z',
    '1991-01-19T06:00:00Z',
    '1992-03-15T04:59:59Z',
    '1992-03-15T05:00:00Z',
    '1999-12-31T23:59:59Z',
    '2024-03-05T20:30:00Z',
    '2026-01-01T05:59:59Z',
    '2026-01-01T06:00:00Z',
  ];
  return [...spread, ...edges.map((text) => new Date(text))];
}

test('Spanish dates and times are those of the zone database, before and after 1992', () => {
  let checked = 0;
  for (const date of instants()) {
    const p = partsOf(date);
    assert.is(formatLongDate(date), `${p.day} de ${p.month}, ${p.year}`, date.toISOString());
    assert.is(formatDateTime(date), `${p.day} de ${p.month}, ${p.year}, ${p.hour}:${p.minute}`, date.toISOString());
    assert.is(calendarDayOf(date), numeric.format(date), date.toISOString());
    checked += 1;
  }
  assert.ok(checked > 70_000, `${checked} instants`);
});

test('English dates and times are those of the zone database', () => {
  for (const date of instants()) {
    assert.is(formatLongDateEnglish(date), english.format(date), date.toISOString());
    assert.is(formatDateTimeEnglish(date), englishTime.format(date), date.toISOString());
  }
});

test('an article dated by its text (as the API sends it) reads the same as its Date', () => {
  assert.is(formatLongDate('2024-03-05T20:30:00.000Z'), '5 de marzo, 2024');
  assert.is(formatDateTime('2024-03-05T05:59:00.000Z'), '4 de marzo, 2024, 23:59');
  assert.is(formatLongDateEnglish('2024-03-05T20:30:00.000Z'), 'March 5, 2024');
  assert.is(formatDateTimeEnglish('1992-01-20T12:00:00.000Z'), 'January 20, 1992 at 07:00');
  assert.is(calendarDayOf('1980-01-01T05:30:00.000Z'), '1979-12-31');
});

test('a text that is no date is refused, not shown as a date', () => {
  for (const format of [formatLongDate, formatDateTime, calendarDayOf, formatLongDateEnglish, formatDateTimeEnglish]) {
    assert.throws(() => format('no es una fecha'), RangeError);
  }
});

test.run();
