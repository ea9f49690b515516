// Every text a person reads from the offline layer (drafts, sync, update prompt), in one place.
export const offlineTexts = {
  updateAvailable: 'Nueva versión disponible',
  updateAction: 'Actualizar',
  queuedOffline: 'Sin conexión: el formulario se enviará automáticamente al recuperar la conexión',
  sessionExpired: 'Su sesión expiró: inicie sesión para enviar los formularios pendientes',
  sentFromQueue: 'Formulario pendiente enviado',
  sentFromQueueCount: (n: number) => (n === 1 ? 'Se envió 1 formulario pendiente' : `Se enviaron ${n} formularios pendientes`),
  sendFailed: 'No se pudo enviar un formulario pendiente',
  lowStorage: 'Queda poco espacio en este dispositivo',
  lowStorageHint: (freeMb: number) => `Quedan unos ${freeMb} MB libres: libere espacio para no perder borradores ni fotos.`,
  offlineBanner: 'Sin conexión',
  offlineBannerHint: 'Se muestran los últimos datos cargados; los cambios no se pueden guardar hasta recuperar la conexión.',
  draftFound: 'Hay un borrador guardado de este formulario',
  draftFoundHint: (when: string) => `Guardado por última vez el ${when}.`,
  continueDraft: 'Continuar borrador',
  discardDraft: 'Descartar',
  draftDiscarded: 'Borrador descartado',
  unsentKept: (n: number) => (n === 1 ? '1 formulario sin enviar se conserva en este dispositivo' : `${n} formularios sin enviar se conservan en este dispositivo`),
  photoUploadFailed: 'No se pudo subir una foto',
  untitledDraft: 'Sin anfitrión',
} as const;

/** State labels of the 'Borradores' tab. */
export const draftStateLabels = {
  draft: 'Borrador',
  pending: 'Pendiente de envío',
  sent: 'Enviado',
  error: 'Error',
} as const;
