// Every text of the advance-form screens, in one place. `// spec`: required wording, word for word
// (docs/rules.md, 'Required wording'). Field labels, section titles and options are the domain's
// (domain/advance-form-layout.ts, domain/enums.ts), and so are the validation messages
// (domain/schemas/advance-form.ts); the English page gives its own for all of them (texts.en.ts).
import { advanceFormMessages, formatDateTime, type AdvanceFormFieldKey, type EventNature, type FirstAidKitLevel, type GuardsArmed } from '../../../domain';
import { offlineTexts, queueToastTexts, type QueueToastTexts } from '../../offline/texts';
import type { PageHead } from '../../lib/head';
import type { SiteInfo } from '../../lib/site';

/** The words of the layout in another language than the domain's Spanish: every section, field and option. */
export type AdvanceFormLayoutWords = {
  sections: Record<1 | 2 | 3 | 4 | 5 | 6, string>;
  labels: Record<AdvanceFormFieldKey, string>;
  placeholders: Partial<Record<AdvanceFormFieldKey, string>>;
  options: Record<EventNature | FirstAidKitLevel | GuardsArmed, string>;
};

/** What the form's screen says about the draft kept on this device. */
type DraftScreenTexts = {
  found: string;
  foundHint: (savedAt: string) => string;
  continue: string;
  discard: string;
  discardTitle: string;
  discardConfirm: (answers: number, photos: number) => string;
  keep: string;
  discarded: string;
  sentReadOnly: string;
  sentReadOnlyHint: string;
  viewSent: string;
  busy: string;
  /** The offer's title when the server refused the draft's form. */
  refusedTitle: string;
  queue: QueueToastTexts;
};

/** The draft's words on the Spanish screens: the drafts tab's own. */
const draftScreenTexts: DraftScreenTexts = {
  found: offlineTexts.draftFound,
  foundHint: (savedAt) => offlineTexts.draftFoundHint(formatDateTime(savedAt)),
  continue: offlineTexts.continueDraft,
  discard: offlineTexts.discardDraft,
  discardTitle: offlineTexts.discardTitle,
  discardConfirm: (answers, photos) => offlineTexts.discardConfirm(offlineTexts.lostContents(answers, photos)),
  keep: 'Cancelar',
  discarded: offlineTexts.draftDiscarded,
  sentReadOnly: offlineTexts.sentReadOnly,
  sentReadOnlyHint: offlineTexts.sentReadOnlyHint,
  viewSent: offlineTexts.viewSent,
  busy: offlineTexts.draftBusy,
  refusedTitle: 'Este formulario no se pudo enviar',
  queue: queueToastTexts,
};

/** '1,2 MB', or '340 KB' under a megabyte; `comma` for Spanish decimals. */
export function byteSize(bytes: number, comma = true): string {
  if (bytes < 1024 * 1024) return `${Math.max(0, Math.round(bytes / 1024))} KB`;
  const text = (bytes / (1024 * 1024)).toFixed(1);
  return `${comma ? text.replace('.', ',') : text} MB`;
}

/** '12 s', '3 min': a short span for the queue's tries. */
const span = (ms: number) => {
  const seconds = Math.max(0, Math.round(ms / 1000));
  return seconds < 60 ? `${seconds} s` : `${Math.round(seconds / 60)} min`;
};

/** What the form screens say about the connection and the forms waiting on this device. */
const queueStatusTexts = {
  region: 'Estado de la conexión y de los envíos',
  network: { online: 'En línea', offline: 'Sin conexión', unreachable: 'Servidor no disponible' },
  networkHint: {
    online: '',
    offline: 'Los formularios se guardan en este dispositivo y se envían solos al volver la conexión.',
    unreachable: 'Hay red, pero el servidor no responde. Los formularios esperan en este dispositivo y se reintentan solos.',
  },
  waiting: (n: number) => (n === 1 ? '1 formulario en espera de envío' : `${n} formularios en espera de envío`),
  sending: (host: string) => (host ? `Enviando: ${host}` : 'Enviando un formulario…'),
  uploading: (index: number, count: number, loaded: number, total: number) =>
    count === 1
      ? `Subiendo la foto (${byteSize(loaded)} de ${byteSize(total)})…`
      : `Subiendo fotos (${index} de ${count}, ${byteSize(loaded)} de ${byteSize(total)})…`,
  uploadProgress: 'Progreso de la subida de fotos',
  lastTry: (agoMs: number) => `Último intento: hace ${span(agoMs)}`,
  nextTry: (inMs: number) => `Próximo intento en ${span(inMs)}`,
  trying: 'Intentando enviar…',
  sendNow: 'Enviar ahora',
  refused: (n: number) => (n === 1 ? '1 formulario no se pudo enviar' : `${n} formularios no se pudieron enviar`),
  /** The server's own message: the reason it gave. */
  refusedForm: (host: string, reason: string) => `${host ? `${host}: el` : 'El'} servidor lo rechazó. Motivo: ${reason}${/[.!?…]$/.test(reason) ? '' : '.'}`,
  refusedPhoto: (label: string) => `La foto «${label}» no se pudo usar: cámbiela o quítela.`,
  refusedAction: 'Continúe el borrador, corrija lo indicado y vuelva a guardarlo.',
  /** A refused form's link, when another form is on screen. */
  openRefused: 'Abrir este formulario',
  saveWaits: 'Guardar espera a que terminen de subir las fotos.',
};

export type QueueStatusTexts = typeof queueStatusTexts;

export const advanceFormTexts = {
  /** The public page's <head>: its title and description for search engines and link previews. */
  head: (site: SiteInfo): PageHead => ({
    title: `Formulario de Avanzada VIP | ${site.siteName}`,
    description:
      'Formulario de avanzada para eventos VIP: datos del evento, la sede, las rutas y la seguridad que nuestro equipo necesita para planificar su protección. Funciona también sin conexión.',
    path: '/formulario-avanzada',
  }),
  publicTitle: 'Formulario de Avanzada VIP',
  publicIntro:
    'Complete la información del evento para que nuestro equipo planifique su seguridad. Los campos marcados con * son obligatorios. La información se trata de forma confidencial.',
  adminTitle: 'Nuevo Formulario de Avanzada',
  adminIntro: 'Registre la evaluación de seguridad del evento. Los campos marcados con * son obligatorios.',
  backToDashboard: 'Volver al Dashboard', // spec
  backToHome: 'Volver al Inicio', // spec
  cancel: 'Cancelar', // spec
  submit: 'Guardar Formulario', // spec
  submitting: 'Guardando...', // spec
  requiredMark: ' *',
  selectPlaceholder: 'Seleccione una opción',
  sectionHeading: (n: number, title: string) => `${n}. ${title}`,
  publicSuccessTitle: 'Formulario enviado exitosamente', // spec
  publicSuccessText: 'Gracias por confiar en nosotros. Nuestro equipo revisará la información y se pondrá en contacto con usted a la brevedad.',
  adminSuccessTitle: 'Formulario guardado', // spec
  errorTitle: 'Error', // spec
  errorFallback: 'Error al crear formulario', // spec
  /** Set on a page whose visitors do not read the server's Spanish messages: the toast says this instead, and a refused field says `serverFieldError`. */
  ownErrors: null as null | { sendFailed: string; serverFieldError: string },
  honeypot: 'Sitio web (deje este campo vacío)',
  /** null: the layout's own Spanish words. */
  layout: null as AdvanceFormLayoutWords | null,
  messages: advanceFormMessages,
  photo: {
    choose: 'Seleccionar foto',
    replace: 'Cambiar foto',
    remove: 'Quitar foto',
    uploading: 'Subiendo foto...',
    uploaded: 'Foto subida', // spec
    hint: 'Una imagen (JPEG, PNG, WebP, GIF o HEIC), máximo 10 MB.',
    toastTitle: 'Foto subida exitosamente', // spec
    toastText: (label: string, fileName: string) => `${label}: ${fileName}`,
    thumbnailAlt: (label: string) => `Vista previa: ${label}`,
    notAnImage: 'Solo se permiten imágenes (JPEG, PNG, WebP, GIF o HEIC).',
    tooLarge: 'La foto supera el tamaño máximo de 10 MB.',
    unreadable: 'No se pudo leer la imagen: el archivo está dañado o incompleto. Envíela de nuevo o en JPEG.',
    tooManyPixels: 'La imagen es demasiado grande: como máximo 100 megapíxeles.',
    oneOnly: 'Seleccione una sola foto.',
    failed: 'No se pudo subir la foto. Intente de nuevo.',
    offline: 'Sin conexión: no se pudo subir la foto.',
    keptOffline: 'Foto guardada en este dispositivo: se subirá al enviar el formulario',
    waitForUploads: 'Espere a que terminen de subir las fotos.',
  },
  drafts: draftScreenTexts,
  status: queueStatusTexts,
};

export type AdvanceFormTexts = typeof advanceFormTexts;
