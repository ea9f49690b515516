// A search text's meaning computed in this process, exactly as PostgreSQL computes it, for the texts
// where that can be told for sure; null for any other (the caller then asks PostgreSQL):
//   titlePattern = f_unaccent(lower(text))
//   lexemes      = plainto_tsquery('spanish', f_unaccent(text)), a conjunction of lexemes
// Asking PostgreSQL cost a round trip for every text never seen before, most of a new staff search.
// Sure means: only letters and single spaces, the letters ASCII or lowercase Latin-1 ones that
// `unaccent` maps to ASCII. Each such word is one 'asciiword' or 'word' token of PostgreSQL's parser,
// which the `spanish` configuration gives to its Snowball stemmer: lowercased, dropped if it is a stop
// word (PostgreSQL's spanish.stop, compared after unaccent, as the token then is), else stemmed by the
// Snowball Spanish algorithm (@orama/stemmers' Spanish stemmer is that algorithm, compiled to JS).
// tests/projections/spanish-lexemes.test.ts compares it with PostgreSQL word by word over every word of
// the articles the tests and benches write and of the app's own texts, and `agreesWithDatabase` checks
// a sample at start-up: a server whose stemmer, stop words, unaccent rules or lower() differ (another
// version, a Turkish locale) is then always asked.
import { stemmer } from '@orama/stemmers/spanish';
import type { Sql } from '../events';
import type { SearchTerms } from './news-index';
import { conjunctionLexemes } from './tsquery';

/** What `unaccent` makes of each lowercase Latin-1 letter (its unaccent.rules). */
const unaccented: Record<string, string> = {
  ß: 'ss',
  à: 'a',
  á: 'a',
  â: 'a',
  ã: 'a',
  ä: 'a',
  å: 'a',
  æ: 'ae',
  ç: 'c',
  è: 'e',
  é: 'e',
  ê: 'e',
  ë: 'e',
  ì: 'i',
  í: 'i',
  î: 'i',
  ï: 'i',
  ð: 'd',
  ñ: 'n',
  ò: 'o',
  ó: 'o',
  ô: 'o',
  õ: 'o',
  ö: 'o',
  ø: 'o',
  ù: 'u',
  ú: 'u',
  û: 'u',
  ü: 'u',
  ý: 'y',
  þ: 'th',
  ÿ: 'y',
};

/** PostgreSQL's spanish.stop (the Snowball project's list). */
export const spanishStopWords: ReadonlySet<string> = new Set(
  `de la que el en y a los del se las por un para con no una su al lo como más pero sus le ya o este sí porque esta entre cuando muy sin sobre
también me hasta hay donde quien desde todo nos durante todos uno les ni contra otros ese eso ante ellos e esto mí antes algunos qué unos yo
otro otras otra él tanto esa estos mucho quienes nada muchos cual poco ella estar estas algunas algo nosotros mi mis tú te ti tu tus ellas
nosotras vosostros vosostras os mío mía míos mías tuyo tuya tuyos tuyas suyo suya suyos suyas nuestro nuestra nuestros nuestras vuestro
vuestra vuestros vuestras esos esas estoy estás está estamos estáis están esté estés estemos estéis estén estaré estarás estará estaremos
estaréis estarán estaría estarías estaríamos estaríais estarían estaba estabas estábamos estabais estaban estuve estuviste estuvo estuvimos
estuvisteis estuvieron estuviera estuvieras estuviéramos estuvierais estuvieran estuviese estuvieses estuviésemos estuvieseis estuviesen
estando estado estada estados estadas estad he has ha hemos habéis han haya hayas hayamos hayáis hayan habré habrás habrá habremos habréis
habrán habría habrías habríamos habríais habrían había habías habíamos habíais habían hube hubiste hubo hubimos hubisteis hubieron hubiera
hubieras hubiéramos hubierais hubieran hubiese hubieses hubiésemos hubieseis hubiesen habiendo habido habida habidos habidas soy eres es
somos sois son sea seas seamos seáis sean seré serás será seremos seréis serán sería serías seríamos seríais serían era eras éramos erais
eran fui fuiste fue fuimos fuisteis fueron fuera fueras fuéramos fuerais fueran fuese fueses fuésemos fueseis fuesen sintiendo sentido
sentida sentidos sentidas siente sentid tengo tienes tiene tenemos tenéis tienen tenga tengas tengamos tengáis tengan tendré tendrás tendrá
tendremos tendréis tendrán tendría tendrías tendríamos tendríais tendrían tenía tenías teníamos teníais tenían tuve tuviste tuvo tuvimos
tuvisteis tuvieron tuviera tuvieras tuviéramos tuvierais tuvieran tuviese tuvieses tuviésemos tuvieseis tuviesen teniendo tenido tenida
tenidos tenidas tened`.split(/\s+/),
);

/** Longer texts are rare and cost PostgreSQL little next to their reading: not worth a rule of their own. */
const maxLength = 200;
const sure = /^[a-zA-Zß-öø-ÿ]+(?: [a-zA-Zß-öø-ÿ]+)*$/;

/** f_unaccent(lower(text)) for a text `sure` accepts. */
function unaccentLower(text: string): string {
  let out = '';
  for (const char of text.toLowerCase()) out += unaccented[char] ?? char;
  return out;
}

/** The Spanish lexeme of one lowercase, unaccented word; null for a stop word. */
function spanishLexeme(word: string): string | null {
  return spanishStopWords.has(word) ? null : stemmer(word);
}

/** The text's search terms as PostgreSQL would give them, or null when this cannot be sure. */
export function searchTermsInProcess(text: string): SearchTerms | null {
  if (text.length > maxLength || !sure.test(text)) return null;
  const titlePattern = unaccentLower(text);
  const lexemes: string[] = [];
  for (const word of titlePattern.split(' ')) {
    const lexeme = spanishLexeme(word);
    if (lexeme !== null) lexemes.push(lexeme);
  }
  return { lexemes, titlePattern };
}

/**
 * Texts whose meaning this module computes, one of each kind it accepts: every stop word, every letter,
 * ASCII capitals, and words of each Snowball suffix class (plurals, diminutives, adverbs, verb forms,
 * enclitic pronouns, accents left after stemming).
 */
const probes = [
  ...spanishStopWords,
  'ABCDEFGHIJKLMNOPQRSTUVWXYZ abcdefghijklmnopqrstuvwxyz',
  Object.keys(unaccented).join(''),
  ...Object.keys(unaccented).map((letter) => `pal${letter}bra`),
  'Cámaras ocultas micrófonos espionaje seguridad investigación vigilancia teléfonos rápidamente organizaciones',
  'empresarial corriendo comieron bebiéndoselo dígamelo cantaríamos estuviésemos habilidades lógica lógicos',
  'niñez pingüino acción acciones amistosamente felicidad capacidades inspección inspecciones auditorías',
  'rastreadores transmisores grabadoras cerraduras detectores detección mensajería vulnerabilidades cibernéticos',
  'andaluz andaluces luz luces hablar hablábamos hablaremos hablasteis abrió abrieron árbol árboles mirándolo',
  'Straße smörgåsbord þórr crème brûlée façade naïve',
];

/** Whether this module and the database agree on every probe text (one query): if not, always ask the database. */
export async function agreesWithDatabase(sql: Sql): Promise<boolean> {
  const rows = await sql.query<{ text: string; title_pattern: string; tsquery: string }>(
    `SELECT t AS text, f_unaccent(lower(t)) AS title_pattern, plainto_tsquery('spanish', f_unaccent(t))::text AS tsquery
     FROM jsonb_array_elements_text($1::jsonb) AS t`,
    [JSON.stringify(probes)],
  );
  return (
    rows.length === probes.length &&
    rows.every((row) => {
      const mine = searchTermsInProcess(row.text);
      const theirs = conjunctionLexemes(row.tsquery);
      return mine !== null && theirs !== null && mine.titlePattern === row.title_pattern && mine.lexemes.join(' ') === theirs.join(' ');
    })
  );
}
