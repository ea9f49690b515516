// The advance form (formulario de avanzada): one input schema for the admin and public create calls.
import { z } from 'zod';
import { isValidCalendarDay, calendarDayOf } from '../dates';
import { eventNatures, firstAidKitLevels, guardsArmedOptions } from '../enums';
import { siteLanguageField } from '../languages';
import { optionalText, requiredText, wholeNumber, yesNo } from './common';

/** A photo field: the link the upload answered (`/objects/uploads/{id}` or an https URL), or null. */
const photo = z.preprocess(
  (value) => (value === '' || value === undefined ? null : value),
  z
    .string()
    .max(2000)
    .regex(/^(\/objects\/uploads\/[A-Za-z0-9-]+|https:\/\/\S+)$/, { error: 'Enlace de foto inválido' })
    // Upload ids are lowercase uuids: one spelling per photo, so links compare as equal.
    .transform((link) => (link.startsWith('/objects/') ? link.toLowerCase() : link))
    .nullable(),
);

/** eventDate: a calendar day. Accepts 'YYYY-MM-DD', an ISO timestamp or a Date. */
const eventDate = z.preprocess(
  (value) => {
    if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : calendarDayOf(value);
    if (typeof value !== 'string' || value.trim() === '') return undefined;
    const text = value.trim();
    if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return text;
    const parsed = new Date(text);
    return Number.isNaN(parsed.getTime()) ? 'invalid' : calendarDayOf(parsed);
  },
  z.string({ error: 'La fecha del evento es requerida' }).refine(isValidCalendarDay, { error: 'La fecha del evento es requerida' }),
);

/** How far ahead of the server's clock a device's clock may run before its time is refused. */
export const completedOnSiteSkewMs = 24 * 60 * 60 * 1000;

/**
 * completedOnSiteAt: when the form was completed on site, by the device's clock (a form saved with no
 * signal may reach the server hours later). An ISO date-time, never absurdly in the future; optional.
 */
const completedOnSiteAt = z.preprocess(
  (value) => (value === '' || value === undefined ? null : value),
  z
    .string({ error: 'La fecha de llenado en sitio no es válida' })
    .max(40, { error: 'La fecha de llenado en sitio no es válida' })
    .refine((text) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/.test(text) && !Number.isNaN(Date.parse(text)), {
      error: 'La fecha de llenado en sitio no es válida',
    })
    .refine((text) => Date.parse(text) <= Date.now() + completedOnSiteSkewMs, { error: 'La fecha de llenado en sitio no puede estar en el futuro' })
    .refine((text) => Date.parse(text) >= Date.parse('2000-01-01T00:00:00Z'), { error: 'La fecha de llenado en sitio no es válida' })
    .transform((text) => new Date(text).toISOString())
    .nullable(),
);

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess((v) => (v === '' || v === undefined ? null : v), z.enum(values, { error: message }).nullable());

export const advanceFormInput = z.object({
  // 1. Datos Generales del Evento/Reunión
  hostName: requiredText('El nombre del anfitrión es requerido', 200),
  hostPosition: requiredText('El cargo del anfitrión es requerido', 200),
  eventDate,
  eventTime: requiredText('La hora del evento es requerida', 50),
  address: requiredText('La dirección es requerida', 1000),
  eventNature: z.enum(eventNatures, { error: 'Seleccione la naturaleza del evento' }),
  estimatedAttendees: wholeNumber().refine((n) => n >= 1, { error: 'Indique el número estimado de asistentes' }),
  vipStayDuration: requiredText('La duración de la estancia del VIP es requerida', 200),
  // 2. Logística y Accesos
  hasSecureParking: yesNo(),
  parkingDetails: optionalText(),
  mainVehicleRoute: requiredText('La ruta vehicular principal es requerida', 2000),
  alternativeRoute: optionalText(),
  hasServiceEntrance: yesNo(),
  serviceEntranceDetails: optionalText(),
  internalTransitRoutes: requiredText('Las rutas de tránsito interno son requeridas', 2000),
  hasControlledAccess: yesNo(),
  accessControlDetails: optionalText(),
  emergencyExits: requiredText('Las salidas de emergencia son requeridas', 2000),
  emergencyExitsPhoto: photo,
  // 3. Seguridad Física y Contra Incendios
  hasEvacuationPlan: yesNo(),
  evacuationPlanDetails: optionalText(),
  evacuationPlanPhoto: photo,
  evacuationRoutesPhoto: photo,
  hasFireExtinguishers: yesNo(),
  extinguishersDetails: optionalText(),
  hasFireAlarms: yesNo(),
  fireAlarmsDetails: optionalText(),
  hasSafeZone: yesNo(),
  safeZoneDetails: optionalText(),
  safeZonePhoto: photo,
  hasFirstAidKit: yesNo(),
  firstAidKitLevel: optionalEnum(firstAidKitLevels, 'Seleccione un nivel válido'),
  // 4. Seguridad Tecnológica
  hasCCTV: yesNo(),
  cctvDetails: optionalText(),
  hasIntrusionAlarm: yesNo(),
  intrusionAlarmDetails: optionalText(),
  requiresTSCM: yesNo(),
  hasWiFi: yesNo(),
  wifiDetails: optionalText(),
  // 5. Seguridad en sitio
  hasSecurityGuards: yesNo(),
  securityCompanyName: optionalText(200),
  numberOfGuards: wholeNumber().nullable(),
  guardsArmed: optionalEnum(guardsArmedOptions, 'Seleccione una opción válida'),
  hasMetalDetectors: yesNo(),
  securityInformed: yesNo(),
  // 6. Información Adicional
  additionalObservations: optionalText(5000),
  emergencyContact: requiredText('El contacto de emergencia es requerido', 500),
  /** Client time when the form was completed on site; the server's own time is the record's createdAt. */
  completedOnSiteAt: completedOnSiteAt.optional(),
  /** Honeypot of the public form: people leave it empty. */
  website: z.string().max(500).optional(),
  /** The site edition it was sent from ('en' from the English page); missing means Spanish. */
  language: siteLanguageField,
});

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
  createdAt: string;
  updatedAt: string;
  submittedBy: string | null;
};

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
