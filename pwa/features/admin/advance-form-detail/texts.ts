// Every text of the advance-form detail screen. `// spec`: required wording (docs/rules.md, 'Required wording').
export const detailTexts = {
  loading: 'Cargando...', // spec
  notFound: 'Formulario no encontrado', // spec
  loadError: 'No se pudo cargar el formulario.',
  retry: 'Reintentar',
  backToDashboard: 'Volver al Dashboard', // spec
  title: 'Formulario de Avanzada',
  createdAt: (when: string) => `Creado el ${when}`,
  completedOnSite: (when: string) => `Completado en sitio: ${when}`,
  /** The version shown arrived later than the first one: a correction sent from the same draft. */
  correctedAt: (when: string) => `Corregido el ${when}`,
  /** After the clock note (deviceClockNote, shared with the PDF): which of the two times to trust. */
  deviceClockHint: '«Completado en sitio» es la hora del dispositivo; «Creado el», la del servidor.',
  submittedBy: 'Registrado por el personal',
  submittedPublic: 'Enviado desde el sitio público',
  /** Shown for a form sent from the English page ('Idioma: Inglés'); Spanish ones say nothing. */
  language: (label: string) => `Idioma: ${label}`,
  downloadPdf: 'Descargar PDF', // spec
  pdfError: 'Error al descargar PDF', // spec
  delete: 'Eliminar', // spec
  deleteTitle: 'Eliminar formulario',
  confirmDelete: '¿Está seguro que desea eliminar este formulario?', // spec
  deleted: 'Formulario eliminado exitosamente', // spec
  deleteError: 'Error al eliminar formulario', // spec
  noPhoto: 'Sin foto',
  photoAlt: (label: string) => label,
  sectionHeading: (n: number, title: string) => `${n}. ${title}`,
} as const;
