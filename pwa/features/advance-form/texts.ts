// Every text of the advance-form screens, in one place. `// spec`: required wording, word for word
// (docs/rules.md, 'Required wording'). Field labels, section titles and options are the domain's
// (domain/advance-form-layout.ts, domain/enums.ts), and so are the validation messages
// (domain/schemas/advance-form.ts); the English page gives its own for all of them (texts.en.ts).
import { advanceFormMessages, formatDateTime, type AdvanceFormFieldKey, type EventNature, type FirstAidKitLevel, type GuardsArmed } from '../../../domain';
import { offlineTexts, queueToastTexts, type QueueToastTexts } from '../../offline/texts';

/** The words of the layout in another language than the domain's Spanish: every section, field and option. */
export type AdvanceFormLayoutWords = {
  sections: Record<1 | 2 | 3 | 4 | 5 | 6, string>;
  labels: Record<AdvanceFormFieldKey, string>;
  placeholders: Partial<Record<AdvanceFormFieldKey, string>>;
  options: Record<EventNature | FirstAidKitLevel | GuardsArmed, string>;
};

/** What the form's screen says about the draft kept on this device. */
export type DraftScreenTexts = {
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
  queue: queueToastTexts,
};

export const advanceFormTexts = {
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
    oneOnly: 'Seleccione una sola foto.',
    failed: 'No se pudo subir la foto. Intente de nuevo.',
    offline: 'Sin conexión: no se pudo subir la foto.',
    keptOffline: 'Foto guardada en este dispositivo: se subirá al enviar el formulario',
    waitForUploads: 'Espere a que terminen de subir las fotos.',
  },
  drafts: draftScreenTexts,
};

export type AdvanceFormTexts = typeof advanceFormTexts;
