// Images and videos in the article editor: inserted from the toolbar's forms, the caret goes on after them
// (what is typed next never replaces them, nor does the next video), and the videos' own embed code
// (YouTube's <iframe> from its share box, an unlisted Vimeo link with its key) keeps its video, in the
// editor and as saved.
import type { Locator, Page } from '@playwright/test';
import { expect, test, unique } from '../fixtures';
import { articlesTitled, field, openTab, startNewArticle } from './helpers';

const youtubePlayer = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ';

async function insertVideo(dialog: Locator, page: Page, link: string, how: 'button' | 'enter') {
  await dialog.getByRole('button', { name: 'Video de YouTube o Vimeo' }).click();
  await field(dialog, 'Enlace del video').fill(link);
  if (how === 'enter') await page.keyboard.press('Enter');
  else await dialog.getByRole('button', { name: 'Insertar video' }).click();
  await expect(field(dialog, 'Enlace del video')).toBeHidden();
}

/** The editor's blocks, in order: a paragraph's text, or the tag and address of an image or a player. */
const blocks = (editor: Locator) =>
  editor.evaluate((element) =>
    Array.from(element.children).map((child) => {
      const media = child.matches('img, iframe') ? child : child.querySelector('img, iframe');
      return media ? `${media.tagName.toLowerCase()} ${media.getAttribute('src')}` : (child.textContent ?? '');
    }),
  );

test('an image or a video inserted from the toolbar leaves the caret after it: typing goes on, and the next video goes below', async ({
  adminPage: page,
  api,
}) => {
  const title = unique('Videos insertados');
  await openTab(page, 'news', 'Noticias');
  const dialog = await startNewArticle(page, title, 'Dos videos y una foto.');
  const editor = field(dialog, 'Contenido');
  await editor.click();
  await page.keyboard.type('Mire este video:');
  await page.keyboard.press('Enter');

  await insertVideo(dialog, page, 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'button');
  await expect(editor).toBeFocused();
  await page.keyboard.type('Como se ve arriba');
  // Right after a video (nothing typed between them), an unlisted Vimeo video keeps its key.
  await insertVideo(dialog, page, 'https://vimeo.com/123456789/abcdef1234', 'enter');
  await insertVideo(dialog, page, 'https://vimeo.com/76979871', 'button');
  await expect(editor).toBeFocused();
  await page.keyboard.type('Tres videos');

  await dialog.getByRole('button', { name: 'Imagen', exact: true }).click();
  await field(dialog, 'URL de la imagen').fill('https://example.com/foto.jpg');
  await field(dialog, 'Texto alternativo').fill('Sala de reuniones');
  await dialog.getByRole('button', { name: 'Insertar imagen' }).click();
  await expect(editor).toBeFocused();
  await page.keyboard.type('Pie de la foto');

  await expect
    .poll(() => blocks(editor))
    .toEqual([
      'Mire este video:',
      `iframe ${youtubePlayer}`,
      'Como se ve arriba',
      'iframe https://player.vimeo.com/video/123456789?h=abcdef1234',
      'iframe https://player.vimeo.com/video/76979871',
      'Tres videos',
      'img https://example.com/foto.jpg',
      'Pie de la foto',
    ]);

  // Saved as a draft by autosave, with every video and the image.
  await expect.poll(async () => (await articlesTitled(api, title))[0]?.content ?? '', { timeout: 30_000 }).toContain('Pie de la foto');
  const [stored] = await articlesTitled(api, title);
  expect(stored.content).toContain(`<iframe src="${youtubePlayer}"`);
  expect(stored.content).toContain('<iframe src="https://player.vimeo.com/video/123456789?h=abcdef1234"');
  expect(stored.content).toContain('<iframe src="https://player.vimeo.com/video/76979871"');
  expect(stored.content).toMatch(/<img src="https:\/\/example\.com\/foto\.jpg" alt="Sala de reuniones"/);
});

test("YouTube's own embed code keeps its video: pasted in the text, pasted as the code itself, or written in 'Código HTML'", async ({
  adminPage: page,
  api,
}) => {
  const title = unique('Código de YouTube');
  const embed =
    '<iframe width="560" height="315" src="https://www.youtube.com/embed/dQw4w9WgXcQ?si=Xy12AbCd" title="YouTube video player" frameborder="0" allow="accelerometer; autoplay" allowfullscreen></iframe>';
  await openTab(page, 'news', 'Noticias');
  const dialog = await startNewArticle(page, title, 'Un video pegado.');
  const editor = field(dialog, 'Contenido');
  await editor.click();
  await page.keyboard.type('Primero:');
  await page.keyboard.press('Enter');

  // Copied from a page that shows the player: the clipboard holds its HTML.
  await editor.evaluate((element, html) => {
    const data = new DataTransfer();
    data.setData('text/html', `<p>Antes</p>${html}<p>Después</p>`);
    data.setData('text/plain', 'Antes\nDespués');
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, embed);
  await expect(editor.locator('iframe')).toHaveCount(1);
  // Copied from YouTube's share box: the clipboard holds the code as text.
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await editor.evaluate((element, code) => {
    const data = new DataTransfer();
    data.setData('text/plain', code);
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, embed);
  await expect(editor.locator('iframe')).toHaveCount(2);
  await expect(editor).not.toContainText('<iframe');
  await page.keyboard.type('Fin');
  await expect.poll(() => blocks(editor)).toEqual(['Primero:', 'Antes', `iframe ${youtubePlayer}`, 'Después', `iframe ${youtubePlayer}`, 'Fin']);

  // Written in 'Código HTML', back in the visual editor.
  await dialog.getByRole('button', { name: 'Código HTML' }).click();
  const source = field(dialog, 'Contenido (código HTML)');
  await source.fill(`<p>Solo este:</p>${embed}`);
  await dialog.getByRole('button', { name: 'Código HTML' }).click();
  // (The editor keeps an empty paragraph after a last player, to write in.)
  await expect.poll(() => blocks(editor)).toEqual(['Solo este:', `iframe ${youtubePlayer}`, '']);
  await expect(editor.locator('iframe')).toHaveAttribute('title', 'YouTube video player');

  // Saved from 'Código HTML' as it was written, the server keeps the player too.
  await dialog.getByRole('button', { name: 'Código HTML' }).click();
  await source.fill(`<p>Guardado:</p>${embed}`);
  await expect.poll(async () => (await articlesTitled(api, title))[0]?.content ?? '', { timeout: 30_000 }).toContain('Guardado:');
  const [stored] = await articlesTitled(api, title);
  expect(stored.content).toMatch(/^<p>Guardado:<\/p><iframe src="https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ" title="YouTube video player"/);
});
