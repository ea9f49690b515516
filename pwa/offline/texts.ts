// Every text a person reads from the offline layer (drafts, sync, update prompt), in one place.
import { updateTexts } from './update-texts';

export const offlineTexts = {
  ...updateTexts,
  queuedOffline: 'Sin conexión: el formulario se enviará automáticamente al recuperar la conexión',
  queuedNoAnswer: 'Se enviará automáticamente',
  queuedNoAnswerHint: 'La conexión no responde: el formulario quedó guardado en este dispositivo.',
  sessionExpired: 'Su sesión expiró: inicie sesión para enviar los formularios pendientes',
  sentFromQueue: 'Formulario pendiente enviado',
  sentFromQueueCount: (n: number) => (n === 1 ? 'Se envió 1 formulario pendiente' : `Se enviaron ${n} formularios pendientes`),
  sendFailed: 'No se pudo enviar un formulario pendiente',
  lowStorage: 'Queda poco espacio en este dispositivo',
  lowStorageHint: (freeMb: number) => `Quedan unos ${freeMb} MB libres: libere espacio para no perder borradores ni fotos.`,
  offlineBanner: 'Sin conexión',
  offlineBannerHint:
    'Se muestran los últimos datos cargados. Los formularios de avanzada sí funcionan: se guardan en este dispositivo ' +
    'y se envían solos al recuperar la conexión. Otros cambios esperan a la conexión.',
  draftFound: 'Hay un borrador guardado de este formulario',
  draftFoundHint: (when: string) => `Guardado por última vez el ${when}.`,
  continueDraft: 'Continuar borrador',
  discardDraft: 'Descartar',
  discardTitle: 'Descartar borrador',
  discardConfirm: (lost: string) => `Se perderán ${lost} de este borrador, guardadas en este dispositivo. Esta acción no se puede deshacer.`,
  /** '12 respuestas y 2 fotos': what deleting a draft loses. */
  lostContents: (answers: number, photos: number) =>
    `${answers === 1 ? '1 respuesta' : `${answers} respuestas`} y ${photos === 1 ? '1 foto' : `${photos} fotos`}`,
  sentReadOnly: 'Este formulario ya fue enviado',
  sentReadOnlyHint: 'El servidor lo recibió: ya no se puede modificar en este dispositivo.',
  viewSent: 'Ver formulario',
  draftBusy: 'Este formulario se está enviando o está abierto en otra pestaña. Espere un momento…',
  unsentOnDevice: (n: number) => (n === 1 ? '1 formulario sin enviar en este dispositivo' : `${n} formularios sin enviar en este dispositivo`),
  logoutTitle: 'Cerrar sesión con formularios sin enviar',
  logoutConfirm: (n: number) =>
    `${n === 1 ? 'Hay 1 formulario sin enviar' : `Hay ${n} formularios sin enviar`} en este dispositivo. ` +
    'Se conservarán y se enviarán cuando vuelva a iniciar sesión con este usuario. ¿Desea cerrar sesión?',
  logoutConfirmLabel: 'Cerrar Sesión',
  onDeviceUnsent: 'En este dispositivo, sin enviar',
  storageUse: (usedMb: string, freeMb: string) => `Espacio usado en este dispositivo: ${usedMb} MB · libre: ${freeMb} MB`,
  draftDiscarded: 'Borrador descartado',
  unsentKept: (n: number) =>
    n === 1 ? '1 formulario sin enviar se conserva en este dispositivo' : `${n} formularios sin enviar se conservan en este dispositivo`,
  photoUploadFailed: 'No se pudo subir una foto',
  untitledDraft: 'Sin anfitrión',
} as const;

/** What the queue says once it has tried the forms waiting on this device (English on English pages: texts.en.ts). */
export type QueueOutcomeTexts = { sentFromQueueCount: (n: number) => string; sendFailed: string; sessionExpired: string };

/** The toasts of a form sent from its screen that waits in the queue (the English form page has its own). */
export type QueueToastTexts = { queuedOffline: string; queuedNoAnswer: string; queuedNoAnswerHint: string; sessionExpired: string };

export const queueToastTexts: QueueToastTexts = {
  queuedOffline: offlineTexts.queuedOffline,
  queuedNoAnswer: offlineTexts.queuedNoAnswer,
  queuedNoAnswerHint: offlineTexts.queuedNoAnswerHint,
  sessionExpired: offlineTexts.sessionExpired,
};

/** State labels of the 'Borradores' tab. */
export const draftStateLabels = {
  draft: 'Borrador',
  pending: 'Pendiente de envío',
  sent: 'Enviado',
  error: 'Error',
} as const;
