// Every text of the admin panel, in one place. Texts marked `// spec` are the product's required wording,
// word for word (docs/rules.md, 'Required wording'); the rest is ours. The audit trail's words live in history/texts.ts.

export const loginTexts = {
  title: 'Panel de Administración', // spec
  subtitle: 'Ingrese sus credenciales para acceder',
  username: 'Usuario', // spec
  password: 'Contraseña', // spec
  submit: 'Iniciar Sesión', // spec
  submitting: 'Iniciando sesión...', // spec
  usernameRequired: 'El usuario es requerido', // spec
  passwordRequired: 'La contraseña es requerida', // spec
  success: 'Inicio de sesión exitoso', // spec
  failureTitle: 'Error de autenticación', // spec
  failureDescription: 'Usuario o contraseña incorrectos.', // spec
  backToSite: 'Volver al sitio',
  code: 'Código de verificación',
  codeHint: 'Los 6 dígitos de su aplicación de autenticación, o uno de sus códigos de recuperación.',
  codeAsked: 'Introduzca el código de su aplicación de autenticación para terminar de iniciar sesión.',
  or: 'o',
  passkey: 'Usar una llave de acceso',
  passkeyFailed: 'No se pudo iniciar sesión con la llave de acceso.',
} as const;

export const sessionTexts = {
  checking: 'Verificando sesión...',
  checkFailed: 'No se pudo verificar la sesión. Revise su conexión.',
  retry: 'Reintentar',
} as const;

export const dashboardTexts = {
  title: 'Panel de Administración', // spec
  signedInAs: (username: string, role: string) => `${username} · ${role}`,
  logout: 'Cerrar Sesión', // spec
  logoutError: 'Error al cerrar sesión', // spec
  tabsLabel: 'Secciones del panel',
  security: 'Seguridad de la cuenta',
  tabs: {
    news: 'Noticias', // spec
    services: 'Servicios', // spec
    avanzadas: 'Avanzadas', // spec
    contacts: 'Mensajes', // spec
    rss: 'RSS', // spec
    users: 'Usuarios',
    activity: 'Actividad',
  },
} as const;

/** Texts every tab shares: states, actions, the delete confirmation, the dialog buttons. */
export const commonTexts = {
  loading: 'Cargando...',
  loadError: 'No se pudo cargar la información.',
  retry: 'Reintentar',
  edit: 'Editar',
  delete: 'Eliminar',
  cancel: 'Cancelar',
  close: 'Cerrar',
  create: 'Crear', // spec
  update: 'Actualizar', // spec
  saving: 'Guardando...', // spec
  loadMore: 'Cargar más',
  confirmTitle: 'Confirmar eliminación',
  deleting: 'Eliminando...',
  required: 'Campo requerido',
  optional: '(opcional)',
  previous: 'Anterior',
  next: 'Siguiente',
  page: (page: number, pages: number) => `Página ${page} de ${pages}`,
  commaHint: 'Separe los elementos con comas',
  /** What a screen reader hears before the language badge of a message or form sent from the English pages. */
  languagePrefix: 'Idioma: ',
} as const;

export const newsTexts = {
  title: 'Gestión de Noticias', // spec
  create: 'Nueva Noticia', // spec
  dialogCreate: 'Nueva Noticia', // spec
  dialogEdit: 'Editar Noticia', // spec
  fieldTitle: 'Título',
  fieldSlug: 'Slug',
  slugPlaceholder: 'titulo-de-la-noticia', // spec
  slugHint: 'Se sugiere a partir del título; puede editarlo.',
  fieldCategory: 'Categoría',
  fieldAuthor: 'Autor',
  fieldExcerpt: 'Extracto',
  fieldContent: 'Contenido',
  contentHint: 'HTML permitido', // spec
  englishSection: 'Versión en inglés (opcional)',
  englishHint: 'Para la edición en inglés del sitio. Sin ella, la noticia se muestra en español con una nota.',
  fieldEnglishTitle: 'Título en inglés',
  fieldEnglishExcerpt: 'Extracto en inglés',
  fieldEnglishContent: 'Contenido en inglés',
  englishContentHint: 'Admite el mismo HTML que el contenido en español.',
  searchLabel: 'Buscar',
  searchPlaceholder: 'Buscar noticias...', // spec (public list)
  statusLabel: 'Estado',
  statusAll: 'Todas',
  statusPending: 'Pendientes de revisión',
  pending: 'Pendiente de revisión',
  imported: 'Importada',
  reviewNote: 'Nota de la importación',
  media: 'Medios',
  publish: 'Publicar',
  publishing: 'Publicando...',
  empty: 'No hay noticias registradas',
  emptySearch: 'Ninguna noticia coincide con la búsqueda',
  loadError: 'Error al cargar noticias', // spec
  total: (n: number) => `${n} noticia(s)`,
  by: (author: string) => `Por ${author}`,
  confirmDelete: (title: string) => `¿Está seguro que desea eliminar la noticia «${title}»?`,
  created: 'Noticia creada exitosamente', // spec
  updated: 'Noticia actualizada exitosamente', // spec
  deleted: 'Noticia eliminada exitosamente', // spec
  published: 'Noticia publicada exitosamente',
  createError: 'Error al crear noticia', // spec
  updateError: 'Error al actualizar noticia', // spec
  deleteError: 'Error al eliminar noticia', // spec
} as const;

export const servicesTexts = {
  title: 'Servicios Registrados', // spec
  create: 'Nuevo Servicio', // spec
  dialogCreate: 'Nuevo Servicio', // spec
  dialogEdit: 'Editar Servicio', // spec
  fieldTitle: 'Título',
  fieldDescription: 'Descripción',
  fieldIcon: 'Icono',
  fieldCategory: 'Categoría',
  fieldFeatures: 'Características',
  featuresHint: 'Una característica por línea; cada una puede llevar comas.',
  fieldOrder: 'Orden',
  order: (order: string) => `Orden: ${order}`,
  empty: 'No hay servicios registrados',
  confirmDelete: (title: string) => `¿Está seguro que desea eliminar el servicio «${title}»?`,
  created: 'Servicio creado exitosamente', // spec
  updated: 'Servicio actualizado exitosamente', // spec
  deleted: 'Servicio eliminado exitosamente', // spec
  createError: 'Error al crear servicio', // spec
  updateError: 'Error al actualizar servicio', // spec
  deleteError: 'Error al eliminar servicio', // spec
} as const;

export const avanzadasTexts = {
  title: 'Formularios de Avanzada', // spec
  create: 'Nuevo Formulario', // spec
  empty: 'No hay formularios de avanzada registrados', // spec
  total: (n: number) => `${n} formulario(s)`,
  eventNature: 'Naturaleza del evento',
  eventDate: 'Fecha',
  eventTime: 'Hora',
  address: 'Dirección',
  details: 'Ver detalles', // spec
  downloadPdf: 'Descargar PDF',
  downloading: 'Descargando...',
  confirmDelete: '¿Está seguro que desea eliminar este formulario?', // spec (detail screen)
  pdfDownloaded: 'PDF descargado exitosamente', // spec
  pdfError: 'Error al descargar PDF', // spec
  deleted: 'Formulario eliminado exitosamente', // spec
  deleteError: 'Error al eliminar formulario', // spec
} as const;

export const contactsTexts = {
  title: 'Mensajes de Contacto', // spec
  count: (n: number) => `${n} mensaje(s)`, // spec
  empty: 'No hay mensajes de contacto', // spec
  markRead: 'Marcar como leído', // spec
  markResolved: 'Marcar como resuelto', // spec
  received: (when: string) => `Recibido el ${when}`,
  confirmDelete: (name: string) => `¿Está seguro que desea eliminar el mensaje de ${name}? Sus datos personales se borrarán.`,
  statusUpdated: 'Estado actualizado exitosamente', // spec
  statusError: 'Error al actualizar estado', // spec
  deleted: 'Mensaje eliminado exitosamente', // spec
  deleteError: 'Error al eliminar mensaje', // spec
  searchLabel: 'Buscar',
  searchPlaceholder: 'Nombre, correo, teléfono o texto del mensaje',
  statusLabel: 'Estado',
  statusAll: 'Todos',
  emptySearch: 'Ningún mensaje coincide con la búsqueda',
  exportCsv: 'Exportar CSV',
  exporting: 'Exportando...',
  exported: 'Archivo CSV descargado',
  exportError: 'Error al exportar mensajes',
  replyEmail: 'Responder por correo',
  replyWhatsapp: 'Responder por WhatsApp',
  notesTitle: 'Notas internas',
  notesHint: 'Solo las ve el personal; nunca se envían al remitente.',
  noteLabel: 'Nueva nota interna',
  addNote: 'Agregar nota',
  noteAdded: 'Nota agregada',
  noteError: 'Error al agregar la nota',
  noteBy: (author: string | null, when: string) => `${author ?? 'Sistema'} · ${when}`,
  statsTitle: 'Tiempos de respuesta (últimas 4 semanas)',
  medianToRead: 'Mediana hasta la lectura',
  medianToResolved: 'Mediana hasta la resolución',
  unreadOver24h: 'Sin leer hace más de 24 h',
  noData: 'Sin datos',
  readAfter: (duration: string) => `Leído a los ${duration}`,
  resolvedAfter: (duration: string) => `Resuelto a los ${duration}`,
} as const;

export const rssTexts = {
  title: 'Fuentes RSS', // spec
  create: 'Nueva Fuente RSS',
  dialogCreate: 'Nueva Fuente RSS', // spec
  dialogEdit: 'Editar Fuente RSS', // spec
  fieldName: 'Nombre',
  fieldUrl: 'URL del feed',
  urlHint: 'También puede indicar una página que anuncie su feed',
  fieldFormat: 'Formato',
  formats: { rss: 'RSS', atom: 'Atom', rdf: 'RDF', json: 'JSON Feed' },
  fieldCategory: 'Categoría por defecto',
  fieldInterval: 'Intervalo de actualización (horas)',
  fieldEnabled: 'Habilitado',
  fieldAutoPublish: 'Auto-publicar',
  autoPublishHint: 'Sin esta opción, los artículos importados esperan revisión antes de publicarse',
  fieldInclude: 'Incluir solo si contiene (palabras clave)',
  fieldExclude: 'Excluir si contiene (palabras clave)',
  keywordsHint: 'Separadas por comas; sin distinguir mayúsculas ni acentos',
  enabled: 'Habilitado', // spec
  disabled: 'Deshabilitado', // spec
  autoPublish: 'Auto-publicar', // spec
  lastUpdate: (when: string) => `Última actualización: ${when}`,
  neverUpdated: 'Última actualización: nunca',
  interval: (hours: number) => `Cada ${hours} hora(s)`,
  lastRun: (r: { fetched: number; created: number; skipped: number; tooLong?: number; failed: number }) =>
    `Última importación: ${r.fetched} leído(s), ${r.created} nuevo(s), ${r.skipped} omitido(s)${r.tooLong ? ` (${r.tooLong} por un contenido demasiado largo)` : ''}, ${r.failed} con error`,
  lastRunError: (message: string) => `Error: ${message}`,
  keywordsInclude: (words: string) => `Incluye: ${words}`,
  keywordsExclude: (words: string) => `Excluye: ${words}`,
  toggleLabel: (name: string) => `Habilitar ${name}`,
  importNow: 'Importar ahora',
  importing: 'Importando...',
  empty: 'No hay fuentes RSS registradas',
  confirmDelete: (name: string) => `¿Está seguro que desea eliminar la fuente «${name}»? Los artículos ya importados se conservan.`,
  created: 'Fuente RSS creada exitosamente', // spec
  updated: 'Fuente RSS actualizada exitosamente', // spec
  deleted: 'Fuente RSS eliminada exitosamente', // spec
  createError: 'Error al crear fuente RSS', // spec
  updateError: 'Error al actualizar fuente RSS', // spec
  deleteError: 'Error al eliminar fuente RSS', // spec
  imported: 'Importación completada', // spec
  importedCount: (n: number) => `Se importaron ${n} artículo(s)`, // spec
  importError: 'Error al importar artículos', // spec
} as const;

export const usersTexts = {
  title: 'Usuarios',
  create: 'Nuevo Usuario',
  dialogCreate: 'Nuevo Usuario',
  fieldUsername: 'Usuario',
  fieldPassword: 'Contraseña',
  passwordHint: 'Al menos 12 caracteres; no use contraseñas comunes',
  fieldRole: 'Rol',
  fieldNewPassword: 'Nueva contraseña',
  resetPassword: 'Restablecer contraseña',
  resetTitle: (username: string) => `Restablecer contraseña de ${username}`,
  resetHint: 'Se cerrarán las sesiones abiertas de este usuario y deberá elegir una contraseña nueva al iniciar sesión.',
  endSessions: 'Cerrar sesiones',
  confirmEndSessionsTitle: 'Cerrar sesiones',
  removeSecondFactors: 'Quitar segundo factor',
  confirmRemoveSecondFactors: (username: string) =>
    `¿Quitar la aplicación de autenticación y las llaves de acceso de ${username}? Hágalo solo si las perdió: se cerrarán sus sesiones y entrará con su contraseña, y deberá configurar un segundo factor de nuevo si es obligatorio.`,
  secondFactorsRemoved: 'Segundo factor quitado: sus sesiones se cerraron',
  confirmEndSessions: (username: string) => `¿Cerrar todas las sesiones de ${username}? Tendrá que iniciar sesión de nuevo en cada dispositivo.`,
  sessionsEnded: (n: number) => `Se cerraron ${n} sesión(es)`,
  endSessionsError: 'Error al cerrar sesiones',
  secondFactor: 'Segundo factor',
  noSecondFactor: 'Sin segundo factor',
  mustChangePassword: 'Debe cambiar la contraseña',
  noticeEmail: 'Correo de avisos',
  noticeEmailTitle: (username: string) => `Correo de avisos de ${username}`,
  noticeEmailHint: 'Recibe un aviso cuando se inicia sesión desde un dispositivo nuevo. Déjelo vacío para no enviar avisos.',
  requireSecondFactor: 'Exigir segundo factor a todo el personal',
  requireSecondFactorHint: 'Quien no tenga aplicación de autenticación ni llave de acceso deberá configurar una al iniciar sesión.',
  settingsTitle: 'Seguridad del personal',
  settingsSaved: 'Configuración guardada',
  settingsError: 'Error al guardar la configuración',
  changeRole: 'Cambiar rol',
  roleTitle: (username: string) => `Cambiar rol de ${username}`,
  disable: 'Deshabilitar',
  enable: 'Habilitar',
  active: 'Activo',
  disabledBadge: 'Deshabilitado',
  you: '(usted)',
  since: (when: string) => `Desde el ${when}`,
  empty: 'No hay usuarios registrados',
  created: 'Usuario creado exitosamente',
  updated: 'Usuario actualizado exitosamente',
  passwordReset: 'Contraseña restablecida exitosamente',
  createError: 'Error al crear usuario',
  updateError: 'Error al actualizar usuario',
  confirmDisable: (username: string) => `¿Deshabilitar a ${username}? No podrá iniciar sesión y se cerrarán sus sesiones.`,
  confirmDisableTitle: 'Confirmar',
} as const;
