// The news editor's own texts: the rich-text toolbar and its forms, statuses and scheduling, autosave,
// preview, preview links and versions. Not required wording: ours. (The tab's required texts are in
// ../texts.ts, newsTexts.)
import { formatDateTime, newsStatusLabel, type NewsStatus } from '../../../../domain';

const seconds = (ms: number) => Math.max(0, Math.round(ms / 1000));
/** '5 s', '2 min', '1 h': how long ago, briefly. */
const ago = (ms: number) => {
  const s = seconds(ms);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min`;
  return `${Math.floor(s / 3600)} h`;
};

export const editorTexts = {
  toolbar: 'Formato del texto',
  paragraph: 'Párrafo normal',
  heading2: 'Título de sección (Ctrl+Alt+2)',
  heading3: 'Subtítulo (Ctrl+Alt+3)',
  bold: 'Negrita (Ctrl+B)',
  italic: 'Cursiva (Ctrl+I)',
  bulletList: 'Lista con viñetas (Ctrl+Mayús+8)',
  orderedList: 'Lista numerada (Ctrl+Mayús+7)',
  quote: 'Cita (Ctrl+Mayús+B)',
  link: 'Enlace (Ctrl+K)',
  image: 'Imagen',
  video: 'Video de YouTube o Vimeo',
  undo: 'Deshacer (Ctrl+Z)',
  redo: 'Rehacer (Ctrl+Mayús+Z)',
  source: 'Código HTML',
  sourceLabel: (label: string) => `${label} (código HTML)`,
  editorLabel: (label: string) => `${label} (editor de texto enriquecido)`,
  loading: 'Cargando el editor...',
  unsupported: 'Este contenido tiene elementos que el editor visual no conserva (tablas, figuras u otros). Edítelo en código HTML para no perderlos.',
  linkUrl: 'Dirección del enlace',
  linkHint: 'https://..., mailto:... o tel:...',
  linkApply: 'Aplicar enlace',
  linkRemove: 'Quitar enlace',
  linkInvalid: 'Escriba una dirección que empiece por https://, http://, mailto: o tel:',
  imageUrl: 'URL de la imagen',
  imageAlt: 'Texto alternativo',
  imageAltHint: 'Describa la imagen para quien no puede verla (obligatorio).',
  imageInsert: 'Insertar imagen',
  imageUrlInvalid: 'La imagen debe ser una URL válida que empiece por https://',
  imageAltRequired: 'El texto alternativo es obligatorio',
  videoUrl: 'Enlace del video',
  videoHint: 'Un video de YouTube o de Vimeo, tal como lo copia del navegador.',
  videoTitle: 'Título del video (para lectores de pantalla)',
  videoInsert: 'Insertar video',
  videoInvalid: 'Solo se admiten videos de YouTube o Vimeo',
  defaultVideoTitle: 'Video',
  cancel: 'Cancelar',
  pastedUndescribed: (n: number) =>
    n === 1
      ? 'Se quitó una imagen pegada que no tenía descripción (texto alternativo). Puede insertarla con su descripción.'
      : `Se quitaron ${n} imágenes pegadas que no tenían descripción (texto alternativo). Puede insertarlas con su descripción.`,
  describeImage: 'Describir e insertar imagen',
  pastedUnusable: (n: number) =>
    n === 1
      ? 'Se quitó una imagen pegada que el sitio no puede mostrar (su dirección no empieza por https://). Súbala con el botón Imagen.'
      : `Se quitaron ${n} imágenes pegadas que el sitio no puede mostrar (su dirección no empieza por https://). Súbalas con el botón Imagen.`,
  pastedTables: (n: number) =>
    n === 1
      ? 'La tabla pegada se convirtió en párrafos: una fila por párrafo, con sus celdas separadas por «|». Para conservarla como tabla, escríbala en Código HTML.'
      : `Las ${n} tablas pegadas se convirtieron en párrafos: una fila por párrafo, con sus celdas separadas por «|». Para conservarlas como tablas, escríbalas en Código HTML.`,
  closeNotice: 'Cerrar aviso',
  staysInSource:
    'El editor visual no tiene tablas, figuras ni otros elementos de este contenido: se quedaría sin ellos. Siga en Código HTML, o quite esos elementos aquí para pasar al editor visual.',
  droppedOnSave: (addresses: string[]) =>
    addresses.length === 1
      ? `Una imagen no se guardará: el sitio solo muestra imágenes cuya dirección empieza por https:// (o de Medios), y al guardar se quita la que tiene esta dirección: ${addresses[0] || '(sin dirección)'}. Cambie la dirección a https:// o suba la imagen con el botón Imagen.`
      : `${addresses.length} imágenes no se guardarán: el sitio solo muestra imágenes cuya dirección empieza por https:// (o de Medios), y al guardar se quitan las que tienen estas direcciones: ${addresses.map((address) => address || '(sin dirección)').join(', ')}. Cambie sus direcciones a https:// o suba las imágenes con el botón Imagen.`,
} as const;

export const statusTexts = {
  label: 'Estado',
  options: newsStatusLabel,
  hint: {
    draft: 'Solo el personal la ve. Se guarda sola mientras escribe.',
    scheduled: 'Se publicará sola a la fecha y hora indicadas (hora de Costa Rica).',
    published: 'Visible en el sitio en cuanto la guarde. Para que aparezca más adelante, elija Programada.',
  } satisfies Record<NewsStatus, string>,
  publishedAt: 'Fecha y hora de publicación',
  publishedAtHint: 'Hora de Costa Rica.',
  scheduleInPast: 'Elija una fecha y hora futuras para programar la noticia',
  badgeDraft: 'Borrador',
  badgeScheduled: (at: string) => `Programada: ${formatDateTime(at)}`,
  filterDrafts: 'Borradores',
  filterScheduled: 'Programadas',
  filterPublished: 'Publicadas',
} as const;

export const dialogTexts = {
  tabs: 'Idioma del texto',
  spanish: 'Español',
  english: 'Inglés',
  preview: 'Vista previa',
  previewHint: 'Abre en otra pestaña la página tal como la verán los visitantes, con lo último guardado.',
  previewNeedsSave: 'Complete los campos obligatorios para ver la vista previa.',
  recoverLocal: (when: string) => `Hay cambios guardados en este equipo (${when}) que no están en el servidor.`,
  recover: 'Recuperar cambios',
  discardLocal: 'Descartar',
  changedElsewhere:
    'Esta noticia cambió en el servidor después de cargarse la lista (otra persona u otra ventana). Lo que escribió sigue aquí y no se guardará encima de esos cambios hasta que elija: cargue la versión actual (reemplaza su texto) o conserve la suya.',
  recoveredOlder:
    'Los cambios recuperados de este equipo se escribieron sobre una versión anterior de esta noticia, y después otra persona (u otra ventana) la guardó. No se guardarán encima de esos cambios hasta que elija: cargue la versión actual (reemplaza su texto) o conserve la suya.',
  loadCurrent: 'Cargar la versión actual',
  savedElsewhere:
    'Otra persona guardó esta noticia mientras usted la editaba, y su versión no se reemplazó. Lo que usted escribió sigue aquí, sin guardar en el servidor: cargue la versión actual (reemplaza su texto; cópielo antes si lo necesita) o conserve la suya para guardarla encima.',
  copyMine: 'Copiar mi texto',
  copied: 'Su texto (título, resumen y contenido) quedó copiado en el portapapeles.',
  copyFailed: 'No se pudo copiar: seleccione el texto y cópielo a mano.',
  keepMine: 'Conservar la mía',
  keptMine: 'Se conserva su versión: al guardar reemplazará la de la otra persona (seguirá en Versiones).',
} as const;

export const autosaveTexts = {
  never: 'Sin cambios por guardar',
  saving: 'Guardando...',
  saved: (ms: number) => `Guardado hace ${ago(ms)}`,
  savedHere: (ms: number) => `Guardado en este equipo hace ${ago(ms)}`,
  savedHereOffline: (ms: number) => `Sin conexión: guardado en este equipo hace ${ago(ms)}; se enviará al volver la conexión`,
  savedHereLive: (ms: number) => `Cambios guardados en este equipo hace ${ago(ms)}; se publican al pulsar Actualizar`,
  savedHereIncomplete: (ms: number) => `Guardado en este equipo hace ${ago(ms)}; complete los campos obligatorios para guardarlo en el servidor`,
  savedHereConflict: (ms: number) =>
    `Guardado en este equipo hace ${ago(ms)}, no en el servidor: otra persona guardó esta noticia mientras tanto (vea el aviso arriba)`,
  failed: 'No se pudo guardar el borrador',
  sentLater: 'Borrador sin conexión enviado',
  typedWhileSaving: 'Noticia guardada. Lo que escribió mientras se guardaba sigue aquí y aún no está guardado',
} as const;

export const previewLinkTexts = {
  title: 'Enlace de vista previa',
  hint: 'Cualquiera con el enlace ve la noticia sin cuenta durante 7 días, aunque no esté publicada. No la encuentran los buscadores.',
  create: 'Crear enlace',
  creating: 'Creando...',
  url: 'Enlace de vista previa',
  englishUrl: 'Enlace de vista previa (inglés)',
  copy: 'Copiar enlace',
  copied: 'Enlace copiado',
  expires: (at: string) => `Caduca el ${formatDateTime(at)}`,
  active: (n: number, at: string | null) => (n === 0 ? 'Sin enlaces activos' : `${n} enlace(s) activo(s); el último caduca el ${at ? formatDateTime(at) : ''}`),
  revoke: 'Revocar enlaces',
  revokeConfirm: 'Los enlaces de vista previa de esta noticia dejarán de funcionar de inmediato.',
  revoked: 'Enlaces de vista previa revocados',
  createError: 'No se pudo crear el enlace',
  revokeError: 'No se pudieron revocar los enlaces',
  needsSave: 'Guarde la noticia para crear un enlace.',
} as const;

export const revisionTexts = {
  title: 'Versiones',
  hint: 'Cada guardado que cambia el texto es una versión. Elija una para compararla con el texto actual.',
  empty: 'Aún no hay versiones guardadas.',
  loadError: 'No se pudieron cargar las versiones',
  version: (n: number) => `Versión ${n}`,
  meta: (at: string, by: string | null) => `${formatDateTime(at)} · ${by ? `por ${by}` : 'por el sistema'}`,
  restoredFrom: (n: number) => `restaura la versión ${n}`,
  compare: 'Comparar',
  selected: 'Seleccionada',
  current: 'Texto actual',
  fields: {
    title: 'Título',
    excerpt: 'Extracto',
    content: 'Contenido',
    englishTitle: 'Título en inglés',
    englishExcerpt: 'Extracto en inglés',
    englishContent: 'Contenido en inglés',
  },
  unchanged: 'Sin cambios en los campos de texto.',
  removed: 'Quitado',
  added: 'Agregado',
  restore: 'Restaurar esta versión',
  restoreConfirm: (n: number) => `El texto de la versión ${n} pasará a ser el actual (se guarda como una versión nueva).`,
  restored: 'Versión restaurada',
  restoreError: 'No se pudo restaurar la versión',
  unsaved:
    'Tiene cambios sin guardar: antes de restaurar se guardan (en un borrador, como una versión; en una noticia publicada, en este equipo, para recuperarlos).',
} as const;

/** The article's image in the dialog: upload, choose from Medios, its description. */
export const imageFieldTexts = {
  legend: 'Imagen (opcional)',
  none: 'Sin imagen. Suba una o elíjala de Medios.',
  current: 'Imagen actual de la noticia',
  fromLibrary: 'Imagen de Medios: el sitio la muestra en el tamaño de cada pantalla.',
  external: (url: string) => `Imagen externa: ${url}`,
  remove: 'Quitar imagen',
  choose: 'Elegir de Medios',
  alt: 'Descripción de la imagen (texto alternativo)',
  altHint: 'Qué muestra la imagen, para quien no puede verla. Obligatoria si hay imagen.',
};
