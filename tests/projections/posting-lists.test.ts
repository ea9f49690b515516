// The news index's posting lists on their own: a list of common words grows a bitset beside it, and an
// intersection of any mix of dense and sparse lists, before and after compaction, holds exactly the
// numbers every list holds, in ascending order.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { intersectAll, Postings } from '../../projections/posting-lists';

/** A list holding each number below `size` with probability `density` (a fixed sequence per seed). */
function listOf(size: number, density: number, seed: number): Postings {
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) >>> 0) / 4294967296;
  const list = new Postings();
  for (let no = 0; no < size; no++) if (next() < density) list.push(no);
  return list;
}

const naive = (lists: Postings[]) => {
  const [first, ...rest] = lists.map((list) => new Set(list.view()));
  return [...first].filter((no) => rest.every((set) => set.has(no)));
};

test('a list of a common word keeps a bitset; a rare one does not', () => {
  assert.ok(listOf(10_000, 0.5, 1).bits, 'half the articles');
  assert.is(listOf(10_000, 0.01, 2).bits, null, 'one article in a hundred');
  assert.is(listOf(100, 0.9, 3).bits, null, 'too few numbers to be worth it');
});

test('intersections of dense and sparse lists hold exactly the shared numbers, ascending', () => {
  const lists = [
    listOf(20_000, 0.6, 11),
    listOf(20_000, 0.4, 12),
    listOf(20_000, 0.2, 13),
    listOf(20_000, 0.005, 14),
    listOf(15_000, 0.7, 15),
    listOf(20_000, 0.008, 16),
  ];
  const mixes = [[0, 1], [0, 1, 2], [3, 0], [0, 3, 1], [4, 0], [2], [0, 1, 2, 4], [3, 4, 1], [5, 0, 3, 1, 4], [3, 5, 5, 2]];
  for (const mix of mixes) {
    const chosen = mix.map((i) => lists[i]);
    assert.equal([...intersectAll(chosen)], naive(chosen), `lists ${mix.join(', ')}`);
  }
  assert.equal([...intersectAll([])], []);
});

test("many dense lists, some of them the same numbers (a word's trigrams): exact whether their bitsets are ANDed to the end or the few numbers left are tested", () => {
  const common = listOf(20_000, 0.3, 41);
  const same = () => {
    const copy = new Postings();
    for (const no of common.view()) copy.push(no);
    return copy;
  };
  const lists = [common, same(), same(), listOf(20_000, 0.05, 42), listOf(20_000, 0.06, 43), listOf(20_000, 0.5, 44), listOf(20_000, 0.7, 45)];
  assert.ok(
    lists.every((list) => list.bits),
    'every list keeps a bitset',
  );
  // Identical lists leave as many numbers as they hold (the ANDs go on); two sparse-ish ones leave few
  // (the rest are tested number by number); all of them; an order where the repeats come first.
  const mixes = [
    [0, 1, 2, 5],
    [3, 4, 0, 1, 2, 5, 6],
    [0, 1, 2, 3],
    [1, 0, 6, 2, 5, 4],
  ];
  for (const mix of mixes) {
    const chosen = mix.map((i) => lists[i]);
    assert.equal([...intersectAll(chosen)], naive(chosen), `lists ${mix.join(', ')}`);
    const early = new Set(intersectAll(chosen, 40));
    for (const no of naive(chosen)) assert.ok(early.has(no), `${no} kept with enough = 40 (lists ${mix.join(', ')})`);
  }
});

test('an intersection told it has enough stops early, never dropping a shared number', () => {
  const lists = [listOf(10_000, 0.01, 21), listOf(10_000, 0.5, 22), listOf(10_000, 0.5, 23)];
  const early = new Set(intersectAll(lists, 1_000));
  for (const no of naive(lists)) assert.ok(early.has(no), `${no} kept`);
});

test('after compaction, and as numbers are appended past the bitset, the lists still agree', () => {
  const a = listOf(8_000, 0.5, 31);
  const b = listOf(8_000, 0.5, 32);
  const alive = (no: number) => no % 3 !== 0;
  a.compact(alive);
  b.compact(alive);
  assert.ok([...a.view()].every(alive));
  assert.equal([...intersectAll([a, b])], naive([a, b]));
  for (let no = 8_000; no < 40_000; no += 2) a.push(no);
  for (let no = 8_000; no < 40_000; no += 3) b.push(no);
  assert.equal([...intersectAll([a, b])], naive([a, b]));
});

test('a list of one number holds it, grows from it, and compacts to nothing or to one', () => {
  const one = new Postings();
  assert.equal([...one.view()], []);
  one.push(7);
  assert.equal([...one.view()], [7]);
  assert.ok(one.has(7));
  assert.not.ok(one.has(6));
  assert.equal([...intersectAll([one, listOf(100, 1, 1)])], [7], 'a list of one against a full one');
  assert.equal([...intersectAll([one, listOf(100, 0, 1)])], [], 'a list of one against an empty one');
  one.push(9);
  one.push(12);
  assert.equal([...one.view()], [7, 9, 12]);
  one.compact((no) => no === 12);
  assert.equal([...one.view()], [12]);
  assert.ok(one.has(12));
  assert.not.ok(one.has(7));
  one.push(20);
  one.trim();
  assert.equal([...one.view()], [12, 20]);
  one.compact(() => false);
  assert.is(one.length, 0);
  assert.equal([...one.view()], []);
  assert.not.ok(one.has(12));
  const alone = new Postings();
  alone.push(3);
  alone.compact(() => false);
  assert.is(alone.length, 0);
  assert.not.ok(alone.has(3));
  alone.push(4);
  assert.equal([...alone.view()], [4]);
});

test("a common word's list after a load keeps room for an eighth more: the next articles go in without a copy, and a full one grows by an eighth", () => {
  const list = new Postings();
  for (let no = 0; no < 100_000; no++) list.push(no * 2);
  list.trim();
  const trimmed = list.view().buffer;
  assert.ok(trimmed.byteLength <= 4 * 112_500, `${trimmed.byteLength} bytes kept for 100,000 numbers`);
  for (let no = 0; no < 100; no++) list.push(200_000 + no);
  assert.is(list.view().buffer, trimmed, 'the first articles after a load are added in place');
  let next = 200_100;
  while (list.view().buffer === trimmed) list.push(next++);
  assert.ok(list.view().buffer.byteLength <= 4 * Math.ceil(list.length * 1.13), `grown to ${list.view().buffer.byteLength / 4} for ${list.length}`);
  const numbers = [...list.view()];
  assert.is(numbers.length, 100_000 + (next - 200_000));
  assert.ok(
    numbers.every((no, i) => i === 0 || no > numbers[i - 1]),
    'still ascending',
  );
  assert.ok(list.has(next - 1) && list.has(199_998) && !list.has(199_999), 'its bitset follows it');

  const rare = new Postings();
  for (let no = 0; no < 10; no++) rare.push(no * 1000);
  rare.trim();
  assert.is(rare.view().buffer.byteLength, 40, "a rare word's list keeps no room");
});

test.run();
