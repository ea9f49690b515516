// The six sections of the advance form and the Spanish label of every field, in order.
// The form, the detail screen and the PDF all walk this one list.
import type { AdvanceFormData } from './schemas/advance-form';

/** The fields a person fills in (what the device and the page add when sending is not in the layout). */
export type AdvanceFormFieldKey = Exclude<keyof AdvanceFormData, 'completedOnSiteAt' | 'language'>;
type Key = AdvanceFormFieldKey;

export type FieldSpec =
  | { key: Key; label: string; kind: 'text' | 'textarea' | 'time' | 'date' | 'number'; required?: boolean; placeholder?: string }
  | { key: Key; label: string; kind: 'select'; options: readonly string[]; required?: boolean }
  | { key: Key; label: string; kind: 'photo' }
  | { key: Key; label: string; kind: 'switch'; details: FieldSpec[] };

export type SectionSpec = { number: number; title: string; fields: FieldSpec[] };

import { eventNatures, firstAidKitLevels, guardsArmedOptions } from './enums';

export const advanceFormSections: SectionSpec[] = [
  {
    number: 1,
    title: 'Datos Generales del Evento/Reunión',
    fields: [
      { key: 'hostName', label: 'Nombre del anfitrión', kind: 'text', required: true },
      { key: 'hostPosition', label: 'Cargo del anfitrión', kind: 'text', required: true },
      { key: 'eventDate', label: 'Fecha del evento', kind: 'date', required: true },
      { key: 'eventTime', label: 'Hora del evento', kind: 'time', required: true },
      { key: 'address', label: 'Dirección del lugar', kind: 'textarea', required: true },
      { key: 'eventNature', label: 'Naturaleza del evento', kind: 'select', options: eventNatures, required: true },
      { key: 'estimatedAttendees', label: 'Número estimado de asistentes', kind: 'number', required: true },
      { key: 'vipStayDuration', label: 'Duración de la estancia del VIP', kind: 'text', required: true, placeholder: 'Ej. 3 horas' },
    ],
  },
  {
    number: 2,
    title: 'Logística y Accesos',
    fields: [
      {
        key: 'hasSecureParking',
        label: '¿Cuenta con parqueo seguro?',
        kind: 'switch',
        details: [{ key: 'parkingDetails', label: 'Detalles del parqueo', kind: 'textarea' }],
      },
      { key: 'mainVehicleRoute', label: 'Ruta vehicular principal', kind: 'textarea', required: true },
      { key: 'alternativeRoute', label: 'Ruta alterna', kind: 'textarea' },
      {
        key: 'hasServiceEntrance',
        label: '¿Existe entrada de servicio?',
        kind: 'switch',
        details: [{ key: 'serviceEntranceDetails', label: 'Detalles de la entrada de servicio', kind: 'textarea' }],
      },
      { key: 'internalTransitRoutes', label: 'Rutas de tránsito interno', kind: 'textarea', required: true },
      {
        key: 'hasControlledAccess',
        label: '¿Hay control de acceso?',
        kind: 'switch',
        details: [{ key: 'accessControlDetails', label: 'Detalles del control de acceso', kind: 'textarea' }],
      },
      { key: 'emergencyExits', label: 'Salidas de emergencia', kind: 'textarea', required: true },
      { key: 'emergencyExitsPhoto', label: 'Foto de las salidas de emergencia', kind: 'photo' },
    ],
  },
  {
    number: 3,
    title: 'Seguridad Física y Contra Incendios',
    fields: [
      {
        key: 'hasEvacuationPlan',
        label: '¿Existe plan de evacuación?',
        kind: 'switch',
        details: [
          { key: 'evacuationPlanDetails', label: 'Detalles del plan de evacuación', kind: 'textarea' },
          { key: 'evacuationPlanPhoto', label: 'Foto del plan de evacuación', kind: 'photo' },
          { key: 'evacuationRoutesPhoto', label: 'Foto de las rutas de evacuación', kind: 'photo' },
        ],
      },
      {
        key: 'hasFireExtinguishers',
        label: '¿Hay extintores?',
        kind: 'switch',
        details: [{ key: 'extinguishersDetails', label: 'Detalles de los extintores', kind: 'textarea' }],
      },
      {
        key: 'hasFireAlarms',
        label: '¿Hay alarmas contra incendios?',
        kind: 'switch',
        details: [{ key: 'fireAlarmsDetails', label: 'Detalles de las alarmas contra incendios', kind: 'textarea' }],
      },
      {
        key: 'hasSafeZone',
        label: '¿Existe zona segura?',
        kind: 'switch',
        details: [
          { key: 'safeZoneDetails', label: 'Detalles de la zona segura', kind: 'textarea' },
          { key: 'safeZonePhoto', label: 'Foto de la zona segura', kind: 'photo' },
        ],
      },
      {
        key: 'hasFirstAidKit',
        label: '¿Hay botiquín de primeros auxilios?',
        kind: 'switch',
        details: [{ key: 'firstAidKitLevel', label: 'Nivel del botiquín', kind: 'select', options: firstAidKitLevels }],
      },
    ],
  },
  {
    number: 4,
    title: 'Seguridad Tecnológica',
    fields: [
      { key: 'hasCCTV', label: '¿Cuenta con CCTV?', kind: 'switch', details: [{ key: 'cctvDetails', label: 'Detalles del CCTV', kind: 'textarea' }] },
      {
        key: 'hasIntrusionAlarm',
        label: '¿Hay alarma de intrusión?',
        kind: 'switch',
        details: [{ key: 'intrusionAlarmDetails', label: 'Detalles de la alarma de intrusión', kind: 'textarea' }],
      },
      { key: 'requiresTSCM', label: '¿Requiere barrido electrónico (TSCM)?', kind: 'switch', details: [] },
      { key: 'hasWiFi', label: '¿Hay red Wi-Fi?', kind: 'switch', details: [{ key: 'wifiDetails', label: 'Detalles de la red Wi-Fi', kind: 'textarea' }] },
    ],
  },
  {
    number: 5,
    title: 'Seguridad en sitio',
    fields: [
      {
        key: 'hasSecurityGuards',
        label: '¿Hay guardas de seguridad?',
        kind: 'switch',
        details: [
          { key: 'securityCompanyName', label: 'Empresa de seguridad', kind: 'text' },
          { key: 'numberOfGuards', label: 'Número de guardas', kind: 'number' },
          { key: 'guardsArmed', label: '¿Guardas armados?', kind: 'select', options: guardsArmedOptions },
        ],
      },
      { key: 'hasMetalDetectors', label: '¿Hay detectores de metales?', kind: 'switch', details: [] },
      { key: 'securityInformed', label: '¿El personal de seguridad está informado?', kind: 'switch', details: [] },
    ],
  },
  {
    number: 6,
    title: 'Información Adicional',
    fields: [
      { key: 'additionalObservations', label: 'Observaciones adicionales', kind: 'textarea' },
      { key: 'emergencyContact', label: 'Contacto de emergencia', kind: 'text', required: true },
    ],
  },
];

/** Every field's label by key, details included. */
export const advanceFormLabels: Record<string, string> = Object.fromEntries(
  advanceFormSections.flatMap((s) => s.fields.flatMap((f) => [[f.key, f.label], ...(f.kind === 'switch' ? f.details.map((d) => [d.key, d.label]) : [])])),
);

export const yesNoLabel = (value: unknown) => (value ? 'Sí' : 'No');

/** 'Avanzada-Juan-Perez-{id}.pdf': the download name of a form's PDF. */
export function advanceFormPdfName(hostName: string, id: string): string {
  return `Avanzada-${hostName.trim().replace(/\s+/g, '-')}-${id}.pdf`;
}
