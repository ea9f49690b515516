// The shared check of ISO date-times from clients: only real days and times name an instant;
// Date.parse alone would roll 30 February over to March, or 24:00 to the next day.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { instantOfIsoDateTime } from '../../domain/iso-date-time';

test('real date-times answer their instant, whatever their zone and precision', () => {
  assert.is(instantOfIsoDateTime('2028-02-29T12:00:00Z'), Date.UTC(2028, 1, 29, 12));
  assert.is(instantOfIsoDateTime('2000-02-29T00:00Z'), Date.UTC(2000, 1, 29));
  assert.is(instantOfIsoDateTime('2026-12-31T23:59:59Z'), Date.UTC(2026, 11, 31, 23, 59, 59));
  assert.is(instantOfIsoDateTime('2026-12-31T23:59:59.123456789-06:00'), Date.UTC(2027, 0, 1, 5, 59, 59, 123));
  assert.is(instantOfIsoDateTime('2026-11-20T09:04:05+05:30'), Date.UTC(2026, 10, 20, 3, 34, 5));
  assert.is(instantOfIsoDateTime('1970-01-01T00:00:00Z'), 0);
});

test('impossible days, hours, minutes, seconds and offsets name no instant', () => {
  for (const text of [
    '2026-02-30T00:00:00Z',
    '2027-02-29T00:00:00Z',
    '1900-02-29T00:00:00Z',
    '2026-04-31T00:00:00Z',
    '2026-00-10T00:00:00Z',
    '2026-13-10T00:00:00Z',
    '2026-01-00T00:00:00Z',
    '2026-01-01T24:00Z',
    '2026-01-01T24:00:00Z',
    '2026-01-01T23:60:00Z',
    '2026-01-01T23:59:60Z',
    '2026-01-01T12:00:00+24:00',
    '2026-01-01T12:00:00-06:60',
  ])
    assert.is(instantOfIsoDateTime(text), null, text);
});

test('texts that are not ISO date-times with a zone name no instant', () => {
  for (const text of ['', 'mañana', '2026-01-01', '2026-01-01T12:00:00', '2026-01-01 12:00:00Z', '2026-1-01T12:00Z', 'March 5, 2026', '2026-01-01T12:00:00.Z'])
    assert.is(instantOfIsoDateTime(text), null, text);
});

test.run();
