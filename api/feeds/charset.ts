// Bytes to text for a feed: byte-order mark, then the Content-Type charset, then the XML declaration, else UTF-8.

/**
 * A byte-order mark wins over the header because it cannot be there by accident (XML 1.0 appendix F
 * and the WHATWG encoding standard agree); servers mislabel feeds far more often than they add stray BOMs.
 */
export function decodeFeedBytes(bytes: Uint8Array, contentType: string | null): string {
  const declared = bomEncoding(bytes) ?? charsetOf(contentType) ?? xmlDeclarationEncoding(bytes) ?? htmlMetaCharset(bytes);
  if (declared) {
    const decoder = decoderFor(declared);
    if (decoder) return decoder.decode(bytes);
  }
  // Nothing declared: UTF-8 is the rule, but old Spanish-language sites still send bare Windows-1252.
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return windows1252.decode(bytes);
  }
}

function charsetOf(contentType: string | null): string | null {
  const match = contentType && /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType);
  return match ? match[1] : null;
}

function bomEncoding(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  return null;
}

/** The declaration is ASCII by definition, so reading the head as Latin-1 is safe whatever follows. */
function xmlDeclarationEncoding(bytes: Uint8Array): string | null {
  const head = latin1Head(bytes, 200);
  const match = /^\s*<\?xml[^>]*?\sencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(head);
  return match ? match[1] : null;
}

/** Only discovery reads HTML, and only ASCII markup from it, but a correct decode keeps page titles readable. */
function htmlMetaCharset(bytes: Uint8Array): string | null {
  const head = latin1Head(bytes, 2048);
  const match = /<meta[^>]+charset\s*=\s*["']?([A-Za-z0-9._:-]+)/i.exec(head);
  return match ? match[1] : null;
}

function latin1Head(bytes: Uint8Array, length: number): string {
  return new TextDecoder('latin1').decode(bytes.subarray(0, length));
}

type Decoder = { decode(bytes: Uint8Array): string };

function decoderFor(label: string): Decoder | null {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label.trim().toLowerCase());
  } catch {
    return null; // an unknown label falls back to the UTF-8 rule
  }
  // WHATWG maps iso-8859-1 and latin1 to windows-1252 as well, so all three land here.
  return decoder.encoding === 'windows-1252' ? windows1252 : decoder;
}

/**
 * Node 20's TextDecoder decodes "windows-1252" as strict Latin-1, turning 0x80–0x9F (€, curly quotes,
 * dashes) into control characters; this table is the difference.
 */
const cp1252High = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ';

const windows1252: Decoder = {
  decode(bytes) {
    let text = '';
    for (let start = 0; start < bytes.length; start += 8192) {
      const chunk = bytes.subarray(start, start + 8192);
      text += String.fromCharCode(...chunk.map((byte) => byte)).replace(/[\x80-\x9f]/g, (char) => cp1252High[char.charCodeAt(0) - 0x80]);
    }
    return text;
  },
};
