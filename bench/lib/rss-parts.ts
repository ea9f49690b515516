// What a process's resident memory is made of, read from /proc/self/smaps (Linux): the `node` binary's
// pages, other files' (shared libraries), V8's heap pages (anonymous mappings of exactly 256 KB, the
// size of a V8 page in Node 20), the rest of the anonymous memory (the allocator's, V8's large objects
// and young generation, thread stacks), and `[heap]` (the allocator's brk area). null without /proc.
import { readFileSync } from 'node:fs';

export type RssParts = { binary: number; libraries: number; v8Pages: number; otherAnonymous: number; brk: number };

const v8PageBytes = 256 * 1024;

export function rssParts(): RssParts | null {
  let text: string;
  try {
    text = readFileSync('/proc/self/smaps', 'utf8');
  } catch {
    return null;
  }
  const parts: RssParts = { binary: 0, libraries: 0, v8Pages: 0, otherAnonymous: 0, brk: 0 };
  let kind: keyof RssParts = 'otherAnonymous';
  for (const line of text.split('\n')) {
    const mapping = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (mapping) {
      const size = parseInt(mapping[2], 16) - parseInt(mapping[1], 16);
      const name = mapping[3];
      if (name === '[heap]') kind = 'brk';
      else if (name.startsWith('/')) kind = name === process.execPath ? 'binary' : 'libraries';
      else kind = size === v8PageBytes ? 'v8Pages' : 'otherAnonymous';
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) parts[kind] += Number(rss[1]) * 1024;
  }
  return parts;
}

/** The parts for the bench's report line ('' without /proc). */
export function rssPartsText(parts: RssParts | null): string {
  if (!parts) return '';
  const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
  return `; el RSS: binario ${mb(parts.binary)} MB, bibliotecas ${mb(parts.libraries)}, páginas de V8 ${mb(parts.v8Pages)}, resto anónimo ${mb(parts.otherAnonymous)}, [heap] ${mb(parts.brk)}`;
}
