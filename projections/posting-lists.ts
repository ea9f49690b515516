// Sorted lists of document numbers and the text tests the news index is built from: posting lists that
// only grow (numbers are appended in increasing order), their union and intersection by merging, the
// trigrams of a title, and PostgreSQL's LIKE as a JavaScript test.

/** A growable list of document numbers, ascending (numbers are only ever appended). */
export class Postings {
  data = new Int32Array(4);
  length = 0;
  push(no: number) {
    if (this.length === this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = no;
  }
  /** Drops the numbers of documents no longer alive. */
  compact(alive: (no: number) => boolean) {
    let kept = 0;
    for (let i = 0; i < this.length; i++) if (alive(this.data[i])) this.data[kept++] = this.data[i];
    this.length = kept;
  }
  /** Gives back the room grown ahead (a quarter of a loaded index's postings, on average). */
  trim() {
    if (this.data.length > this.length) this.data = this.data.slice(0, this.length);
  }
  view(): Int32Array {
    return this.data.subarray(0, this.length);
  }
}

export function trigramsOf(text: string): Set<string> {
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= text.length; i++) grams.add(text.slice(i, i + 3));
  return grams;
}

/** A LIKE pattern (default escape '\') as a test; '%' and '_' are wildcards, as in PostgreSQL. */
export function likeMatcher(pattern: string): (text: string) => boolean {
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

export function mergeIntersection(a: Int32Array, b: Int32Array): Int32Array {
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
