// The benchmarks' articles: Spanish titles and text from a vocabulary of the trade, with accents, words
// drawn Zipf-like (a few very frequent, most rare), as in real titles; the same for a given number.

const vocabulary = `seguridad espionaje micrófonos rastreadores vigilancia privacidad oficinas reuniones ejecutivos señales frecuencia
detección barrido hotel vehículo red wifi celular contraseñas empresa datos filtración riesgo análisis cámaras ocultas
grabadoras transmisores inhibidores auditoría perímetro acceso biometría cifrado correo teléfono llamadas mensajes
interceptación escuchas dispositivos sala juntas directorio gerencia abogados bufete clínica embajada consulado evento
congreso conferencia salón auditorio escenario invitados protocolo avanzada evacuación salidas emergencia rutas zona
segura brigada escolta chofer blindaje alarma sensores cerradura llaves tarjetas credenciales visitantes recepción
portería bodega servidor nube respaldo copia informe hallazgo técnico inspección espectro radiofrecuencia antena
señal satélite localizador magnético adhesivo batería cargador enchufe lámpara reloj bolígrafo cuadro detector
termografía infrarrojo lente espejo pared techo piso mueble escritorio silla computadora portátil tableta memoria
puerto cable router módem firmware actualización parche vulnerabilidad ataque phishing malware ransomware troyano
virus campaña suplantación fraude estafa robo identidad fuga competencia industrial secreto patente fórmula cliente
proveedor contrato licitación negociación fusión adquisición inversión banco finanzas contabilidad nómina recursos
humanos empleado despido sospecha confianza lealtad denuncia investigación peritaje evidencia cadena custodia juicio
tribunal fiscalía policía organismo judicial ministerio gobierno municipalidad alcaldía diputado campaña elecciones
partido periodista medio fuente filtrado documento expediente archivo papel trituradora basura residuos impresora
escáner fotocopiadora fax línea central extensión operadora conmutador voip videollamada plataforma aplicación
permisos ubicación micrófono cámara notificaciones spyware stalkerware pareja familia hogar residencia casa
apartamento condominio seguridad privada guarda vigilante turno bitácora registro ingreso salida horario visita
drones aeronave fotografía aérea perímetro jardín estacionamiento garaje ascensor escalera pasillo ventana puerta`
  .split(/\s+/)
  .filter(Boolean);
const glue = ['de', 'la', 'el', 'en', 'y', 'los', 'las', 'del', 'con', 'para', 'por', 'una', 'un', 'que', 'se', 'sus'];
const categories = ['Ciberseguridad', 'Anti-Espionaje', 'Tecnología', 'Noticias'] as const;

function random(seed: number) {
  let state = (seed * 2654435761) >>> 0;
  return () => {
    state = (state * 1103515245 + 12345) >>> 0;
    return state / 4294967296;
  };
}
// Zipf-like: a few words are very frequent, most are rare, as in real titles.
const zipf = (next: () => number, n: number) => Math.min(n - 1, Math.floor(n * next() ** 2.2));

function words(next: () => number, count: number, withGlue: boolean): string {
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(withGlue && next() < 0.35 ? glue[Math.floor(next() * glue.length)] : vocabulary[zipf(next, vocabulary.length)]);
  return out.join(' ');
}

export function articleRecord(i: number) {
  const next = random(i + 1);
  const title = words(next, 6 + Math.floor(next() * 4), false);
  return {
    title: `${title[0].toUpperCase()}${title.slice(1)} ${i}`,
    slug: `articulo-${i}`,
    excerpt: words(next, 24, true),
    content: `<p>${words(next, 90, true)}</p><p>${words(next, 110, true)}</p>`,
    image: i % 3 === 0 ? `https://example.com/imagenes/${i}.jpg` : null,
    category: categories[i % categories.length],
    author: 'Redacción',
    publishedAt: new Date(Date.UTC(2020, 0, 1) + i * 1_700_000).toISOString(),
    reviewRequired: i % 50 === 7,
    isImported: false,
    sourceId: null,
    sourceUrl: null,
    guidHash: null,
  };
}

/** The ~150 most frequent title words (four letters or more) of the first `count` articles. */
export function frequentTitleWords(count: number): string[] {
  const seen = new Map<string, number>();
  for (let i = 0; i < Math.min(count, 20_000); i++) {
    for (const word of articleRecord(i).title.toLowerCase().split(' ')) if (word.length >= 4 && !/\d/.test(word)) seen.set(word, (seen.get(word) ?? 0) + 1);
  }
  return [...seen.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 150)
    .map(([word]) => word);
}

/** Every word the articles are written with (titles, excerpts and bodies), stop words included. */
export const corpusWords: readonly string[] = [...new Set([...vocabulary, ...glue])];

/**
 * `n` distinct two-word searches from the articles' vocabulary, each asked once (as staff typing new
 * searches do): no answer, match or parse of a text can be reused from an earlier one.
 */
export function distinctWordPairs(n: number, seed = 7): string[] {
  const words = [...new Set(vocabulary)];
  // Every ordered pair once, in an order shuffled by a seeded generator (xorshift: the articles' LCG
  // repeats too soon for this many draws), the first n taken.
  const pairs: string[] = [];
  for (const a of words) for (const b of words) if (a !== b) pairs.push(`${a} ${b}`);
  let state = seed >>> 0 || 1;
  for (let i = pairs.length - 1; i > 0; i--) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    const j = (state >>> 0) % (i + 1);
    [pairs[i], pairs[j]] = [pairs[j], pairs[i]];
  }
  return pairs.slice(0, n);
}
