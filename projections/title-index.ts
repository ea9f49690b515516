// The title half of the news index: each document's title key (f_unaccent(lower(title)), as PostgreSQL
// computed it), the trigram lists that name a text's candidates, and the matches of the patterns asked
// for, kept and brought up to date as documents are added. Documents are numbered by the news index; a
// number is never reused (a changed article gets a new one), so what a pattern matched stays true of
// the numbers it was tested on.
import { LRUCache } from 'lru-cache';
import { containsLike, empty, hasLikeWildcard, intersectAll, Postings, trigramsOf } from './posting-lists';

export class TitleIndex {
  private trigrams = new Map<string, Postings>();
  /** Title keys by document number ('' once removed); as long as the documents numbered so far. */
  private keys: string[] = [];
  /** What each pattern matched among the first `upTo` numbers; bounded in count and bytes, emptied by a compaction. */
  private kept = new LRUCache<string, { numbers: Int32Array; count: number; upTo: number }>({
    max: 512,
    maxSize: 16 * 1024 * 1024,
    sizeCalculation: (entry, key) => entry.numbers.byteLength + key.length + 100,
  });

  /** The next document, numbered `no` (one past the last). */
  add(no: number, key: string) {
    this.keys[no] = key;
    for (const gram of trigramsOf(key)) {
      let list = this.trigrams.get(gram);
      if (!list) this.trigrams.set(gram, (list = new Postings()));
      list.push(no);
    }
  }

  /** Its number stays in the trigram lists until the next compaction. */
  remove(no: number) {
    this.keys[no] = '';
  }

  /** Gives back the room the lists grew ahead, once loaded. */
  trim() {
    for (const list of this.trigrams.values()) list.trim();
  }

  /** Drops dead numbers from the lists, and the kept matches (which hold them too): made again when next asked. */
  compact(alive: (no: number) => boolean) {
    for (const [gram, list] of this.trigrams) {
      list.compact(alive);
      if (list.length === 0) this.trigrams.delete(gram);
    }
    this.kept.clear();
  }

  /**
   * Document numbers (ascending) whose title key matches the LIKE pattern '%' + p + '%', among those
   * `state` marks live (non-zero); numbers that died since a pattern was kept are among them, as in the
   * postings (every caller tests each number's state). A pattern asked before is answered from what it
   * matched then plus the documents numbered since, each tested on its title. Searched afresh after
   * every write, a common word's titles (47,645 of 100,000 for the bench's most frequent) cost 0.7 ms
   * each time.
   */
  matches(pattern: string, state: Uint8Array): Int32Array {
    const numbered = this.keys.length;
    let kept = this.kept.get(pattern);
    if (!kept) {
      const numbers = this.search(pattern, state);
      kept = { numbers, count: numbers.length, upTo: numbered };
      this.kept.set(pattern, kept);
    } else if (kept.upTo < numbered) {
      const match = containsLike(pattern);
      let { numbers, count } = kept;
      for (let no = kept.upTo; no < numbered; no++) {
        if (state[no] === 0 || !match(this.keys[no])) continue;
        if (count === numbers.length) {
          const grown = new Int32Array(count * 2 + 16);
          grown.set(numbers);
          numbers = grown;
        }
        numbers[count++] = no;
      }
      kept = { numbers, count, upTo: numbered };
      // Set again: its size is counted when set.
      this.kept.set(pattern, kept);
    }
    // Read only: numbers added later go past this view's end (or into a new array).
    return kept.numbers.subarray(0, kept.count);
  }

  /** The matches from nothing: the titles having every trigram of a plain pattern, or all titles, tested. */
  private search(pattern: string, state: Uint8Array): Int32Array {
    const match = containsLike(pattern);
    let candidates: Int32Array | null = null;
    if (!hasLikeWildcard(pattern) && pattern.length >= 3) {
      // Every trigram of the text is in a matching title: the titles having them all are the candidates.
      const lists: Postings[] = [];
      for (const gram of trigramsOf(pattern)) {
        const list = this.trigrams.get(gram);
        if (!list) return empty;
        lists.push(list);
      }
      // A few candidates are tested on their titles faster than the remaining lists are intersected.
      candidates = intersectAll(lists, 32);
    }
    const { keys } = this;
    if (!candidates) {
      candidates = new Int32Array(keys.length);
      for (let no = 0; no < candidates.length; no++) candidates[no] = no;
    }
    const out = new Int32Array(candidates.length);
    let n = 0;
    for (let k = 0; k < candidates.length; k++) {
      const no = candidates[k];
      if (state[no] !== 0 && match(keys[no])) out[n++] = no;
    }
    return out.subarray(0, n);
  }
}
