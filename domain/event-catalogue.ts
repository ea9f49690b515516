// The event catalogue: every event type the log may hold, and everything keyed by event type: the
// aggregate it belongs to, what it means beyond its payload (traits), and how people read it (Spanish and
// English names, the short verb of a record's own history). The one home of these facts: the server
// (events/, projections/, api/) and the panel (history, activity) read them here, so a new event type is
// declared in this file and then given to its decider and projector; a misspelt type is a type error.
// The payload of each type is its aggregate's event union (events/aggregates/*), which must name exactly
// the types declared here (events/catalogue.ts checks both ways at compile time).

/** Each aggregate's name, once. */
export const aggregates = [
  'newsArticle',
  'service',
  'feedSource',
  'contactMessage',
  'advanceForm',
  'user',
  /** One sign-in and the session it opened: a stream of its own, so sign-ins never collide on the user's stream. */
  'signIn',
  /** The staff security settings: one stream. */
  'securitySettings',
  /** The summary screen's settings (the response target): one stream. */
  'summarySettings',
  /** Each week's summary by e-mail: a stream per week. */
  'weeklySummary',
  /** An image of the media library, with its copies for pages (docs/media.md). */
  'media',
] as const;
export type Aggregate = (typeof aggregates)[number];

/** The read tables the projectors keep, and the caches of read models that must drop what changed. */
export type ReadModel =
  | 'users'
  | 'user_passkeys'
  | 'security_settings'
  | 'services'
  | 'rss_sources'
  | 'news_articles'
  | 'deleted_feed_items'
  | 'contact_messages'
  | 'advance_forms'
  | 'summary'
  | 'media'
  | 'publicPages';

export type EventFacts = {
  aggregate: Aggregate;
  /** The event that starts a record's stream: the history shows every field of it as new. */
  creates?: true;
  /** Appending it redacts the stream's earlier payloads in the same transaction (docs/decisions/erasure-by-redaction.md). */
  erases?: true;
  /** What its projection changes: read tables, and `publicPages`, the rendered public pages kept for visitors (they show news and services). */
  touches: readonly ReadModel[];
  /** Its name in the activity list and in notices: Spanish, and English. */
  label: { es: string; en: string };
  /** Its name in a record's own history, where the kind of record is already known ('Creado', 'Actualizado'). */
  verb: string;
  /** Older logs hold it but nothing writes it any more: read, never offered as a filter. */
  legacy?: true;
};

const news = ['news_articles', 'publicPages'] as const;
/** An article's image and text say which images of the media library it shows (media_uses). */
const newsWithImages = [...news, 'media'] as const;
const services = ['services', 'publicPages'] as const;

export const eventCatalogue = {
  NewsArticleCreated: {
    aggregate: 'newsArticle',
    creates: true,
    touches: newsWithImages,
    label: { es: 'Noticia creada', en: 'Article created' },
    verb: 'Creado',
  },
  NewsArticleUpdated: { aggregate: 'newsArticle', touches: newsWithImages, label: { es: 'Noticia actualizada', en: 'Article updated' }, verb: 'Actualizado' },
  NewsArticlePublished: { aggregate: 'newsArticle', touches: news, label: { es: 'Noticia publicada', en: 'Article published' }, verb: 'Noticia publicada' },
  // A version's text made current again: what it changed, like an update, and which version it came from.
  NewsArticleRestored: {
    aggregate: 'newsArticle',
    touches: newsWithImages,
    label: { es: 'Versión de noticia restaurada', en: 'Article version restored' },
    verb: 'Restaurado',
  },
  NewsArticleDeleted: {
    aggregate: 'newsArticle',
    touches: [...newsWithImages, 'deleted_feed_items'],
    label: { es: 'Noticia eliminada', en: 'Article deleted' },
    verb: 'Eliminado',
  },
  ServiceCreated: { aggregate: 'service', creates: true, touches: services, label: { es: 'Servicio creado', en: 'Service created' }, verb: 'Creado' },
  ServiceUpdated: { aggregate: 'service', touches: services, label: { es: 'Servicio actualizado', en: 'Service updated' }, verb: 'Actualizado' },
  ServiceDeleted: { aggregate: 'service', touches: services, label: { es: 'Servicio eliminado', en: 'Service deleted' }, verb: 'Eliminado' },
  FeedSourceCreated: {
    aggregate: 'feedSource',
    creates: true,
    touches: ['rss_sources'],
    label: { es: 'Fuente RSS creada', en: 'Feed source created' },
    verb: 'Creado',
  },
  FeedSourceUpdated: {
    aggregate: 'feedSource',
    touches: ['rss_sources'],
    label: { es: 'Fuente RSS actualizada', en: 'Feed source updated' },
    verb: 'Actualizado',
  },
  FeedSourceDeleted: { aggregate: 'feedSource', touches: ['rss_sources'], label: { es: 'Fuente RSS eliminada', en: 'Feed source deleted' }, verb: 'Eliminado' },
  FeedSourceImported: {
    aggregate: 'feedSource',
    touches: ['rss_sources', 'summary'],
    label: { es: 'Importación de fuente RSS', en: 'Feed source imported' },
    verb: 'Importación de fuente RSS',
  },
  ContactMessageReceived: {
    aggregate: 'contactMessage',
    creates: true,
    touches: ['contact_messages', 'summary'],
    label: { es: 'Mensaje recibido', en: 'Message received' },
    verb: 'Recibido',
  },
  ContactStatusChanged: {
    aggregate: 'contactMessage',
    touches: ['contact_messages', 'summary'],
    label: { es: 'Estado cambiado', en: 'Status changed' },
    verb: 'Estado cambiado',
  },
  // A staff note lives in its message's stream, so erasing the message erases its notes too.
  ContactNoteAdded: {
    aggregate: 'contactMessage',
    touches: ['contact_messages'],
    label: { es: 'Nota interna agregada', en: 'Internal note added' },
    verb: 'Nota interna agregada',
  },
  ContactMessageErased: {
    aggregate: 'contactMessage',
    erases: true,
    touches: ['contact_messages', 'summary'],
    label: { es: 'Mensaje eliminado', en: 'Message deleted' },
    verb: 'Eliminado',
  },
  AdvanceFormSubmitted: {
    aggregate: 'advanceForm',
    creates: true,
    touches: ['advance_forms', 'summary'],
    label: { es: 'Formulario de avanzada creado', en: 'Advance form created' },
    verb: 'Creado',
  },
  // A later save of the same draft, sent with the same key by whoever sent the form: a new version of the record.
  AdvanceFormCorrected: {
    aggregate: 'advanceForm',
    touches: ['advance_forms'],
    label: { es: 'Formulario de avanzada corregido', en: 'Advance form corrected' },
    verb: 'Corregido',
  },
  AdvanceFormErased: {
    aggregate: 'advanceForm',
    erases: true,
    touches: ['advance_forms', 'summary'],
    label: { es: 'Formulario de avanzada eliminado', en: 'Advance form deleted' },
    verb: 'Eliminado',
  },
  UserRegistered: { aggregate: 'user', creates: true, touches: ['users'], label: { es: 'Usuario creado', en: 'User created' }, verb: 'Creado' },
  UserRoleChanged: { aggregate: 'user', touches: ['users'], label: { es: 'Rol cambiado', en: 'Role changed' }, verb: 'Rol cambiado' },
  UserPasswordChanged: { aggregate: 'user', touches: ['users'], label: { es: 'Contraseña cambiada', en: 'Password changed' }, verb: 'Contraseña cambiada' },
  UserDisabled: { aggregate: 'user', touches: ['users'], label: { es: 'Usuario deshabilitado', en: 'User disabled' }, verb: 'Usuario deshabilitado' },
  UserEnabled: { aggregate: 'user', touches: ['users'], label: { es: 'Usuario habilitado', en: 'User enabled' }, verb: 'Usuario habilitado' },
  UserLoggedIn: { aggregate: 'user', touches: ['users'], label: { es: 'Inicio de sesión', en: 'Signed in' }, verb: 'Inicio de sesión', legacy: true },
  UserLoggedOut: { aggregate: 'user', touches: [], label: { es: 'Cierre de sesión', en: 'Signed out' }, verb: 'Cierre de sesión', legacy: true },
  UserTotpEnabled: {
    aggregate: 'user',
    touches: ['users'],
    label: { es: 'Aplicación de autenticación activada', en: 'Authenticator app turned on' },
    verb: 'Aplicación de autenticación activada',
  },
  UserTotpDisabled: {
    aggregate: 'user',
    touches: ['users'],
    label: { es: 'Aplicación de autenticación desactivada', en: 'Authenticator app turned off' },
    verb: 'Aplicación de autenticación desactivada',
  },
  UserRecoveryCodeUsed: {
    aggregate: 'user',
    touches: ['users'],
    label: { es: 'Código de recuperación usado', en: 'Recovery code used' },
    verb: 'Código de recuperación usado',
  },
  UserPasskeyRegistered: { aggregate: 'user', touches: ['user_passkeys'], label: { es: 'Llave de acceso agregada', en: 'Passkey added' }, verb: 'Creado' },
  UserPasskeyRemoved: {
    aggregate: 'user',
    touches: ['user_passkeys'],
    label: { es: 'Llave de acceso quitada', en: 'Passkey removed' },
    verb: 'Llave de acceso quitada',
  },
  UserNoticeEmailChanged: {
    aggregate: 'user',
    touches: ['users'],
    label: { es: 'Correo de avisos cambiado', en: 'Notice e-mail changed' },
    verb: 'Correo de avisos cambiado',
  },
  UserWeeklySummaryChanged: {
    aggregate: 'user',
    touches: ['users'],
    label: { es: 'Resumen semanal por correo cambiado', en: 'Weekly summary e-mail changed' },
    verb: 'Resumen semanal por correo cambiado',
  },
  UserSignedIn: {
    aggregate: 'signIn',
    creates: true,
    touches: ['users', 'user_passkeys'],
    label: { es: 'Inicio de sesión', en: 'Signed in' },
    verb: 'Inicio de sesión',
  },
  // Read by the notifications processor (a notice to the staff member), by no read table.
  UserSignedInFromNewDevice: {
    aggregate: 'signIn',
    touches: [],
    label: { es: 'Inicio de sesión desde un dispositivo nuevo', en: 'Signed in from a new device' },
    verb: 'Inicio de sesión desde un dispositivo nuevo',
  },
  // A failed attempt is a stream of one event; the sessions table (state, not a projection) is kept by api/.
  UserSignInFailed: {
    aggregate: 'signIn',
    touches: [],
    label: { es: 'Intento de inicio de sesión fallido', en: 'Failed sign-in attempt' },
    verb: 'Intento de inicio de sesión fallido',
  },
  // Read by the notifications processor (a notice to the staff member), by no read table; the lockout itself is state (api/).
  UserLockedOut: {
    aggregate: 'signIn',
    touches: [],
    label: { es: 'Cuenta bloqueada por intentos fallidos', en: 'Account locked after failed attempts' },
    verb: 'Cuenta bloqueada por intentos fallidos',
  },
  UserSessionEnded: { aggregate: 'signIn', touches: [], label: { es: 'Sesión cerrada', en: 'Session ended' }, verb: 'Sesión cerrada' },
  SecuritySettingsChanged: {
    aggregate: 'securitySettings',
    touches: ['security_settings'],
    label: { es: 'Configuración de seguridad cambiada', en: 'Security settings changed' },
    verb: 'Configuración de seguridad cambiada',
  },
  SummarySettingsChanged: {
    aggregate: 'summarySettings',
    touches: ['summary'],
    label: { es: 'Objetivo de respuesta cambiado', en: 'Response target changed' },
    verb: 'Objetivo de respuesta cambiado',
  },
  // Read by the notifications processor (the mail to the admins who asked for it), by no read table.
  WeeklySummaryDue: {
    aggregate: 'weeklySummary',
    creates: true,
    touches: [],
    label: { es: 'Resumen semanal preparado', en: 'Weekly summary prepared' },
    verb: 'Resumen semanal preparado',
  },
  // Its files (the original and the copies) are written before the event and named in it: a backup copies them.
  MediaUploaded: { aggregate: 'media', creates: true, touches: ['media'], label: { es: 'Imagen subida', en: 'Image uploaded' }, verb: 'Subida' },
  // Only an image no article shows; its files are removed once this is recorded.
  MediaDeleted: { aggregate: 'media', touches: ['media'], label: { es: 'Imagen eliminada', en: 'Image deleted' }, verb: 'Eliminada' },
} as const satisfies Record<string, EventFacts>;

export type EventType = keyof typeof eventCatalogue;

/** Every event type, in catalogue order. */
export const allEventTypes = /* @__PURE__ */ Object.keys(eventCatalogue) as EventType[];

/** The event types of one aggregate. */
export type EventTypeOf<A extends Aggregate> = { [T in EventType]: (typeof eventCatalogue)[T]['aggregate'] extends A ? T : never }[EventType];

/** The types that start a record's stream. */
export type CreatingEventType = { [T in EventType]: (typeof eventCatalogue)[T] extends { creates: true } ? T : never }[EventType];

export const isEventType = (type: string): type is EventType => Object.hasOwn(eventCatalogue, type);

/** The facts of a type read from the log or a request (an unknown one has none). */
export const factsOf = (type: string): EventFacts | undefined => (isEventType(type) ? eventCatalogue[type] : undefined);

export const createsRecord = (type: string): type is CreatingEventType => factsOf(type)?.creates === true;

/** The aggregate an event type belongs to ('advanceForm', 'newsArticle', ...). */
export const aggregateOf = (type: string): Aggregate | undefined => factsOf(type)?.aggregate;
/** Whether appending this event redacts its stream. */
export const erasesStream = (type: string): boolean => factsOf(type)?.erases === true;
/** Whether this event changes the read model or cache `model`. */
export const touches = (type: string, model: ReadModel): boolean => factsOf(type)?.touches.includes(model) === true;

/** An event type's name for people; an unknown type shows as it is. */
export const eventLabel = (type: string, language: 'es' | 'en' = 'es'): string => factsOf(type)?.label[language] ?? type;

/** The short name of an event in its record's own history. */
export const eventVerb = (type: string): string => factsOf(type)?.verb ?? type;
