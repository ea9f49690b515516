// Every text a person reads from the offline layer (drafts, sync, update prompt), in one place.
import { updateTexts } from './update-texts';

/** 'No hay formularios sin enviar', '1 formulario sin enviar', '3 formularios sin enviar' (Spanish number agreement). */
function unsentForms(n: number): string {
  if (n <= 0) return 'No hay formularios sin enviar';
  return n === 1 ? '1 formulario sin enviar' : `${n} formularios sin enviar`;
}

export const offlineTexts = {
  ...updateTexts,
  queuedOffline: 'Sin conexión: el formulario se enviará automáticamente al recuperar la conexión',
  queuedNoAnswer: 'Se enviará automáticamente',
  queuedNoAnswerHint: 'La conexión no responde: el formulario quedó guardado en este dispositivo.',
  sessionExpired: 'Su sesión expiró: inicie sesión para enviar los formularios pendientes',
  sentFromQueue: 'Formulario pendiente enviado',
  sentFromQueueCount: (n: number) => (n === 1 ? 'Se envió 1 formulario pendiente' : `Se enviaron ${n} formularios pendientes`),
  sendFailed: 'No se pudo enviar un formulario pendiente',
  sendFailedHint: 'El servidor lo rechazó. Abra el formulario de avanzada para ver el motivo y corregirlo.',
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
  draftsLocked:
    'Los borradores de este dispositivo están cifrados y su llave ya no está disponible sin conexión. ' +
    'Conéctese a internet e inicie sesión de nuevo para abrirlos y guardar formularios nuevos.',
  draftSaveLocked: 'No se pudo guardar el borrador: su llave ya no está en este dispositivo. Inicie sesión de nuevo.',
  unsentOnDevice: (n: number) => `${unsentForms(n)} en este dispositivo`,
  logoutTitle: 'Cerrar sesión con formularios sin enviar',
  /** The same dialog once the queue sent what was waiting while it was open. */
  logoutTitleNone: 'Cerrar sesión',
  logoutConfirm: (n: number) => {
    if (n <= 0) return `${unsentForms(0)} en este dispositivo. ¿Desea cerrar sesión?`;
    const kept = n === 1 ? 'Se conservará y se enviará' : 'Se conservarán y se enviarán';
    return `Hay ${unsentForms(n)} en este dispositivo. ${kept} cuando vuelva a iniciar sesión con este usuario. ¿Desea cerrar sesión?`;
  },
  logoutConfirmLabel: 'Cerrar Sesión',
  onDeviceUnsent: 'En este dispositivo, sin enviar',
  storageUse: (usedMb: string, freeMb: string) => `Espacio usado en este dispositivo: ${usedMb} MB · libre: ${freeMb} MB`,
  draftDiscarded: 'Borrador descartado',
  unsentKept: (n: number) =>
    n <= 0 ? `${unsentForms(0)} en este dispositivo` : `${unsentForms(n)} se ${n === 1 ? 'conserva' : 'conservan'} en este dispositivo`,
  photoUploadFailed: 'No se pudo subir una foto',
  untitledDraft: 'Sin anfitrión',
} as const;

/** What the queue says once it has tried the forms waiting on this device (English on English pages: texts.en.ts). */
export type QueueOutcomeTexts = { sentFromQueueCount: (n: number) => string; sendFailed: string; sendFailedHint: string; sessionExpired: string };

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
