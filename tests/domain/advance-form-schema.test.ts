// The advance form's input schema: the required fields with their Spanish messages, and the
// coercions the form relies on (the event day, numbers to 0, details of a switch that is off dropped).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { advanceFormInput, fieldErrors, newAdvanceFormDefaults, normalizeAdvanceForm, switchDetails } from '../../domain';
import { advanceForm } from '../helpers/forms';

const requiredFields = [
  'hostName',
  'hostPosition',
  'eventDate',
  'eventTime',
  'address',
  'eventNature',
  'estimatedAttendees',
  'vipStayDuration',
  'mainVehicleRoute',
  'internalTransitRoutes',
  'emergencyExits',
  'emergencyContact',
];

const filled = () => advanceForm();

const errorsOf = (value: unknown) => {
  const result = advanceFormInput.safeParse(value);
  return result.success ? {} : fieldErrors(result.error);
};

test('a new form lacks exactly the asterisk fields, each with a Spanish message', () => {
  const errors = errorsOf(newAdvanceFormDefaults());
  assert.equal(Object.keys(errors).sort(), [...requiredFields].sort());
  assert.is(errors.eventDate, 'La fecha del evento es requerida');
  assert.is(errors.hostName, 'El nombre del anfitrión es requerido');
  assert.is(errors.eventNature, 'Seleccione la naturaleza del evento');
  assert.is(errors.emergencyContact, 'El contacto de emergencia es requerido');
  for (const message of Object.values(errors)) assert.match(message, /^[A-ZÁÉÍÓÚ¿]/);
});

test('a form with the required fields filled is valid', () => {
  assert.ok(advanceFormInput.safeParse(filled()).success);
});

test('texts of only spaces count as missing', () => {
  assert.is(errorsOf({ ...filled(), hostName: '   ' }).hostName, 'El nombre del anfitrión es requerido');
});

test('eventDate becomes a calendar day from a day, an ISO timestamp or a Date', () => {
  const parse = (eventDate: unknown) => advanceFormInput.parse({ ...filled(), eventDate }).eventDate;
  assert.is(parse('2026-03-05'), '2026-03-05');
  // 02:00 UTC on the 6th is still the evening of the 5th in Costa Rica.
  assert.is(parse('2026-03-06T02:00:00.000Z'), '2026-03-05');
  assert.is(parse(new Date('2026-03-05T18:00:00Z')), '2026-03-05');
  for (const bad of ['', '2026-02-30', 'mañana', null])
    assert.is(errorsOf({ ...filled(), eventDate: bad }).eventDate, 'La fecha del evento es requerida', String(bad));
});

test('number inputs turn invalid or empty values into 0', () => {
  const parse = (numberOfGuards: unknown) => advanceFormInput.parse({ ...filled(), numberOfGuards }).numberOfGuards;
  assert.is(parse(''), 0);
  assert.is(parse('abc'), 0);
  assert.is(parse(Number.NaN), 0);
  assert.is(parse(undefined), 0);
  assert.is(parse('7'), 7);
  assert.is(parse(3.8), 3);
  // estimatedAttendees is required: an empty value becomes 0, which asks for a number.
  assert.is(errorsOf({ ...filled(), estimatedAttendees: '' }).estimatedAttendees, 'Indique el número estimado de asistentes');
});

test('details of a switch that is off are stored as null; the honeypot is dropped', () => {
  const input = advanceFormInput.parse({
    ...filled(),
    hasSecureParking: false,
    parkingDetails: 'Sótano',
    hasSecurityGuards: false,
    securityCompanyName: 'X',
    numberOfGuards: 3,
    guardsArmed: 'Sí',
    hasFirstAidKit: true,
    firstAidKitLevel: 'Básico',
    website: '',
  });
  const stored = normalizeAdvanceForm(input);
  assert.is(stored.parkingDetails, null);
  assert.equal([stored.securityCompanyName, stored.numberOfGuards, stored.guardsArmed], [null, null, null]);
  assert.is(stored.firstAidKitLevel, 'Básico');
  assert.not.ok('website' in stored);
});

test('every switch off empties every detail field', () => {
  const everyDetail = Object.values(switchDetails).flat();
  const stored = normalizeAdvanceForm(advanceFormInput.parse(filled()));
  for (const field of everyDetail) assert.is(stored[field], null, field);
});

test('empty optional texts and selects become null; unknown choices are refused in Spanish', () => {
  const stored = advanceFormInput.parse({ ...filled(), alternativeRoute: '  ', firstAidKitLevel: '' });
  assert.is(stored.alternativeRoute, null);
  assert.is(stored.firstAidKitLevel, null);
  assert.is(errorsOf({ ...filled(), guardsArmed: 'Quizás' }).guardsArmed, 'Seleccione una opción válida');
  assert.is(errorsOf({ ...filled(), eventNature: 'Fiesta' }).eventNature, 'Seleccione la naturaleza del evento');
});

test('a photo field takes an upload link or nothing', () => {
  assert.is(advanceFormInput.parse({ ...filled(), safeZonePhoto: '' }).safeZonePhoto, null);
  assert.is(
    advanceFormInput.parse({ ...filled(), safeZonePhoto: '/objects/uploads/3f1c2a9e-5b7d-4c21-9a0e-7d8f6b5a4c3b' }).safeZonePhoto,
    '/objects/uploads/3f1c2a9e-5b7d-4c21-9a0e-7d8f6b5a4c3b',
  );
  assert.is(errorsOf({ ...filled(), safeZonePhoto: 'javascript:alert(1)' }).safeZonePhoto, 'Enlace de foto inválido');
});

test.run();
