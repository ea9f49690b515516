// Search texts read in this process mean exactly what PostgreSQL makes of them (f_unaccent(lower(q)) and
// plainto_tsquery('spanish', f_unaccent(q))): every word of the articles the tests and benches write and
// of the app's own texts, alone and in pairs, compared with the database one by one; and the texts this
// process cannot be sure of are left to the database.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { allMigrations } from '../../api/app';
import { corpusWords, distinctWordPairs } from '../../bench/lib/articles';
import { migrate } from '../../events';
import { agreesWithDatabase, searchTermsInProcess, spanishStopWords } from '../../projections/spanish-lexemes';
import { conjunctionLexemes } from '../../projections/tsquery';
import { freshDatabase } from '../helpers/database';
import { projectRoot } from '../../events/project-root';

const root = projectRoot;

/** Every run of letters in the tests' and the app's source and docs (titles, texts, searches, labels). */
function wordsOfTheTree(): string[] {
  const words = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.(ts|tsx|md)$/.test(entry.name)) for (const word of readFileSync(file, 'utf8').match(/[A-Za-zÀ-ÿ]{2,}/g) ?? []) words.add(word);
    }
  };
  for (const dir of ['tests', 'e2e', 'bench', 'pwa', 'domain', 'docs']) walk(path.join(root, dir));
  return [...words];
}

const database = await freshDatabase();
await migrate(database.db, allMigrations);

async function compare(texts: readonly string[]) {
  const rows = await database.db.query<{ text: string; title_pattern: string; tsquery: string }>(
    `SELECT t AS text, f_unaccent(lower(t)) AS title_pattern, plainto_tsquery('spanish', f_unaccent(t))::text AS tsquery
     FROM jsonb_array_elements_text($1::jsonb) AS t`,
    [JSON.stringify(texts)],
  );
  let computed = 0;
  const differences: string[] = [];
  for (const row of rows) {
    const mine = searchTermsInProcess(row.text);
    if (mine === null) continue;
    computed += 1;
    const theirs = { titlePattern: row.title_pattern, lexemes: conjunctionLexemes(row.tsquery) };
    if (mine.titlePattern !== theirs.titlePattern || JSON.stringify(mine.lexemes) !== JSON.stringify(theirs.lexemes))
      differences.push(`${row.text}: ${JSON.stringify(mine)} ≠ ${JSON.stringify(theirs)}`);
  }
  return { computed, differences };
}

test('every word of the corpus, alone, as PostgreSQL reads it', async () => {
  const words = [...new Set([...corpusWords, ...spanishStopWords, ...wordsOfTheTree()])];
  assert.ok(words.length > 5000, `${words.length} words`);
  const { computed, differences } = await compare(words);
  assert.equal(differences.slice(0, 20), []);
  // Nearly all are plain words: the comparison really ran over the corpus.
  assert.ok(computed > words.length * 0.9, `${computed} of ${words.length}`);
});

test('two-word searches, capitals and accents, as PostgreSQL reads them', async () => {
  const pairs = distinctWordPairs(3000);
  const mixed = pairs.slice(0, 500).map((pair, i) => (i % 2 ? pair.toUpperCase().replace(/[^A-Z ]/g, 'e') : `${pair[0].toUpperCase()}${pair.slice(1)}`));
  const { computed, differences } = await compare([...pairs, ...mixed, 'Cámaras de la oficina', 'de la', 'señal ñandú pingüino']);
  assert.equal(differences, []);
  assert.equal(computed, pairs.length + mixed.length + 3);
});

test('texts it cannot be sure of are left to the database', () => {
  for (const text of [
    'anti-espionaje',
    '5G',
    'red WiFi 6',
    'dos  espacios',
    ' inicio',
    'fin ',
    'ÑANDÚ',
    'correo@ejemplo.com',
    'cámaras, ocultas',
    'x'.repeat(201),
  ])
    assert.is(searchTermsInProcess(text), null, text);
  assert.equal(searchTermsInProcess('Cámaras ocultas'), { titlePattern: 'camaras ocultas', lexemes: ['cam', 'ocult'] });
});

test('this database agrees, so searches are read in process', async () => {
  assert.ok(await agreesWithDatabase(database.db));
});

test.after(() => database.drop());
test.run();
