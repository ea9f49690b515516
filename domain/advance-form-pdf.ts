// The advance form as the PDF a client receives. Pure jsPDF, no Node API: the server answers
// GET /api/advance-forms/{id}/pdf with it and the browser builds the same document for a draft.
// Both give it the symbol font's bytes (pdf/symbol-font.ts), so both print the same characters.
import { jsPDF } from 'jspdf';
import { advanceFormSections, type SectionSpec } from './advance-form-layout';
import { formatDateTime } from './dates';
import { deviceClockNote, type AdvanceForm, type AdvanceFormData, type PhotoField } from './schemas/advance-form';
import { emptyAnswer, formatEventDay, sectionAnswers, type Answer } from './pdf/answers';
import { PageFlow, stampPages, type Rgb, type TextStyle } from './pdf/page-flow';
import { isWinAnsi, toPdfText } from './pdf/text';

export type PdfPhoto = { data: Uint8Array; format: 'JPEG' | 'PNG'; width: number; height: number };

// The photo rule lives apart (no jsPDF there), for the server's upload; the browser takes it from here.
export { pdfPhotoJpegQuality, pdfPhotoLongestSide } from './pdf/photo';

export type AdvanceFormPdfOptions = {
  companyName: string;
  generatedAt?: Date;
  photos?: Partial<Record<PhotoField, PdfPhoto>>;
  /** DejaVu Sans, for what Helvetica cannot print (pdf/text.ts); without it those characters are spelled out. */
  symbolFont?: Uint8Array | null;
};

const texts = {
  title: 'Formulario de Avanzada',
  subject: 'Evaluación de seguridad para evento VIP',
  created: 'Creado',
  completedOnSite: 'Completado en sitio',
  draft: 'Borrador sin enviar',
  reference: 'Referencia',
  generated: 'Generado',
  photoInPanel: 'Foto adjunta (ver en el panel)',
  confidential: 'Confidencial',
  page: (page: number, total: number) => `Página ${page} de ${total}`,
};

// A4 in millimetres; the header and footer live in the margins the content box leaves free.
const page = { width: 210, height: 297, left: 18, right: 192, headerY: 11, contentTop: 25, contentBottom: 274, footerY: 283 };
const labelWidth = 72;
const valueX = page.left + labelWidth + 5;
// Viewers without Helvetica substitute a font a little wider; the spare millimetre keeps it inside.
const valueWidth = page.right - valueX - 1;
const detailIndent = 5;
// A photo shrinks to fill the rest of a page, but not below the height where a venue is still legible.
const photoMaxHeight = 105;
const photoMinHeight = 70;

const ink: Rgb = [33, 37, 41];
const navy: Rgb = [22, 44, 78];
const grey: Rgb = [102, 108, 116];
const hairline: Rgb = [222, 226, 230];
const alert: Rgb = [160, 32, 40];

const style = {
  title: { size: 20, weight: 'bold', color: navy },
  subtitle: { size: 10.5, weight: 'normal', color: grey },
  meta: { size: 8.5, weight: 'normal', color: grey },
  section: { size: 11.5, weight: 'bold', color: [255, 255, 255] },
  label: { size: 9.5, weight: 'bold', color: grey },
  value: { size: 9.5, weight: 'normal', color: ink },
  caption: { size: 8.5, weight: 'italic', color: grey },
  company: { size: 10, weight: 'bold', color: navy },
  header: { size: 8.5, weight: 'normal', color: grey },
  footer: { size: 8, weight: 'normal', color: grey },
  confidential: { size: 8, weight: 'bold', color: alert },
} satisfies Record<string, TextStyle>;

type Photos = NonNullable<AdvanceFormPdfOptions['photos']>;
type FormForPdf = AdvanceForm | (AdvanceFormData & { id?: string; createdAt?: string });

/** Whether a form has characters only the symbol font prints: the browser fetches the font only then. */
export function needsSymbolFont(form: object, companyName: string): boolean {
  return [companyName, ...Object.values(form)].some((value) => typeof value === 'string' && [...toPdfText(value, () => true)].some((ch) => !isWinAnsi(ch)));
}

export function buildAdvanceFormPdf(form: FormForPdf, options: AdvanceFormPdfOptions): Uint8Array {
  const generatedAt = options.generatedAt ?? new Date();
  const doc = new jsPDF({ unit: 'mm', format: 'a4', compress: true });
  doc.setCreationDate(generatedAt);
  doc.setProperties({
    title: toPdfText(`${texts.title} - ${form.hostName}`),
    subject: texts.subject,
    author: toPdfText(options.companyName),
    creator: toPdfText(options.companyName),
  });

  const flow = new PageFlow(doc, { left: page.left, right: page.right, top: page.contentTop, bottom: page.contentBottom }, options.symbolFont ?? null);
  drawTitle(flow, form, generatedAt);
  for (const section of advanceFormSections) drawSection(flow, section, form, options.photos ?? {});

  const company = options.companyName;
  const host = form.hostName;
  const eventDay = formatEventDay(form.eventDate);
  stampPages(doc, (current, total) => {
    drawHeader(flow, company, host, eventDay);
    drawFooter(flow, texts.page(current, total));
  });
  return new Uint8Array(doc.output('arraybuffer'));
}

function drawTitle(flow: PageFlow, form: FormForPdf, generatedAt: Date): void {
  flow.gap(2);
  flow.paragraph(texts.title, style.title);
  flow.paragraph(texts.subject, style.subtitle);
  flow.gap(2);
  const meta = [
    form.createdAt ? `${texts.created}: ${formatDateTime(form.createdAt)}` : texts.draft,
    form.completedOnSiteAt ? `${texts.completedOnSite}: ${formatDateTime(form.completedOnSiteAt)}` : null,
    // Beside the device's time, whether the device's clock could be trusted (a draft has not been measured).
    'deviceClockSkewMs' in form ? deviceClockNote(form.deviceClockSkewMs) : null,
    form.id ? `${texts.reference}: ${form.id}` : null,
    `${texts.generated}: ${formatDateTime(generatedAt)}`,
  ];
  for (const line of meta) if (line) flow.paragraph(line, style.meta);
  flow.gap(3);
  flow.rule(navy);
  flow.gap(5);
}

function drawSection(flow: PageFlow, section: SectionSpec, form: FormForPdf, photos: Photos): void {
  const barHeight = 8;
  // Keep the heading with at least its first few answers.
  flow.ensure(barHeight + 3 * flow.lineHeight(style.value));
  flow.doc.setFillColor(...navy);
  flow.doc.rect(page.left, flow.y, flow.width, barHeight, 'F');
  const middle = flow.y + barHeight / 2;
  flow.textAt(flow.fit(`${section.number}. ${section.title}`, style.section, flow.width - 6), page.left + 3, middle, style.section, { baseline: 'middle' });
  flow.y += barHeight;
  flow.gap(1.5);

  for (const answer of sectionAnswers(section, form)) {
    const photo = answer.kind === 'photo' ? photos[answer.field] : undefined;
    if (answer.kind === 'photo' && photo) drawPhoto(flow, answer, photo);
    else drawAnswer(flow, answer.label, answerText(answer), answer.detail);
  }
  flow.gap(6);
}

function answerText(answer: Answer): string {
  if (answer.kind === 'text') return answer.value;
  return answer.link ? texts.photoInPanel : emptyAnswer;
}

/** One answer: label on the left, value wrapped on the right; details indented under their switch. */
function drawAnswer(flow: PageFlow, label: string, value: string, detail: boolean): void {
  const indent = detail ? detailIndent : 0;
  const labelLines = flow.split(label, style.label, labelWidth - indent);
  const valueLines = flow.split(value, style.value, valueWidth);
  const padding = 1.6;
  const lineHeight = flow.lineHeight(style.value);
  const height = Math.max(labelLines.length, valueLines.length) * lineHeight + 2 * padding;
  // A short answer moves whole to the next page; a long one flows across, line by line.
  if (height < flow.pageHeight / 3) flow.ensure(height);
  flow.gap(padding);
  flow.columns(
    [
      { lines: labelLines, x: page.left + indent, style: style.label },
      { lines: valueLines, x: valueX, style: style.value },
    ],
    detail ? (top, lineBox) => detailMark(flow, top, lineBox) : undefined,
  );
  flow.gap(padding);
  flow.rule(hairline);
}

/** A thin bar down the left edge ties details to the switch above them, even across a page break. */
function detailMark(flow: PageFlow, top: number, height: number): void {
  flow.doc.setDrawColor(...hairline);
  flow.doc.setLineWidth(0.8);
  flow.doc.line(page.left + 1.2, top - 0.8, page.left + 1.2, top + height + 0.8);
}

function drawPhoto(flow: PageFlow, answer: Extract<Answer, { kind: 'photo' }>, photo: PdfPhoto): void {
  const caption = answer.label;
  const captionHeight = flow.split(caption, style.caption, flow.width).length * flow.lineHeight(style.caption) + 2;
  flow.gap(3);
  flow.image(
    { ...photo, alias: answer.field },
    { maxWidth: flow.width, maxHeight: Math.min(photoMaxHeight, flow.pageHeight - captionHeight), minHeight: photoMinHeight, reserveBelow: captionHeight },
  );
  flow.gap(1.5);
  flow.paragraph(caption, style.caption, { align: 'center' });
  flow.gap(1);
  flow.rule(hairline);
}

/** Company on the left; host and event day on the right, the host shortened first if space runs out. */
function drawHeader(flow: PageFlow, company: string, host: string, eventDay: string): void {
  const { doc } = flow;
  const companyText = flow.fit(company, style.company, 80);
  flow.textAt(companyText, page.left, page.headerY, style.company, { baseline: 'middle' });
  const room = flow.width - flow.textWidth(companyText, style.company) - 8;
  const day = flow.text(` · ${eventDay}`);
  const right = flow.fit(host, style.header, room - flow.textWidth(day, style.header)) + day;
  flow.textAt(right, page.right, page.headerY, style.header, { baseline: 'middle', align: 'right' });
  doc.setDrawColor(...navy);
  doc.setLineWidth(0.4);
  doc.line(page.left, page.headerY + 4, page.right, page.headerY + 4);
}

function drawFooter(flow: PageFlow, pageLabel: string): void {
  const { doc } = flow;
  doc.setDrawColor(...hairline);
  doc.setLineWidth(0.2);
  doc.line(page.left, page.footerY - 4, page.right, page.footerY - 4);
  flow.textAt(flow.text(texts.confidential), page.left, page.footerY, style.confidential, { baseline: 'middle' });
  flow.textAt(flow.text(pageLabel), page.right, page.footerY, style.footer, { baseline: 'middle', align: 'right' });
}
