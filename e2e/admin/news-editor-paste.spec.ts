// Pasting into the article editor what Word and Google Docs put on the clipboard: the words, lists, bold,
// italics and links stay; their styles, classes, comments, list markers and wrappers go, in the editor,
// in what is saved and on the public page. Images stay only with a description and an address the site
// can show, the others named in a notice; tables (Word, Excel, a web page) become a paragraph per row,
// with a notice, and Word's nested list items stay nested.
import type { Locator } from '@playwright/test';
import { expect, test, unique } from '../fixtures';
import { articlesTitled, choose, expectToast, field, openTab, searchCard, startNewArticle } from './helpers';

/** Word's clipboard: a whole document, conditional comments, mso styles, <o:p>, lists typed as paragraphs. */
const fromWord = `<html xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:w="urn:schemas-microsoft-com:office:word" xmlns:m="http://schemas.microsoft.com/office/2004/12/omml" xmlns="http://www.w3.org/TR/REC-html40">
<head><meta http-equiv=Content-Type content="text/html; charset=utf-8"><meta name=ProgId content=Word.Document>
<meta name=Generator content="Microsoft Word 15"><meta name=Originator content="Microsoft Word 15">
<link rel=File-List href="file:///C:/Users/ana/AppData/Local/Temp/msohtmlclip1/01/clip_filelist.xml">
<!--[if gte mso 9]><xml><o:OfficeDocumentSettings><o:AllowPNG/></o:OfficeDocumentSettings></xml><![endif]-->
<!--[if gte mso 9]><xml><w:WordDocument><w:View>Normal</w:View><w:Zoom>0</w:Zoom><w:TrackMoves/><w:TrackFormatting/><w:HyphenationZone>21</w:HyphenationZone></w:WordDocument></xml><![endif]-->
<style><!-- @font-face {font-family:"Cambria Math"; panose-1:2 4 5 3 5 4 6 3 2 4;}
p.MsoNormal, li.MsoNormal, div.MsoNormal {mso-style-unhide:no; margin:0cm; font-size:12.0pt; font-family:"Calibri",sans-serif;}
p.MsoListParagraphCxSpFirst {mso-style-type:export-only; margin-left:36.0pt; mso-add-space:auto;}
@list l0 {mso-list-id:1184322593; mso-list-type:hybrid;} @list l0:level1 {mso-level-number-format:bullet; mso-level-text:\\F0B7;}
@list l1 {mso-list-id:862092185; mso-list-type:hybrid;} @list l1:level1 {mso-level-tab-stop:none;} --></style>
</head>
<body lang=ES-CR style='tab-interval:35.4pt;word-wrap:break-word'>
<!--StartFragment-->
<p class=MsoNormal><span style='font-size:14.0pt;font-family:"Arial",sans-serif;color:#1F3864;mso-themecolor:accent1;mso-themeshade:128'>Antes de cada reunión conviene revisar la sala.<o:p></o:p></span></p>
<p class=MsoNormal><o:p>&nbsp;</o:p></p>
<p class=MsoListParagraphCxSpFirst style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol;mso-fareast-font-family:Symbol;mso-bidi-font-family:Symbol'><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; </span></span></span><![endif]><span style='font-family:"Arial",sans-serif'>Revise los enchufes<o:p></o:p></span></p>
<p class=MsoListParagraphCxSpMiddle style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol;mso-fareast-font-family:Symbol;mso-bidi-font-family:Symbol'><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; </span></span></span><![endif]><span style='font-family:"Arial",sans-serif'>Revise los detectores de humo<o:p></o:p></span></p>
<p class=MsoListParagraphCxSpMiddle style='margin-left:36.0pt;mso-add-space:auto;text-indent:-18.0pt;mso-list:l1 level1 lfo2'><![if !supportLists]><span style='font-family:"Arial",sans-serif;mso-fareast-font-family:Arial'><span style='mso-list:Ignore'>1.<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; </span></span></span><![endif]><span style='font-family:"Arial",sans-serif'>Apague el teléfono<o:p></o:p></span></p>
<p class=MsoListParagraphCxSpLast style='margin-left:36.0pt;mso-add-space:auto;text-indent:-18.0pt;mso-list:l1 level1 lfo2'><![if !supportLists]><span style='font-family:"Arial",sans-serif;mso-fareast-font-family:Arial'><span style='mso-list:Ignore'>2.<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; </span></span></span><![endif]><span style='font-family:"Arial",sans-serif'>Cierre la puerta<o:p></o:p></span></p>
<p class=MsoNormal><!--[if gte vml 1]><v:shapetype id="_x0000_t75" coordsize="21600,21600" o:spt="75"></v:shapetype><![endif]--><span style='font-family:"Arial",sans-serif;color:#C00000'>Un barrido dura </span><span style='font-family:"Arial",sans-serif;font-weight:bold;mso-bidi-font-weight:normal'>dos horas</span><span style='font-family:"Arial",sans-serif'> y se hace <i style='mso-bidi-font-style:normal'>sin avisar</i> al personal.<o:p></o:p></span></p>
<!--EndFragment-->
</body>
</html>`;

/** Google Docs' clipboard: everything inside <b id="docs-internal-guid-..."> and spans styled in full. */
const docsSpan = (text: string, weight = 400, style = 'normal', color = '#000000', decoration = 'none') =>
  `<span style="font-size:11pt;font-family:Arial,sans-serif;color:${color};background-color:transparent;font-weight:${weight};font-style:${style};font-variant:normal;text-decoration:${decoration};vertical-align:baseline;white-space:pre;white-space:pre-wrap;">${text}</span>`;
const docsParagraph = (inner: string) => `<p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;">${inner}</p>`;
const fromGoogleDocs =
  '<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-8a1c2f3e-7fff-4b2d-91e0-5c6d7e8f9a0b">' +
  docsParagraph(`${docsSpan('El informe llega ')}${docsSpan('en 48 horas', 700)}${docsSpan(', cifrado y firmado', 400, 'italic')}${docsSpan('.')}`) +
  '<br />' +
  docsParagraph(
    `${docsSpan('Más detalles: ')}<a href="https://example.com/guia" style="text-decoration:none;">${docsSpan('Lea la guía completa', 400, 'normal', '#1155cc', 'underline')}</a>`,
  ) +
  '</b><br class="Apple-interchange-newline">';

/** A paste as the browser dispatches it, with both the HTML and the plain text on the clipboard. */
async function paste(editor: Locator, html: string, text: string) {
  await editor.evaluate(
    (element, { html, text }) => {
      const data = new DataTransfer();
      data.setData('text/html', html);
      data.setData('text/plain', text);
      element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    },
    { html, text },
  );
}

/** What Word and Google Docs leave when nothing cleans their HTML. */
const junk = /·|o:p|mso-|Mso|docs-internal|StartFragment|font-family|\u00a0{2}/;

test('text pasted from Word and Google Docs keeps its lists, bold, italics and link, and nothing of their styles', async ({
  adminPage: page,
  browser,
  api,
}) => {
  const title = unique('Pegada desde Word');
  await openTab(page, 'news', 'Noticias');
  const dialog = await startNewArticle(page, title, 'Lo que conviene revisar antes de una reunión.');

  const editor = field(dialog, 'Contenido');
  await editor.click();
  await paste(
    editor,
    fromWord,
    'Antes de cada reunión conviene revisar la sala.\n\n·        Revise los enchufes\n·        Revise los detectores de humo\n1.      Apague el teléfono\n2.      Cierre la puerta\nUn barrido dura dos horas y se hace sin avisar al personal.',
  );
  await expect(editor.getByText('Un barrido dura')).toBeVisible();
  await page.keyboard.press('Enter');
  await paste(editor, fromGoogleDocs, 'El informe llega en 48 horas, cifrado y firmado.\n\nMás detalles: Lea la guía completa');

  // Word's typed bullets and numbers are real lists now, each of its own kind.
  await expect(editor.getByRole('list')).toHaveCount(2);
  await expect(editor.locator('ul > li')).toHaveText(['Revise los enchufes', 'Revise los detectores de humo']);
  await expect(editor.locator('ol > li')).toHaveText(['Apague el teléfono', 'Cierre la puerta']);
  await expect(editor.locator('strong')).toHaveText(['dos horas', 'en 48 horas']);
  await expect(editor.locator('em')).toHaveText(['sin avisar', ', cifrado y firmado']);
  await expect(editor.getByRole('link', { name: 'Lea la guía completa' })).toHaveAttribute('href', 'https://example.com/guia');
  // Google Docs' wrapper bolds nothing; the words around the bold ones are plain.
  await expect(editor.getByText('El informe llega', { exact: false })).toBeVisible();
  expect(await editor.innerText()).not.toMatch(junk);
  await expect(editor.locator('[style], [class*="Mso"]')).toHaveCount(0);

  await choose(page, dialog, 'Estado', 'Publicada');
  await dialog.getByRole('button', { name: 'Crear' }).click();
  await expectToast(page, 'Noticia creada exitosamente');
  await expect(dialog).toBeHidden();
  await expect(await searchCard(page, title)).toBeVisible();

  const found = (await (await api.get(`/api/news?search=${encodeURIComponent(title)}`)).json()) as { slug: string; status: string; content: string }[];
  expect(found).toHaveLength(1);
  const [stored] = found;
  expect(stored.status).toBe('published');
  expect(stored.content).not.toMatch(/style="mso-|class="?Mso|<o:p>|o:p|docs-internal-guid|font-family|<span|<b\b|·/);
  expect(stored.content).toContain('<ul><li><p>Revise los enchufes</p></li><li><p>Revise los detectores de humo</p></li></ul>');
  expect(stored.content).toContain('<ol><li><p>Apague el teléfono</p></li><li><p>Cierre la puerta</p></li></ol>');
  expect(stored.content).toContain('<p>Un barrido dura <strong>dos horas</strong> y se hace <em>sin avisar</em> al personal.</p>');
  expect(stored.content).toContain('<p>El informe llega <strong>en 48 horas</strong><em>, cifrado y firmado</em>.</p>');
  expect(stored.content).toMatch(/<p>Más detalles: <a href="https:\/\/example\.com\/guia"[^>]*>Lea la guía completa<\/a><\/p>/);

  // The public page shows the same lists, emphasis and link.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/noticias/${stored.slug}`);
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const body = visitor.getByRole('article').filter({ hasText: 'Antes de cada reunión conviene revisar la sala.' });
  await expect(body.locator('ul > li')).toHaveText(['Revise los enchufes', 'Revise los detectores de humo']);
  await expect(body.locator('ol > li')).toHaveText(['Apague el teléfono', 'Cierre la puerta']);
  await expect(body.locator('strong', { hasText: 'dos horas' })).toBeVisible();
  await expect(body.locator('em', { hasText: 'sin avisar' })).toBeVisible();
  await expect(body.getByRole('link', { name: 'Lea la guía completa' })).toHaveAttribute('href', 'https://example.com/guia');
  expect(await body.innerText()).not.toMatch(junk);
  await visitorContext.close();
});

test('pasted images stay only when the site can show them and they have a description; the rest are named, and one without a description is inserted once described', async ({
  adminPage: page,
  api,
}) => {
  const title = unique('Imágenes pegadas');
  await openTab(page, 'news', 'Noticias');
  const dialog = await startNewArticle(page, title, 'Fotos copiadas de otra página.');
  const editor = field(dialog, 'Contenido');
  await editor.click();
  await paste(
    editor,
    '<p>Antes de las fotos.</p><p><img src="https://example.com/descrita.jpg" alt="Sala de reuniones"></p><p><img src="https://example.com/sin-descripcion.jpg" alt=" "></p>' +
      '<img src="http://inseguro.example/foto.png" alt="Insegura"><img src="file:///C:/Users/ana/AppData/Local/Temp/msohtmlclip1/01/clip_image001.png"><p>Después de las fotos.</p>',
    'Antes de las fotos.\n\nDespués de las fotos.',
  );
  await expect(editor.getByText('Después de las fotos.')).toBeVisible();
  await expect(editor.locator('img')).toHaveCount(1);
  await expect(editor.locator('img')).toHaveAttribute('alt', 'Sala de reuniones');
  const undescribed = dialog.getByText('Se quitó una imagen pegada que no tenía descripción (texto alternativo).', { exact: false });
  const unusable = dialog.getByText('Se quitaron 2 imágenes pegadas que el sitio no puede mostrar (su dirección no empieza por https://).', { exact: false });
  await expect(undescribed).toBeVisible();
  await expect(unusable).toBeVisible();

  // The image without a description goes in once described, where the caret is (after the pasted text).
  await dialog.getByRole('button', { name: 'Describir e insertar imagen' }).click();
  await expect(field(dialog, 'URL de la imagen')).toHaveValue('https://example.com/sin-descripcion.jpg');
  await expect(field(dialog, 'Texto alternativo')).toBeFocused();
  await page.keyboard.type('Detector de micrófonos');
  await dialog.getByRole('button', { name: 'Insertar imagen', exact: true }).click();
  await expect(editor.locator('img')).toHaveCount(2);
  await expect(editor.locator('img').nth(1)).toHaveAttribute('alt', 'Detector de micrófonos');
  await expect(undescribed).toBeHidden();
  await expect(unusable).toBeVisible();
  await dialog.getByRole('button', { name: 'Cerrar aviso' }).click();
  await expect(unusable).toBeHidden();

  await dialog.getByRole('button', { name: 'Crear' }).click();
  await expect(dialog).toBeHidden();
  const [stored] = await articlesTitled(api, title);
  expect(stored.content).toMatch(/<img src="https:\/\/example\.com\/descrita\.jpg" alt="Sala de reuniones"/);
  expect(stored.content).toMatch(/<img src="https:\/\/example\.com\/sin-descripcion\.jpg" alt="Detector de micrófonos"/);
  expect(stored.content).not.toMatch(/inseguro|file:|clip_image/);
});

/** Word's list paragraph at a level, with its typed marker. */
const wordItem = (text: string, level: number, marker: string) =>
  `<p class=MsoListParagraphCxSpMiddle style='margin-left:${36 * level}.0pt;text-indent:-18.0pt;mso-list:l0 level${level} lfo1'><![if !supportLists]><span style='font-family:Symbol'><span style='mso-list:Ignore'>${marker}<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp; </span></span></span><![endif]>${text}<o:p></o:p></p>`;

/** Word's clipboard: a bulleted list with a second level, then a table (each cell's text in a paragraph). */
const wordListAndTable = `<html xmlns:o="urn:schemas-microsoft-com:office:office"><body><!--StartFragment-->
<p class=MsoNormal>Pasos:<o:p></o:p></p>
${wordItem('Revise la sala', 1, '·')}${wordItem('Techo', 2, 'o')}${wordItem('Enchufes', 2, 'o')}${wordItem('Apague los equipos', 1, '·')}
<table class=MsoTableGrid border=1 cellspacing=0 cellpadding=0 style='border-collapse:collapse;border:none'><tr><td width=300 valign=top style='width:225pt;border:solid windowtext 1.0pt'><p class=MsoNormal>Servicio<o:p></o:p></p></td><td width=300 valign=top style='width:225pt;border:solid windowtext 1.0pt'><p class=MsoNormal>Precio<o:p></o:p></p></td></tr><tr><td><p class=MsoNormal>Barrido<o:p></o:p></p></td><td><p class=MsoNormal>₡450 000<o:p></o:p></p></td></tr></table>
<!--EndFragment--></body></html>`;

/** Excel's clipboard: the cells of a sheet, styled by class. */
const fromExcel = `<html xmlns:x="urn:schemas-microsoft-com:office:excel"><head><style>.xl65{font-weight:700}</style></head><body link="#0563C1">
<table border=0 cellpadding=0 cellspacing=0 width=256 style='border-collapse:collapse;width:192pt'><!--StartFragment-->
 <col width=128 span=2 style='width:96pt'>
 <tr height=20 style='height:15.0pt'><td height=20 class=xl65 width=128>Zona</td><td class=xl65 width=128>Horas</td></tr>
 <tr height=20 style='height:15.0pt'><td height=20>Oficina</td><td align=right>2</td></tr>
<!--EndFragment--></table></body></html>`;

/** A web page's table, with a header and a caption. */
const fromWeb =
  '<table><caption>Tarifas 2026</caption><thead><tr><th>Equipo</th><th>Días</th></tr></thead><tbody><tr><td>Cámara <strong>térmica</strong></td><td>3</td></tr></tbody></table>';

test("pasted tables keep their cells' words apart, a row to a paragraph, with a notice; Word's nested list items stay nested", async ({
  adminPage: page,
  api,
}) => {
  const title = unique('Tablas pegadas');
  await openTab(page, 'news', 'Noticias');
  const dialog = await startNewArticle(page, title, 'Tablas de Word, Excel y una página.');
  const editor = field(dialog, 'Contenido');
  await editor.click();
  await paste(editor, wordListAndTable, 'Pasos:\nRevise la sala\nTecho\nEnchufes\nApague los equipos\nServicio\tPrecio\nBarrido\t₡450 000');
  await expect(editor.getByText('Barrido')).toBeVisible();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await paste(editor, fromExcel, 'Zona\tHoras\nOficina\t2');
  await expect(editor.getByText('Oficina')).toBeVisible();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await paste(editor, fromWeb, 'Tarifas 2026\nEquipo\tDías\nCámara térmica\t3');

  await expect(editor.locator(':scope > ul > li')).toHaveCount(2);
  await expect(editor.locator(':scope > ul > li > p')).toHaveText(['Revise la sala', 'Apague los equipos']);
  await expect(editor.locator(':scope > ul > li:first-child > ul > li')).toHaveText(['Techo', 'Enchufes']);
  await expect(editor.locator(':scope > p')).toHaveText([
    'Pasos:',
    'Servicio | Precio',
    'Barrido | ₡450 000',
    'Zona | Horas',
    'Oficina | 2',
    'Tarifas 2026',
    'Equipo | Días',
    'Cámara térmica | 3',
  ]);
  await expect(editor.locator('strong')).toHaveText('térmica');
  await expect(dialog.getByText('Las 3 tablas pegadas se convirtieron en párrafos', { exact: false })).toBeVisible();

  await dialog.getByRole('button', { name: 'Crear' }).click();
  await expect(dialog).toBeHidden();
  const [stored] = await articlesTitled(api, title);
  expect(stored.content).toContain(
    '<ul><li><p>Revise la sala</p><ul><li><p>Techo</p></li><li><p>Enchufes</p></li></ul></li><li><p>Apague los equipos</p></li></ul>',
  );
  expect(stored.content).toContain('<p>Servicio | Precio</p><p>Barrido | ₡450 000</p><p>Zona | Horas</p><p>Oficina | 2</p>');
  expect(stored.content).toContain('<p>Equipo | Días</p><p>Cámara <strong>térmica</strong> | 3</p>');
});
