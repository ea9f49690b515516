// The audit trail's vocabulary (history of a record and the Actividad tab): Spanish names of event types,
// origins and record fields, and the screens' own texts. Not required wording: ours.
export const historyTexts = {
  open: 'Historial',
  title: 'Historial de cambios',
  empty: 'Sin eventos registrados',
  loadError: 'No se pudo cargar el historial',
  system: 'Sistema',
  visitor: 'Visitante',
  by: (who: string) => `por ${who}`,
  fieldCount: (n: number) => `Ver ${n} campo(s)`,
  changeArrow: '→',
  changedTo: 'cambió a',
  emptyValue: '(vacío)',
  yes: 'Sí',
  no: 'No',
} as const;

export const activityTexts = {
  title: 'Actividad',
  subtitle: 'Últimos eventos de todo el sitio',
  typeLabel: 'Tipo de evento',
  typeAll: 'Todos',
  actorLabel: 'Persona (usuario)',
  actorPlaceholder: 'Ej. admin',
  apply: 'Filtrar',
  clear: 'Limpiar',
  empty: 'No hay actividad registrada',
  record: (name: string | null, id: string) => (name ? `Registro: ${name}` : `Registro ${id.slice(0, 8)}`),
} as const;

/** Spanish names of the event types of the log (events/catalogue.ts), for history and activity. */
export const eventTypeLabel: Record<string, string> = {
  NewsArticleCreated: 'Noticia creada',
  NewsArticleUpdated: 'Noticia actualizada',
  NewsArticlePublished: 'Noticia publicada',
  NewsArticleRestored: 'Versión de noticia restaurada',
  NewsArticleDeleted: 'Noticia eliminada',
  ServiceCreated: 'Servicio creado',
  ServiceUpdated: 'Servicio actualizado',
  ServiceDeleted: 'Servicio eliminado',
  FeedSourceCreated: 'Fuente RSS creada',
  FeedSourceUpdated: 'Fuente RSS actualizada',
  FeedSourceDeleted: 'Fuente RSS eliminada',
  FeedSourceImported: 'Importación de fuente RSS',
  ContactMessageReceived: 'Mensaje recibido',
  ContactStatusChanged: 'Estado cambiado',
  ContactNoteAdded: 'Nota interna agregada',
  ContactMessageErased: 'Mensaje eliminado',
  AdvanceFormSubmitted: 'Formulario de avanzada creado',
  AdvanceFormCorrected: 'Formulario de avanzada corregido',
  AdvanceFormErased: 'Formulario de avanzada eliminado',
  UserRegistered: 'Usuario creado',
  UserRoleChanged: 'Rol cambiado',
  UserPasswordChanged: 'Contraseña cambiada',
  UserDisabled: 'Usuario deshabilitado',
  UserEnabled: 'Usuario habilitado',
  UserLoggedIn: 'Inicio de sesión',
  UserLoggedOut: 'Cierre de sesión',
  UserSignedIn: 'Inicio de sesión',
  UserSignedInFromNewDevice: 'Inicio de sesión desde un dispositivo nuevo',
  UserSignInFailed: 'Intento de inicio de sesión fallido',
  UserLockedOut: 'Cuenta bloqueada por intentos fallidos',
  UserSessionEnded: 'Sesión cerrada',
  UserTotpEnabled: 'Aplicación de autenticación activada',
  UserTotpDisabled: 'Aplicación de autenticación desactivada',
  UserRecoveryCodeUsed: 'Código de recuperación usado',
  UserPasskeyRegistered: 'Llave de acceso agregada',
  UserPasskeyRemoved: 'Llave de acceso quitada',
  UserNoticeEmailChanged: 'Correo de avisos cambiado',
  SecuritySettingsChanged: 'Configuración de seguridad cambiada',
};

/** Types older logs hold but nothing writes any more (sign-ins now have streams of their own): not offered as filters. */
export const legacyEventTypes = new Set(['UserLoggedIn', 'UserLoggedOut']);

/** Short verbs for a record's own history, where the record type is already known. */
export const eventVerbLabel = (type: string): string => {
  if (/(Created|Registered|Submitted)$/.test(type)) return 'Creado';
  if (/Received$/.test(type)) return 'Recibido';
  if (/Updated$/.test(type)) return 'Actualizado';
  if (/Corrected$/.test(type)) return 'Corregido';
  if (/Restored$/.test(type)) return 'Restaurado';
  if (/(Deleted|Erased)$/.test(type)) return 'Eliminado';
  if (type === 'ContactStatusChanged') return 'Estado cambiado';
  return eventTypeLabel[type] ?? type;
};

export const originLabel: Record<string, string> = {
  api: 'panel',
  'feed-import': 'importación RSS',
  'offline-sync': 'sincronización sin conexión',
  seed: 'datos iniciales',
  scheduler: 'importación programada',
};

/** Spanish names of record fields, for "which field changed from what to what". */
export const fieldLabel: Record<string, string> = {
  title: 'Título',
  slug: 'Slug',
  excerpt: 'Extracto',
  content: 'Contenido',
  image: 'Imagen',
  category: 'Categoría',
  author: 'Autor',
  publishedAt: 'Fecha de publicación',
  reviewRequired: 'Pendiente de revisión',
  restoredFrom: 'Restaurada desde la versión',
  isImported: 'Importada',
  sourceId: 'Fuente',
  sourceUrl: 'Enlace original',
  guidHash: 'Identificador del feed',
  description: 'Descripción',
  icon: 'Icono',
  features: 'Características',
  order: 'Orden',
  name: 'Nombre',
  url: 'URL',
  format: 'Formato',
  enabled: 'Habilitado',
  defaultCategory: 'Categoría por defecto',
  autoPublish: 'Auto-publicar',
  scheduleIntervalHours: 'Intervalo (horas)',
  lastFetchedAt: 'Última actualización',
  includeKeywords: 'Palabras incluidas',
  excludeKeywords: 'Palabras excluidas',
  createdAt: 'Creado',
  fetched: 'Leídos',
  created: 'Nuevos',
  skipped: 'Omitidos',
  failed: 'Con error',
  error: 'Error',
  at: 'Fecha y hora',
  englishTitle: 'Título en inglés',
  englishExcerpt: 'Extracto en inglés',
  englishContent: 'Contenido en inglés',
  language: 'Idioma',
  email: 'Correo electrónico',
  phone: 'Teléfono',
  message: 'Mensaje',
  status: 'Estado',
  note: 'Nota interna',
  username: 'Usuario',
  role: 'Rol',
  password: 'Contraseña',
  disabled: 'Deshabilitado',
  submittedBy: 'Enviado por',
  method: 'Método',
  device: 'Dispositivo',
  reason: 'Motivo',
  noticeEmail: 'Correo de avisos',
  totp: 'Aplicación de autenticación',
  passkey: 'Llave de acceso',
  requireSecondFactor: 'Exigir segundo factor',
  userId: 'Usuario (id)',
  hostName: 'Anfitrión',
  eventNature: 'Naturaleza del evento',
  eventDate: 'Fecha del evento',
  eventTime: 'Hora del evento',
  address: 'Dirección',
  completedOnSiteAt: 'Completado en sitio',
};
