// The advance form (formulario de avanzada): one input schema for the admin and public create calls.
// The schema is built from its messages: the server and the Spanish screens use the Spanish ones;
// the English page builds the same schema with English messages (pwa/features/advance-form/texts.en.ts).
import { z } from 'zod';
import { isValidCalendarDay, calendarDayOf } from '../dates';
import { eventNatures, firstAidKitLevels, guardsArmedOptions } from '../enums';
import { instantOfIsoDateTime } from '../iso-date-time';
import { siteLanguageField } from '../languages';
import { commonMessages, optionalText, requiredText, wholeNumber, yesNo, type CommonMessages } from './common';

/** What a person filling in the form may be told, field by field. */
export type AdvanceFormMessages = CommonMessages & {
  hostName: string;
  hostPosition: string;
  eventDate: string;
  eventTime: string;
  address: string;
  eventNature: string;
  estimatedAttendees: string;
  vipStayDuration: string;
  mainVehicleRoute: string;
  internalTransitRoutes: string;
  emergencyExits: string;
  emergencyContact: string;
  photoLink: string;
  firstAidKitLevel: string;
  guardsArmed: string;
};

export const advanceFormMessages: AdvanceFormMessages = {
  ...commonMessages,
  hostName: 'El nombre del anfitrión es requerido',
  hostPosition: 'El cargo del anfitrión es requerido',
  eventDate: 'La fecha del evento es requerida',
  eventTime: 'La hora del evento es requerida',
  address: 'La dirección es requerida',
  eventNature: 'Seleccione la naturaleza del evento',
  estimatedAttendees: 'Indique el número estimado de asistentes',
  vipStayDuration: 'La duración de la estancia del VIP es requerida',
  mainVehicleRoute: 'La ruta vehicular principal es requerida',
  internalTransitRoutes: 'Las rutas de tránsito interno son requeridas',
  emergencyExits: 'Las salidas de emergencia son requeridas',
  emergencyContact: 'El contacto de emergencia es requerido',
  photoLink: 'Enlace de foto inválido',
  firstAidKitLevel: 'Seleccione un nivel válido',
  guardsArmed: 'Seleccione una opción válida',
};

/** A photo field: the link the upload answered (`/objects/uploads/{id}` or an https URL), or null. */
const photo = (message: string) =>
  z.preprocess(
    (value) => (value === '' || value === undefined ? null : value),
    z
      .string()
      .max(2000)
      .regex(/^(\/objects\/uploads\/[A-Za-z0-9-]+|https:\/\/\S+)$/, { error: message })
      // Upload ids are lowercase uuids: one spelling per photo, so links compare as equal.
      .transform((link) => (link.startsWith('/objects/') ? link.toLowerCase() : link))
      .nullable(),
  );

/**
 * eventDate: a calendar day. Accepts 'YYYY-MM-DD', an ISO date-time (its day in Costa Rica) or a Date.
 * Either text must name a real day and time: 30 February or 24:00 is refused, never rolled over.
 */
const eventDate = (message: string) =>
  z.preprocess(
    (value) => {
      if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : calendarDayOf(value);
      if (typeof value !== 'string' || value.trim() === '') return undefined;
      const text = value.trim();
      if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return text;
      const instant = instantOfIsoDateTime(text);
      return instant === null ? 'invalid' : calendarDayOf(new Date(instant));
    },
    z.string({ error: message }).refine(isValidCalendarDay, { error: message }),
  );

/**
 * completedOnSiteAt: when the form was completed on site, by the device's clock (a form saved with no
 * signal may reach the server hours later). An ISO date-time naming a real day and time (30 February or
 * 24:00 is refused, never rolled over); optional. Its value is never judged against the server's clock:
 * a tablet whose clock is wrong still hands in its work, and the difference is shown beside it
 * (deviceClockSkewMs). A clock that lost its time reads 1970, the floor.
 */
const completedOnSiteMessage = 'La fecha de llenado en sitio no es válida';
const completedOnSiteAt = z.preprocess(
  (value) => (value === '' || value === undefined ? null : value),
  z
    .string({ error: completedOnSiteMessage })
    .max(40, { error: completedOnSiteMessage })
    .transform((text, ctx) => {
      const instant = instantOfIsoDateTime(text);
      if (instant !== null && instant >= 0) return new Date(instant).toISOString();
      ctx.issues.push({ code: 'custom', message: completedOnSiteMessage, input: text });
      return z.NEVER;
    })
    .nullable(),
);

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess((v) => (v === '' || v === undefined ? null : v), z.enum(values, { error: message }).nullable());

/** The form's schema with the given messages; the answers it accepts do not depend on them. */
export function advanceFormSchema(m: AdvanceFormMessages) {
  const photoLink = photo(m.photoLink);
  const details = optionalText(2000, m);
  return z.object({
    // 1. Datos Generales del Evento/Reunión
    hostName: requiredText(m.hostName, 200, m),
    hostPosition: requiredText(m.hostPosition, 200, m),
    eventDate: eventDate(m.eventDate),
    eventTime: requiredText(m.eventTime, 50, m),
    address: requiredText(m.address, 1000, m),
    eventNature: z.enum(eventNatures, { error: m.eventNature }),
    estimatedAttendees: wholeNumber(m).refine((n) => n >= 1, { error: m.estimatedAttendees }),
    vipStayDuration: requiredText(m.vipStayDuration, 200, m),
    // 2. Logística y Accesos
    hasSecureParking: yesNo(m),
    parkingDetails: details,
    mainVehicleRoute: requiredText(m.mainVehicleRoute, 2000, m),
    alternativeRoute: details,
    hasServiceEntrance: yesNo(m),
    serviceEntranceDetails: details,
    internalTransitRoutes: requiredText(m.internalTransitRoutes, 2000, m),
    hasControlledAccess: yesNo(m),
    accessControlDetails: details,
    emergencyExits: requiredText(m.emergencyExits, 2000, m),
    emergencyExitsPhoto: photoLink,
    // 3. Seguridad Física y Contra Incendios
    hasEvacuationPlan: yesNo(m),
    evacuationPlanDetails: details,
    evacuationPlanPhoto: photoLink,
    evacuationRoutesPhoto: photoLink,
    hasFireExtinguishers: yesNo(m),
    extinguishersDetails: details,
    hasFireAlarms: yesNo(m),
    fireAlarmsDetails: details,
    hasSafeZone: yesNo(m),
    safeZoneDetails: details,
    safeZonePhoto: photoLink,
    hasFirstAidKit: yesNo(m),
    firstAidKitLevel: optionalEnum(firstAidKitLevels, m.firstAidKitLevel),
    // 4. Seguridad Tecnológica
    hasCCTV: yesNo(m),
    cctvDetails: details,
    hasIntrusionAlarm: yesNo(m),
    intrusionAlarmDetails: details,
    requiresTSCM: yesNo(m),
    hasWiFi: yesNo(m),
    wifiDetails: details,
    // 5. Seguridad en sitio
    hasSecurityGuards: yesNo(m),
    securityCompanyName: optionalText(200, m),
    numberOfGuards: wholeNumber(m).nullable(),
    guardsArmed: optionalEnum(guardsArmedOptions, m.guardsArmed),
    hasMetalDetectors: yesNo(m),
    securityInformed: yesNo(m),
    // 6. Información Adicional
    additionalObservations: optionalText(5000, m),
    emergencyContact: requiredText(m.emergencyContact, 500, m),
    /** Client time when the form was completed on site (set when it is sent, never typed); the server's own time is the record's createdAt. */
    completedOnSiteAt: completedOnSiteAt.optional(),
    /** Honeypot of the public form: people leave it empty. */
    website: z.string().max(500).optional(),
    /** The site edition it was sent from ('en' from the English page); missing means Spanish. */
    language: siteLanguageField,
  });
}

export const advanceFormInput = advanceFormSchema(advanceFormMessages);

export type AdvanceFormInput = z.infer<typeof advanceFormInput>;
export type AdvanceFormValues = z.input<typeof advanceFormInput>;

/** Which switch reveals which detail fields. When the switch is off the server stores them as null. */
export const switchDetails = {
  hasSecureParking: ['parkingDetails'],
  hasServiceEntrance: ['serviceEntranceDetails'],
  hasControlledAccess: ['accessControlDetails'],
  hasEvacuationPlan: ['evacuationPlanDetails', 'evacuationPlanPhoto', 'evacuationRoutesPhoto'],
  hasFireExtinguishers: ['extinguishersDetails'],
  hasFireAlarms: ['fireAlarmsDetails'],
  hasSafeZone: ['safeZoneDetails', 'safeZonePhoto'],
  hasFirstAidKit: ['firstAidKitLevel'],
  hasCCTV: ['cctvDetails'],
  hasIntrusionAlarm: ['intrusionAlarmDetails'],
  hasWiFi: ['wifiDetails'],
  hasSecurityGuards: ['securityCompanyName', 'numberOfGuards', 'guardsArmed'],
} as const satisfies Partial<Record<keyof AdvanceFormInput, readonly (keyof AdvanceFormInput)[]>>;

export type AdvanceFormData = Omit<AdvanceFormInput, 'website'>;

/** The stored answers: details of a switch that is off become null; the honeypot is dropped. */
export function normalizeAdvanceForm(input: AdvanceFormInput): AdvanceFormData {
  const { website: _honeypot, ...data } = input;
  const result: Record<string, unknown> = { ...data };
  for (const [toggle, details] of Object.entries(switchDetails)) {
    if (!result[toggle]) for (const field of details) result[field] = null;
  }
  return result as AdvanceFormData;
}

export const photoFields = ['emergencyExitsPhoto', 'evacuationPlanPhoto', 'evacuationRoutesPhoto', 'safeZonePhoto'] as const;
export type PhotoField = (typeof photoFields)[number];

export type AdvanceForm = AdvanceFormData & {
  id: string;
  /** When the server first received the form. */
  createdAt: string;
  /** When the server received the version shown: createdAt until a correction replaces it. */
  updatedAt: string;
  submittedBy: string | null;
  /** How far the sending device's clock was from the server's (ms, positive: ahead); null (or absent) when unknown. */
  deviceClockSkewMs?: number | null;
};

/** A device clock further than this from the server's is pointed out (detail screen, PDF); the form is never refused for it. */
export const deviceClockToleranceMs = 10 * 60 * 1000;

/**
 * How far the device's clock was from the server's when it sent a version of the form (ms, positive:
 * ahead): the device's time at sending (the `Device-Time` header) against the server's time of receipt.
 * Without it, a form completed on site after it reached the server shows the clock ran ahead by at
 * least that much; anything else is unknown (null).
 */
export function deviceClockSkewMs(sent: { deviceTime?: string | null; completedOnSiteAt?: string | null; receivedAt: string }): number | null {
  const received = Date.parse(sent.receivedAt);
  if (sent.deviceTime) return Date.parse(sent.deviceTime) - received;
  const ahead = sent.completedOnSiteAt ? Date.parse(sent.completedOnSiteAt) - received : 0;
  return ahead > deviceClockToleranceMs ? ahead : null;
}

/** 'El reloj del dispositivo difería 2 días del servidor (adelantado)'; null within the tolerance or when unknown. */
export function deviceClockNote(skewMs: number | null | undefined): string | null {
  if (skewMs === null || skewMs === undefined || Math.abs(skewMs) <= deviceClockToleranceMs) return null;
  const [minutes, hours, days] = [60_000, 3_600_000, 86_400_000].map((unit) => Math.round(Math.abs(skewMs) / unit));
  const [n, unit, units] = minutes < 90 ? [minutes, 'minuto', 'minutos'] : hours < 48 ? [hours, 'hora', 'horas'] : [days, 'día', 'días'];
  return `El reloj del dispositivo difería ${n} ${n === 1 ? unit : units} del servidor (${skewMs > 0 ? 'adelantado' : 'atrasado'})`;
}

/** A new form: texts empty, switches off, numbers 0. */
export function newAdvanceFormDefaults(): AdvanceFormValues {
  return {
    hostName: '',
    hostPosition: '',
    eventDate: '',
    eventTime: '',
    address: '',
    eventNature: '' as never,
    estimatedAttendees: 0,
    vipStayDuration: '',
    hasSecureParking: false,
    parkingDetails: '',
    mainVehicleRoute: '',
    alternativeRoute: '',
    hasServiceEntrance: false,
    serviceEntranceDetails: '',
    internalTransitRoutes: '',
    hasControlledAccess: false,
    accessControlDetails: '',
    emergencyExits: '',
    emergencyExitsPhoto: null,
    hasEvacuationPlan: false,
    evacuationPlanDetails: '',
    evacuationPlanPhoto: null,
    evacuationRoutesPhoto: null,
    hasFireExtinguishers: false,
    extinguishersDetails: '',
    hasFireAlarms: false,
    fireAlarmsDetails: '',
    hasSafeZone: false,
    safeZoneDetails: '',
    safeZonePhoto: null,
    hasFirstAidKit: false,
    firstAidKitLevel: '' as never,
    hasCCTV: false,
    cctvDetails: '',
    hasIntrusionAlarm: false,
    intrusionAlarmDetails: '',
    requiresTSCM: false,
    hasWiFi: false,
    wifiDetails: '',
    hasSecurityGuards: false,
    securityCompanyName: '',
    numberOfGuards: 0,
    guardsArmed: '' as never,
    hasMetalDetectors: false,
    securityInformed: false,
    additionalObservations: '',
    emergencyContact: '',
    website: '',
  };
}
