// Which files a photo slot takes before anything is sent: images by their type, HEIC and HEIF by their
// name too (a computer that does not know the format gives a phone's photo no type), at most 10 MB.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { photoFileProblem } from '../../pwa/features/advance-form/api';
import { advanceFormTexts } from '../../pwa/features/advance-form/texts';
import { advanceFormTextsEn } from '../../pwa/features/advance-form/texts.en';

const file = (name: string, type: string, size = 1000) => new File([new Uint8Array(size)], name, { type });

test('images of any type are taken, other files are not', () => {
  for (const type of ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/heic', 'image/heif'])
    assert.is(photoFileProblem(file('foto', type)), null, type);
  assert.is(photoFileProblem(file('notas.txt', 'text/plain')), 'Solo se permiten imágenes (JPEG, PNG, WebP, GIF o HEIC).');
  assert.is(photoFileProblem(file('foto.jpg', '')), 'Solo se permiten imágenes (JPEG, PNG, WebP, GIF o HEIC).');
});

test('a HEIC or HEIF without a type is taken by its name', () => {
  for (const name of ['IMG_0001.HEIC', 'salidas.heic', 'plano.heif']) assert.is(photoFileProblem(file(name, '')), null, name);
  assert.is(photoFileProblem(new Blob([new Uint8Array(10)])), 'Solo se permiten imágenes (JPEG, PNG, WebP, GIF o HEIC).');
});

test('over 10 MB is refused, in the page’s language', () => {
  assert.is(photoFileProblem(file('IMG_0002.HEIC', '', 10_485_761)), advanceFormTexts.photo.tooLarge);
  assert.is(photoFileProblem(file('photo.heic', 'image/heic', 10_485_761), advanceFormTextsEn.photo), 'The photo is larger than the 10 MB limit.');
  assert.is(photoFileProblem(file('photo.heic', 'image/heic', 10_485_760)), null);
});

test.run();
