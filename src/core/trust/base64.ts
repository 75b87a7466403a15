// Standard base64 (RFC 4648 with padding), as Go's base64.StdEncoding writes
// it: the text form of every key and signature file. Decoding is strict about
// the alphabet and padding and ignores surrounding white space (a trailing
// newline, as Forge writes one).

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const STRICT = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export function encodeBase64(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i]!;
    const b = bytes[i + 1];
    const c = bytes[i + 2];
    out += ALPHABET[a >> 2]! + ALPHABET[((a & 3) << 4) | ((b ?? 0) >> 4)]!;
    out += b === undefined ? '=' : ALPHABET[((b & 15) << 2) | ((c ?? 0) >> 6)]!;
    out += c === undefined ? '=' : ALPHABET[c & 63]!;
  }
  return out;
}

/** The bytes of a base64 text, or null when it is not strict standard base64. */
export function decodeBase64(text: string): Uint8Array | null {
  const clean = text.trim();
  if (!STRICT.test(clean)) return null;
  const pad = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  const out = new Uint8Array((clean.length / 4) * 3 - pad);
  let o = 0;
  for (let i = 0; i < clean.length; i += 4) {
    const n =
      (ALPHABET.indexOf(clean[i]!) << 18) |
      (ALPHABET.indexOf(clean[i + 1]!) << 12) |
      ((ALPHABET.indexOf(clean[i + 2]!) & 63) << 6) |
      (ALPHABET.indexOf(clean[i + 3]!) & 63);
    for (const byte of [(n >> 16) & 255, (n >> 8) & 255, n & 255]) if (o < out.length) out[o++] = byte;
  }
  return out;
}
