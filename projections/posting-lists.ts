// Sorted lists of document numbers and the text tests the news index is built from: posting lists that
// only grow (numbers are appended in increasing order), with a bitset beside the dense ones, their union
// and intersection, the trigrams of a title, and PostgreSQL's LIKE as a JavaScript test.

/** A list gets a bitset beside it once it holds this many numbers, and one in 32 of the numbers up to its last. */
const denseFrom = 256;

/** From this many elements on, an array grows (and keeps room) by an eighth instead of doubling. */
const largeFrom = 4096;
/**
 * The length a full array of `length` elements grows to: twice as long while small, an eighth longer once
 * large. A loaded index is trimmed to size, and the first articles written after a start touch the lists
 * of nearly every common word. Doubled, 100,000 articles' lists took 80 MB more after fifty writes (most
 * of it never written, so not resident, but counted by V8 as external memory, which schedules its
 * collections), and each of the first writes stopped the server for up to 90 ms while they were copied.
 */
const grownLength = (length: number) => (length < largeFrom ? length * 2 : length + (length >>> 3));

/**
 * A growable list of document numbers, ascending (numbers are only ever appended). A dense one (a common
 * word: thousands of articles) also keeps its numbers as a bitset, so that testing whether it holds a
 * number is one load: intersecting two common words walked both lists (tens of thousands of unpredictable
 * steps, most of a never-asked search's time); now the shorter one is walked and each number tested. The
 * bitset costs at most what the list does (it is made only when one bit per number up to the last is no
 * more than 32 bits per number held).
 *
 * A list of one number keeps it in a field, with no array: most of a large index's lists are words or
 * trigrams seen once, and an array of its own was three more objects each (the typed array, its buffer
 * and its elements) for the collector to trace, about 200 bytes.
 */
export class Postings {
  /** The numbers, once there are two or more (room grown ahead); null while there is at most one. */
  private data: Int32Array | null = null;
  /** The one number while `data` is null and `length` is 1. */
  private only = 0;
  length = 0;
  bits: Uint32Array | null = null;
  push(no: number) {
    if (this.data === null) {
      if (this.length === 0) {
        this.only = no;
        this.length = 1;
        return;
      }
      this.data = new Int32Array(4);
      this.data[0] = this.only;
    } else if (this.length === this.data.length) {
      const grown = new Int32Array(grownLength(this.data.length));
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = no;
    if (this.bits) setBit(this, no);
    else if (this.length >= denseFrom && this.length * 32 >= no) this.makeBits();
  }
  /** Drops the numbers of documents no longer alive. */
  compact(alive: (no: number) => boolean) {
    const data = this.data;
    if (data === null) {
      if (this.length === 1 && !alive(this.only)) this.length = 0;
      return;
    }
    let kept = 0;
    for (let i = 0; i < this.length; i++) if (alive(data[i])) data[kept++] = data[i];
    this.length = kept;
    if (kept <= 1) {
      this.only = data[0];
      this.data = null;
    }
    if (this.bits) this.makeBits();
  }
  /**
   * Gives back the room grown ahead (a quarter of a loaded index's postings, on average), but an eighth of
   * a large list: the first writes after a start then add to the common words' lists without copying them.
   */
  trim() {
    if (this.data === null) return;
    const room = this.length < largeFrom ? this.length : this.length + (this.length >>> 3);
    if (this.data.length > room) this.data = this.data.slice(0, room);
  }
  /** The numbers, ascending: a view of the list's own array (a new array of one for a list of one). */
  view(): Int32Array {
    if (this.data === null) return this.length === 0 ? empty : Int32Array.of(this.only);
    return this.data.subarray(0, this.length);
  }
  /** Whether the list holds `no`: one load for a dense list, a binary search otherwise. */
  has(no: number): boolean {
    if (this.bits) {
      const word = no >>> 5;
      return word < this.bits.length && (this.bits[word] & (1 << (no & 31))) !== 0;
    }
    const data = this.data;
    if (data === null) return this.length === 1 && this.only === no;
    let low = 0;
    let high = this.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (data[mid] < no) low = mid + 1;
      else high = mid;
    }
    return low < this.length && data[low] === no;
  }
  private makeBits() {
    const numbers = this.view();
    const last = numbers.length > 0 ? numbers[numbers.length - 1] : 0;
    this.bits = new Uint32Array((last >>> 5) + 1);
    for (let i = 0; i < numbers.length; i++) setBit(this, numbers[i]);
  }
}

function setBit(list: Postings, no: number) {
  let bits = list.bits!;
  const word = no >>> 5;
  if (word >= bits.length) {
    const grown = new Uint32Array(Math.max(word + 1, grownLength(bits.length)));
    grown.set(bits);
    list.bits = bits = grown;
  }
  bits[word] |= 1 << (no & 31);
}

/** The numbers of `numbers` (ascending) that the bitset holds, written to `out` (which may be `numbers` itself). */
function keepIn(numbers: Int32Array, bits: Uint32Array, out: Int32Array = new Int32Array(numbers.length)): Int32Array {
  let n = 0;
  for (let k = 0; k < numbers.length; k++) {
    const no = numbers[k];
    const word = no >>> 5;
    if (word < bits.length && (bits[word] & (1 << (no & 31))) !== 0) out[n++] = no;
  }
  return out.subarray(0, n);
}

/** The numbers a bitset holds, ascending (at most `most` of them). */
export function numbersOf(words: Uint32Array, most: number): Int32Array {
  const out = new Int32Array(most);
  let n = 0;
  for (let w = 0; w < words.length; w++) {
    let word = words[w];
    while (word !== 0) {
      const low = word & -word;
      out[n++] = (w << 5) + 31 - Math.clz32(low);
      word ^= low;
    }
  }
  return out.subarray(0, n);
}

/**
 * The numbers every list holds, ascending: the shortest list tested against each of the others (by its
 * bitset when it has one), shortest first, stopping once no more than `enough` numbers are left.
 */
export function intersectAll(lists: readonly Postings[], enough = 0): Int32Array {
  if (lists.length === 0) return empty;
  const sorted = [...lists].sort((a, b) => a.length - b.length);
  let result = sorted[0].view();
  let i = 1;
  // Two dense lists or more: the two shortest bitsets ANDed word by word (a few hundred words for 10,000
  // articles), and each further one only while more numbers are left than a bitset has words: past that,
  // testing each number left against the other bitsets (below) costs less than ANDing them whole. A
  // two-word title's trigrams at 100,000 articles are a dozen or more dense lists; ANDing them all was a
  // quarter of a new search.
  let dense = 0;
  while (dense < sorted.length && sorted[dense].bits) dense += 1;
  if (dense >= 2) {
    // The shortest list's bitset ends at its last number: nothing past it is in every list.
    const bits = sorted[0].bits!.slice();
    let count = andInto(bits, sorted[1].bits!);
    for (i = 2; i < dense && count > bits.length; i++) count = andInto(bits, sorted[i].bits!);
    result = numbersOf(bits, count);
  }
  // The lists with a bitset first: testing each number left costs a load, where a merge walks the other
  // list too (a title's trigrams: the shortest list is often one of several identical ones, the three
  // trigrams of one word, and merging it with the others left it as long as it was).
  const rest = sorted.slice(i).sort((a, b) => (a.bits ? 0 : 1) - (b.bits ? 0 : 1));
  // The numbers left are filtered in an array of this call's own (numbersOf's, else a new one: the
  // first list's numbers are its postings).
  let own: Int32Array | null = dense >= 2 ? result : null;
  for (let k = 0; k < rest.length && result.length > enough; k++) {
    const list = rest[k];
    result = list.bits ? keepIn(result, list.bits, (own ??= new Int32Array(result.length))) : mergeIntersection(result, list.view());
  }
  return result;
}

/** The numbers every list holds, as a bitset of `words` words, when every list keeps a bitset; null otherwise. */
export function bitsOfAll(lists: readonly Postings[], words: number): Uint32Array | null {
  if (lists.length === 0 || lists.some((list) => !list.bits)) return null;
  const out = new Uint32Array(words);
  const first = lists[0].bits!;
  out.set(first.subarray(0, Math.min(first.length, words)));
  for (let i = 1; i < lists.length; i++) {
    const other = lists[i].bits!;
    const shared = Math.min(words, other.length);
    for (let w = 0; w < shared; w++) out[w] &= other[w];
    out.fill(0, shared);
  }
  return out;
}

/** Keeps in `bits` only what `other` holds too (words past `other`'s end are cleared); answers how many numbers are left. */
function andInto(bits: Uint32Array, other: Uint32Array): number {
  const shared = Math.min(bits.length, other.length);
  let count = 0;
  for (let w = 0; w < shared; w++) {
    const word = bits[w] & other[w];
    bits[w] = word;
    if (word !== 0) count += bitCount(word);
  }
  bits.fill(0, shared);
  return count;
}

/** The numbers any of the bitsets holds, as one bitset of `words` words. */
export function unionOf(sets: readonly Uint32Array[], words: number): Uint32Array {
  const out = new Uint32Array(words);
  for (const set of sets) {
    const shared = Math.min(words, set.length);
    for (let w = 0; w < shared; w++) out[w] |= set[w];
  }
  return out;
}

/** Sets or clears `no` in a bitset long enough to hold it. */
export const setBitIn = (bits: Uint32Array, no: number) => (bits[no >>> 5] |= 1 << (no & 31));
export const clearBitIn = (bits: Uint32Array, no: number) => (bits[no >>> 5] &= ~(1 << (no & 31)));

/** How many bits a 32-bit word has set. */
export function bitCount(word: number): number {
  let x = word - ((word >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

export function trigramsOf(text: string): Set<string> {
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= text.length; i++) grams.add(text.slice(i, i + 3));
  return grams;
}

/** Whether a LIKE pattern has a wildcard or an escape (else it matches its own text only). */
export const hasLikeWildcard = (pattern: string) => /[%_\\]/.test(pattern);

/** `text LIKE '%' || p || '%'` as a test: a plain substring search when p has no wildcard. */
export const containsLike = (p: string): ((text: string) => boolean) => (hasLikeWildcard(p) ? likeMatcher(`%${p}%`) : (text) => text.includes(p));

/** A LIKE pattern (default escape '\') as a test; '%' and '_' are wildcards, as in PostgreSQL. */
function likeMatcher(pattern: string): (text: string) => boolean {
  let source = '';
  let literal = true;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch === '\\' && i + 1 < pattern.length) {
      source += pattern[++i].replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      literal = false;
    } else if (ch === '%') {
      source += '[\\s\\S]*';
      literal = false;
    } else if (ch === '_') {
      source += '[\\s\\S]';
      literal = false;
    } else source += ch.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  if (literal) return (text) => text.includes(pattern);
  const regex = new RegExp(source, 'u');
  return (text) => regex.test(text);
}

export function mergeUnion(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length && j < b.length) {
    if (a[i] < b[j]) out[n++] = a[i++];
    else if (a[i] > b[j]) out[n++] = b[j++];
    else {
      out[n++] = a[i++];
      j++;
    }
  }
  while (i < a.length) out[n++] = a[i++];
  while (j < b.length) out[n++] = b[j++];
  return out.subarray(0, n);
}

function mergeIntersection(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(Math.min(a.length, b.length));
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length && j < b.length) {
    if (a[i] < b[j]) i++;
    else if (a[i] > b[j]) j++;
    else {
      out[n++] = a[i++];
      j++;
    }
  }
  return out.subarray(0, n);
}

export const empty = new Int32Array(0);
