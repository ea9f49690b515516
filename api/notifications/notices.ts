// Which events call for an e-mail notice, and what it says. To notice a new kind of event (a sign-in
// from a new device, say), add its type and a builder here: the notifications processor subscribes
// to every type of this table, retries it and records its outcome like the others.
import {
  advanceFormLabels,
  formatCalendarDay,
  formatDateTime,
  formatWeekLabel,
  periodLabel,
  summaryCharts,
  summarySentences,
  summaryTitles,
  weekSentences,
  type SummaryChart,
  type SummaryFigures,
} from '../../domain';
import type { AdvanceFormEvent, ContactMessageEvent, EventType, GuessedSecret, SignInEvent, StoredEvent, WeeklySummaryEvent } from '../../events';
import type { Config } from '../config';

/** `to` defaults to NOTIFY_EMAIL; `recordId` ties the notice's state to the record whose card shows it. */
export type Notice = { kind: string; subject: string; text: string; to?: string };
type Builder = (event: StoredEvent, config: Config) => Notice | null;

const redacted = (event: StoredEvent) => (event.data as { redacted?: boolean }).redacted === true;
const lines = (...rows: (string | null | false)[]) => rows.filter((row) => row !== null && row !== false).join('\n');

const contactReceived: Builder = (stored, config) => {
  const { data } = stored as StoredEvent<Extract<ContactMessageEvent, { type: 'ContactMessageReceived' }>>;
  return {
    kind: 'contact',
    subject: `${config.siteName}: nuevo mensaje de ${data.name}`,
    text: lines(
      'Llegó un nuevo mensaje de contacto.',
      '',
      `Nombre: ${data.name}`,
      `Correo electrónico: ${data.email}`,
      data.phone && `Teléfono: ${data.phone}`,
      `Recibido: ${formatDateTime(data.createdAt)}`,
      '',
      'Mensaje:',
      data.message,
      '',
      `Verlo en el panel: ${config.publicUrl}/admin/dashboard?tab=contacts&buscar=${stored.streamId}`,
    ),
  };
};

const origins: Record<string, string> = { 'offline-sync': 'sincronizado desde un borrador sin conexión', api: 'enviado en línea' };

const advanceFormSubmitted: Builder = (stored, config) => {
  const { data } = stored as StoredEvent<Extract<AdvanceFormEvent, { type: 'AdvanceFormSubmitted' }>>;
  const form = data.form;
  const who = data.submittedBy ? `personal (${stored.metadata.actor?.username ?? 'usuario'})` : 'formulario público';
  return {
    kind: 'advance-form',
    subject: `${config.siteName}: nuevo formulario de avanzada de ${form.hostName}`,
    text: lines(
      'Llegó un nuevo formulario de avanzada.',
      '',
      `${advanceFormLabels.hostName ?? 'Anfitrión'}: ${form.hostName} (${form.hostPosition})`,
      `${advanceFormLabels.eventNature ?? 'Naturaleza del evento'}: ${form.eventNature}`,
      `${advanceFormLabels.eventDate ?? 'Fecha del evento'}: ${formatCalendarDay(String(form.eventDate).slice(0, 10))} ${form.eventTime}`,
      `${advanceFormLabels.address ?? 'Dirección'}: ${form.address}`,
      `${advanceFormLabels.estimatedAttendees ?? 'Asistentes'}: ${form.estimatedAttendees}`,
      `${advanceFormLabels.emergencyContact ?? 'Contacto de emergencia'}: ${form.emergencyContact}`,
      `Enviado por: ${who}, ${origins[stored.metadata.origin] ?? stored.metadata.origin}`,
      '',
      `Verlo en el panel: ${config.publicUrl}/admin/avanzadas/${stored.streamId}`,
    ),
  };
};

/** A staff member signed in from a device never seen before: told at their own notice address, if they gave one. */
const newDeviceSignIn: Builder = (stored, config) => {
  const { data } = stored as StoredEvent<Extract<SignInEvent, { type: 'UserSignedInFromNewDevice' }>>;
  if (!data.noticeEmail) return null;
  return {
    kind: 'new-device',
    to: data.noticeEmail,
    subject: `${config.siteName}: inicio de sesión desde un dispositivo nuevo`,
    text: lines(
      `Hola, ${data.username}:`,
      '',
      'Se inició sesión en su cuenta del panel desde un dispositivo que no habíamos visto antes.',
      '',
      `Dispositivo: ${data.device}`,
      `Dirección: ${data.address}`,
      `Fecha y hora: ${formatDateTime(data.at)}`,
      '',
      'Si fue usted, no tiene que hacer nada. Si no lo reconoce, cambie su contraseña y cierre las demás sesiones en',
      `${config.publicUrl}/admin/seguridad`,
    ),
  };
};

/** What each lockout notice says happened, and what to do if it was not the owner. */
const lockoutTexts: Record<GuessedSecret, { subject: string; what: string; advice: string }> = {
  password: {
    subject: 'inicio de sesión bloqueado por intentos fallidos',
    what: 'Hubo demasiados intentos de iniciar sesión en su cuenta del panel con una contraseña equivocada.',
    advice:
      'Si no fue usted, alguien intenta adivinar su contraseña. Mientras dure el bloqueo, la cuenta no acepta ninguna contraseña, ni siquiera la correcta; una llave de acceso sí sigue funcionando. Revise su contraseña y su segundo factor en',
  },
  code: {
    subject: 'códigos de verificación bloqueados por intentos fallidos',
    what: 'Alguien escribió la contraseña correcta de su cuenta del panel, pero falló el código de verificación demasiadas veces.',
    advice: 'Si no fue usted, alguien conoce su contraseña: cámbiela en cuanto pueda y cierre las demás sesiones en',
  },
  'current-password': {
    subject: 'contraseña actual bloqueada por intentos fallidos',
    what: 'Desde una sesión abierta de su cuenta se escribió mal la contraseña actual demasiadas veces (al cambiarla o al desactivar la aplicación de autenticación).',
    advice: 'Si no fue usted, alguien usa una de sus sesiones: ciérrelas todas menos la suya y cambie su contraseña en',
  },
};

/** Failures locked a staff member's account for a while: told once per lockout at their notice address, if they gave one. */
const lockedOut: Builder = (stored, config) => {
  const { data } = stored as StoredEvent<Extract<SignInEvent, { type: 'UserLockedOut' }>>;
  if (!data.noticeEmail) return null;
  const texts = lockoutTexts[data.secret];
  return {
    kind: 'locked-out',
    to: data.noticeEmail,
    subject: `${config.siteName}: ${texts.subject}`,
    text: lines(
      `Hola, ${data.username}:`,
      '',
      texts.what,
      '',
      `Bloqueado hasta: ${formatDateTime(data.lockedUntil)}`,
      `Último intento desde la dirección: ${data.address}`,
      `Fecha y hora: ${formatDateTime(data.at)}`,
      '',
      'Si los intentos siguen después, cada bloqueo dura el doble que el anterior, hasta una hora.',
      '',
      texts.advice,
      `${config.publicUrl}/admin/seguridad`,
    ),
  };
};

/** Each chart's figures in words: the same sentences as the Resumen screen and its PDF. */
function chartLines<C extends SummaryChart>(chart: C, figures: SummaryFigures): string[] {
  const sentences: (f: SummaryFigures[C]) => string[] = summarySentences[chart];
  const lastWeek: (f: SummaryFigures[C]) => string = weekSentences[chart];
  return [summaryTitles[chart], lastWeek(figures[chart]), ...sentences(figures[chart]), ''];
}

/** Monday 7:00: the week that just ended and the 12 up to it, to the admins who asked for it (docs/summary.md). */
const weeklySummary: Builder = (stored, config) => {
  const { data } = stored as StoredEvent<WeeklySummaryEvent>;
  if (data.recipients.length === 0) return null;
  const { figures } = data;
  return {
    kind: 'weekly-summary',
    // Admins already see one another's notice addresses (Usuarios): one mail to all of them.
    to: data.recipients.map((r) => r.email).join(', '),
    subject: `${config.siteName}: resumen de la ${formatWeekLabel(data.week)}`,
    text: lines(
      `Resumen de la ${formatWeekLabel(data.week)} y de las 12 semanas ${periodLabel(figures.leads.weeks)}.`,
      '',
      ...summaryCharts.flatMap((chart) => chartLines(chart, figures)),
      `Gráficos y tablas en el panel: ${config.publicUrl}/admin/dashboard?tab=summary`,
      '',
      'Recibe este correo porque lo pidió en Seguridad de la cuenta; puede dejar de recibirlo allí:',
      `${config.publicUrl}/admin/seguridad`,
    ),
  };
};

export const notices: Partial<Record<EventType, Builder>> = {
  ContactMessageReceived: contactReceived,
  AdvanceFormSubmitted: advanceFormSubmitted,
  UserSignedInFromNewDevice: newDeviceSignIn,
  UserLockedOut: lockedOut,
  WeeklySummaryDue: weeklySummary,
};

/** The notice an event calls for; none for an erased (redacted) record: its data is gone, and so is the need. */
export function noticeFor(event: StoredEvent, config: Config): Notice | null {
  if (redacted(event)) return null;
  return notices[event.type]?.(event, config) ?? null;
}
