// The advance-form PDF read back as text with pdftotext, as a person would read it.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { buildAdvanceFormPdf, type PdfPhoto } from '../../domain/advance-form-pdf';
import { advanceFormPdfName, advanceFormSections } from '../../domain/advance-form-layout';
import type { AdvanceForm } from '../../domain/schemas/advance-form';
import { pdfSymbolFont } from '../../api/pdf-font';

const workDir = mkdtempSync(join(tmpdir(), 'advance-form-pdf-'));

function completeForm(): AdvanceForm {
  return {
    id: '3f1c2a9e-5b7d-4c21-9a0e-7d8f6b5a4c3b',
    createdAt: '2024-03-01T20:30:00.000Z',
    updatedAt: '2024-03-01T20:30:00.000Z',
    submittedBy: null,
    hostName: 'Juan Carlos Pérez',
    hostPosition: 'Director de Operaciones',
    eventDate: '2024-03-05',
    eventTime: '19:30',
    address: 'Hotel Real Intercontinental, Escazú, San José',
    eventNature: 'Reunión de negocios',
    estimatedAttendees: 45,
    vipStayDuration: '3 horas',
    hasSecureParking: true,
    parkingDetails: 'Parqueo subterráneo con vigilancia',
    mainVehicleRoute: 'Ruta 27 hasta la salida de Escazú',
    alternativeRoute: 'Circunvalación y calle vieja a Santa Ana',
    hasServiceEntrance: true,
    serviceEntranceDetails: 'Entrada por la cocina, costado norte',
    internalTransitRoutes: 'Pasillo del lobby al salón principal',
    hasControlledAccess: true,
    accessControlDetails: 'Lista de invitados y brazaletes',
    emergencyExits: 'Dos salidas al jardín',
    emergencyExitsPhoto: '/objects/uploads/salidas-1',
    hasEvacuationPlan: true,
    evacuationPlanDetails: 'Punto de reunión en el parqueo este',
    evacuationPlanPhoto: '/objects/uploads/plan-1',
    evacuationRoutesPhoto: null,
    hasFireExtinguishers: true,
    extinguishersDetails: 'Extintores tipo ABC en cada pasillo',
    hasFireAlarms: true,
    fireAlarmsDetails: 'Sistema revisado en enero',
    hasSafeZone: true,
    safeZoneDetails: 'Oficina de gerencia con puerta reforzada',
    safeZonePhoto: null,
    hasFirstAidKit: true,
    firstAidKitLevel: 'Intermedio',
    hasCCTV: true,
    cctvDetails: 'Cámaras en el salón principal',
    hasIntrusionAlarm: true,
    intrusionAlarmDetails: 'Sensores en puertas y ventanas',
    requiresTSCM: true,
    hasWiFi: true,
    wifiDetails: 'Red de invitados separada, ¿cifrado WPA3?',
    hasSecurityGuards: true,
    securityCompanyName: 'Seguridad Alfa S.A.',
    numberOfGuards: 4,
    guardsArmed: 'Sí',
    hasMetalDetectors: true,
    securityInformed: true,
    additionalObservations: '¡Atención! El anfitrión llega por la entrada de servicio.',
    emergencyContact: 'María Fernández, +506 8888 0000',
  };
}

function formWithSwitchesOff(): AdvanceForm {
  const form = completeForm();
  for (const section of advanceFormSections) {
    for (const field of section.fields) {
      if (field.kind !== 'switch') continue;
      Object.assign(form, { [field.key]: false }, Object.fromEntries(field.details.map((d) => [d.key, null])));
    }
  }
  return form;
}

async function testPhoto(): Promise<PdfPhoto> {
  const data = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 40, g: 90, b: 140 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
  return { data: new Uint8Array(data), format: 'JPEG', width: 640, height: 480 };
}

function pdfText(pdf: Uint8Array, name: string): string {
  const file = join(workDir, name);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

// Without poppler the PDF tests cannot read anything: one failing test with the fix, not five traces.
const pdftotextMissing = spawnSync('pdftotext', ['-v']).error !== undefined;
const pdfTest: typeof test = pdftotextMissing ? ((() => {}) as unknown as typeof test) : test;
if (pdftotextMissing) {
  test('pdftotext is installed', () => {
    const error = new Error('pdftotext not found: run `apt-get install -y poppler-utils`');
    error.stack = error.message; // uvu prints the stack under the message; one line says it all
    throw error;
  });
}

/** pdftotext -layout pads columns with spaces; compare text with runs of blanks folded. */
const folded = (text: string) => text.replace(/[ \t]+/g, ' ');

pdfTest("a form completed on site shows that time beside the server's creation time", () => {
  const form = { ...completeForm(), completedOnSiteAt: '2024-03-01T15:05:00.000Z' };
  const text = folded(pdfText(buildAdvanceFormPdf(form, { companyName: 'Contraespionaje CR', generatedAt: new Date('2024-03-02T15:00:00Z') }), 'on-site.pdf'));
  assert.ok(text.includes('Creado: 1 de marzo, 2024, 14:30'), 'the server time stays');
  assert.ok(text.includes('Completado en sitio: 1 de marzo, 2024, 09:05'), 'the device time, in Costa Rica');
  const without = folded(pdfText(buildAdvanceFormPdf(completeForm(), { companyName: 'Contraespionaje CR' }), 'no-on-site.pdf'));
  assert.not.ok(without.includes('Completado en sitio'));
});

pdfTest('a form with every switch on shows every section, answer and detail', async () => {
  const pdf = buildAdvanceFormPdf(completeForm(), {
    companyName: 'Contraespionaje CR',
    generatedAt: new Date('2024-03-02T15:00:00Z'),
    photos: { emergencyExitsPhoto: await testPhoto() },
  });
  const text = folded(pdfText(pdf, 'complete.pdf'));

  for (const section of advanceFormSections) assert.ok(text.includes(`${section.number}. ${section.title}`), section.title);
  for (const label of [
    'Nombre del anfitrión',
    'Naturaleza del evento',
    'Detalles del parqueo',
    'Detalles del CCTV',
    'Empresa de seguridad',
    'Contacto de emergencia',
  ]) {
    assert.ok(text.includes(label), label);
  }
  for (const answer of ['Cámaras en el salón principal', 'Reunión de negocios', 'Sí', '¿cifrado WPA3?', '¡Atención!', 'Escazú', 'Sí [Intermedio]']) {
    assert.ok(text.includes(answer), answer);
  }
  assert.ok(text.includes('Formulario de Avanzada'));
  assert.ok(text.includes('Contraespionaje CR'), 'company name in the header');
  assert.ok(text.includes('Juan Carlos Pérez · 5 de marzo, 2024'), 'host and event day in the header');
  assert.ok(text.includes('Creado: 1 de marzo, 2024, 14:30'), 'creation time in Costa Rica');
  assert.ok(text.includes('Página 1 de'));
  assert.ok(text.includes('Confidencial'));
  assert.ok(text.includes('Foto de las salidas de emergencia'), 'caption of the embedded photo');
  assert.ok(text.includes('Foto adjunta (ver en el panel)'), 'a linked photo without bytes');
  assert.not.ok(text.includes('Nivel del botiquín'), 'the kit level is shown in brackets, not as its own answer');
});

pdfTest('a form with every switch off shows no detail labels', () => {
  const pdf = buildAdvanceFormPdf(formWithSwitchesOff(), { companyName: 'Contraespionaje CR' });
  const text = folded(pdfText(pdf, 'switches-off.pdf'));
  for (const section of advanceFormSections) {
    for (const field of section.fields) {
      if (field.kind !== 'switch') continue;
      assert.ok(text.includes(field.label), field.label);
      for (const detail of field.details) assert.not.ok(text.includes(detail.label), detail.label);
    }
  }
  assert.not.ok(text.includes('[Intermedio]'));
});

pdfTest('a draft without id or creation time still builds, and says it is a draft', () => {
  const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, submittedBy: _by, ...draft } = completeForm();
  const text = folded(pdfText(buildAdvanceFormPdf(draft, { companyName: 'Contraespionaje CR' }), 'draft.pdf'));
  assert.ok(text.includes('Borrador sin enviar'));
  assert.not.ok(text.includes('Referencia'));
});

pdfTest('a long answer runs onto further pages and every page is numbered', () => {
  const form = { ...completeForm(), additionalObservations: 'Observación detallada sobre el recinto. '.repeat(400) };
  const text = pdfText(buildAdvanceFormPdf(form, { companyName: 'Contraespionaje CR' }), 'long.pdf');
  const pages = text.split('\f').filter((p) => p.trim() !== '');
  assert.ok(pages.length >= 3, `${pages.length} pages`);
  pages.forEach((p, i) => assert.ok(p.includes(`Página ${i + 1} de ${pages.length}`), `page ${i + 1}`));
});

pdfTest('text a phone may send (decomposed accents, emoji) comes out readable', () => {
  const form = { ...completeForm(), cctvDetails: 'Ca\u0301maras 📷 en el salo\u0301n' };
  const text = pdfText(buildAdvanceFormPdf(form, { companyName: 'Contraespionaje CR' }), 'phone.pdf');
  assert.ok(text.includes('Cámaras ? en el salón'));
});

const symbolFont = await pdfSymbolFont((error) => {
  throw error;
});
const symbols = 'Ruta 27 → salida ⇒ hotel ← atrás; ≥ 3 carriles, ≤ 5 km, ≠ ruta vieja; ✓ revisado ✔ ✗ sin cámaras ✘; −2 °C';
/** The whole text on one line: a long answer wraps where the layout decides. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ');
const embeddedFonts = (pdf: Uint8Array, name: string) => {
  const file = join(workDir, name);
  writeFileSync(file, pdf);
  return execFileSync('pdffonts', [file], { encoding: 'utf8' });
};

pdfTest('with the symbol font, arrows, comparisons and check marks print as themselves, and accents still read back', () => {
  const form = { ...completeForm(), mainVehicleRoute: symbols, hostName: 'Ñandú Pérez → VIP', wifiDetails: '¿Red separada? ¡Sí! Contraseña α-β' };
  const pdf = buildAdvanceFormPdf(form, { companyName: 'Contraespionaje CR', symbolFont });
  const text = oneLine(pdfText(pdf, 'symbols.pdf'));
  assert.ok(text.includes(symbols), text);
  assert.ok(text.includes('Ñandú Pérez → VIP · 5 de marzo, 2024'), 'the host in the header, arrow included');
  assert.ok(text.includes('¿Red separada? ¡Sí! Contraseña α-β'));
  for (const spanish of ['Reunión de negocios', '¡Atención!', 'Escazú', 'Sí [Intermedio]', 'Cámaras en el salón principal'])
    assert.ok(text.includes(spanish), spanish);
  assert.not.ok(text.includes('->'), 'no arrow spelled out');
  const fonts = embeddedFonts(pdf, 'symbols.pdf');
  assert.match(fonts, /DejaVuSans\s+CID TrueType\s+Identity-H\s+yes/);
});

pdfTest('a form written with Helvetica characters alone does not carry the symbol font', () => {
  const pdf = buildAdvanceFormPdf(completeForm(), { companyName: 'Contraespionaje CR', symbolFont });
  assert.not.match(embeddedFonts(pdf, 'plain.pdf'), /DejaVuSans/);
});

pdfTest('without the symbol font (a browser offline that never fetched it) the symbols are spelled out', () => {
  const form = { ...completeForm(), mainVehicleRoute: symbols };
  const text = oneLine(pdfText(buildAdvanceFormPdf(form, { companyName: 'Contraespionaje CR' }), 'no-font.pdf'));
  assert.ok(text.includes('Ruta 27 -> salida => hotel <- atrás; >= 3 carriles, <= 5 km, != ruta vieja; + revisado + x sin cámaras x; -2 °C'), text);
});

pdfTest('a long answer full of symbols wraps inside the page margins', () => {
  const form = { ...completeForm(), additionalObservations: `${'Acceso → salón ≥ 2 '.repeat(30)}${'x→'.repeat(80)}` };
  const file = join(workDir, 'wrap.pdf');
  writeFileSync(file, buildAdvanceFormPdf(form, { companyName: 'Contraespionaje CR', symbolFont }));
  const boxes = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' });
  const rights = [...boxes.matchAll(/xMax="([\d.]+)"/g)].map((m) => Number(m[1]));
  const rightMarginPt = (192 * 72) / 25.4;
  assert.ok(rights.length > 100);
  assert.ok(Math.max(...rights) <= rightMarginPt + 1, `rightmost word at ${Math.max(...rights)} pt`);
  assert.ok(boxes.includes('x→x→'), 'the unbroken run is there, cut across lines');
});

test('the download name joins the host name with dashes', () => {
  assert.is(advanceFormPdfName('Juan Carlos Pérez', 'abc'), 'Avanzada-Juan-Carlos-Pérez-abc.pdf');
});

test.run();
