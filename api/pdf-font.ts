// The symbol font of the advance-form PDF (domain/pdf/symbol-font.ts), read from its npm package on
// the first PDF and kept for the next ones. Missing, the PDF still comes out, with symbols spelled out.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { symbolFontModule } from '../domain/pdf/symbol-font';

let loading: Promise<Uint8Array> | undefined;

export async function pdfSymbolFont(onMissing: (error: unknown) => void = () => {}): Promise<Uint8Array | null> {
  loading ??= readFile(createRequire(import.meta.url).resolve(symbolFontModule)).then((file) => new Uint8Array(file.buffer, file.byteOffset, file.byteLength));
  try {
    return await loading;
  } catch (error) {
    loading = undefined;
    onMissing(error);
    return null;
  }
}
