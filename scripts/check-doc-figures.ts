// Numbers in the docs that can be measured are checked against the code (part of `npm run lint`). A
// figure is marked by a comment right after it: `about 450 lines<!-- figure: lines a.ts b.ts -->` says
// the files together have about that many lines. A figure more than a fifth off fails, naming the
// measured value; `--write` puts the measured values in.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const tolerance = 0.2;
const marked = /(\d[\d,]*)( lines)<!-- figure: lines ([^>]+?) -->/g;

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? markdownFiles(full) : name.endsWith('.md') ? [full] : [];
  });
}

const linesOf = (files: string[]) => files.reduce((sum, file) => sum + readFileSync(file, 'utf8').split('\n').length - 1, 0);

const write = process.argv.includes('--write');
const wrong: string[] = [];
let checked = 0;
for (const doc of ['README.md', ...markdownFiles('docs')]) {
  const text = readFileSync(doc, 'utf8');
  const updated = text.replace(marked, (whole, written: string, unit: string, list: string) => {
    checked += 1;
    const files = list.trim().split(/\s+/);
    let measured: number;
    try {
      measured = linesOf(files);
    } catch {
      wrong.push(`${doc}: ${files.join(', ')} no existe`);
      return whole;
    }
    const claimed = Number(written.replace(/,/g, ''));
    if (Math.abs(claimed - measured) > tolerance * measured) wrong.push(`${doc}: dice ${claimed} líneas de ${files.join(', ')}; tienen ${measured}`);
    return write ? `${measured.toLocaleString('en-US')}${unit}<!-- figure: lines ${list} -->` : whole;
  });
  if (write && updated !== text) writeFileSync(doc, updated);
}
if (wrong.length && !write) {
  console.error(`Cifras de la documentación que ya no son ciertas (npm run docs:figures -- --write las corrige):\n${wrong.join('\n')}`);
  process.exit(1);
}
console.log(`${checked} cifras de la documentación comprobadas`);
