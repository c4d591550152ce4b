// Request bodies read within a byte limit, for page forms and the JSON API: refused by the declared length, or as soon as the bytes read pass the limit.
import { isUtf8 } from "node:buffer";
import { IMPORT_FILE_LIMIT } from "./upload-limit";

/** Page forms take at most this many bytes; the spreadsheet import's own routes take more (IMPORT_UPLOAD_LIMIT, IMPORT_BODY_LIMIT). */
export const PAGE_BODY_LIMIT = 1_000_000;
/** The dashboard's spreadsheet upload (multipart): the file (app/lib/upload-limit.ts) and room for the form around it. */
export const IMPORT_UPLOAD_LIMIT = IMPORT_FILE_LIMIT + 500_000;
export const BODY_TOO_LARGE = "Request body too large";

export const TOO_LARGE = Symbol("body too large");

/**
 * The whole body as bytes, or TOO_LARGE when its Content-Length, or the bytes read so far (a
 * chunked body has no length), pass `limit`; nothing past the limit is kept. The rest of a refused
 * body is dropped in the background (discardRest), so the refusal can be answered at once.
 */
export async function readBodyWithin(
  request: Request,
  limit: number,
): Promise<Uint8Array<ArrayBuffer> | typeof TOO_LARGE> {
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const declared = request.headers.get("content-length");
  if (declared !== null && !(Number(declared) <= limit)) {
    discardRest(reader);
    return TOO_LARGE;
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      discardRest(reader);
      return TOO_LARGE;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/** How long, and how much, of a refused body is read and dropped before the connection is closed. */
const LINGER = { ms: 2000, bytes: 32_000_000 };

/**
 * A lingering close: a client still sending a refused body gets its answer only if the server
 * keeps reading for a moment, since closing a socket with unread data resets it and can take
 * the answer with it. So the rest is read and dropped (never kept) until the body ends, for at
 * most LINGER; then the stream is cancelled, which closes the connection (Node's server may
 * close it sooner, once the answer is sent: docs/BENCHMARKS.md measured 4-6 MB read).
 */
function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>) {
  const stop = () => void reader.cancel().catch(() => {});
  const timer = setTimeout(stop, LINGER.ms);
  void (async () => {
    let dropped = 0;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return clearTimeout(timer);
        dropped += value.byteLength;
        if (dropped > LINGER.bytes) break;
      }
    } catch {
      // The client went away: nothing left to drop.
    }
    clearTimeout(timer);
    stop();
  })();
}

/** 413 with the limit in words. */
export function tooLargeResponse(limit: number, headers: HeadersInit = {}) {
  const all = new Headers(headers);
  all.set("Cache-Control", "no-store");
  const megabytes = Math.round((limit / 1_000_000) * 10) / 10;
  return Response.json(
    { message: `${BODY_TOO_LARGE} (at most ${megabytes} MB)`, code: "body_too_large" },
    { status: 413, headers: all },
  );
}

const HEX = /^[0-9a-fA-F]{2}$/;

/**
 * Whether a body's text is well-formed UTF-8: JSON as sent; a URL-encoded form once its %XX escapes are turned back into
 * the bytes they stand for (a lone surrogate sent as %ED%A0%80 is not UTF-8, and the platform's decoder would quietly
 * make it U+FFFD). Other bodies (multipart, with files) are not checked here.
 */
export function isWellFormedBody(bytes: Uint8Array, contentType: string | null): boolean {
  const type = (contentType ?? "").split(";")[0].trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded") return isUtf8(bytes);
  const raw = new Uint8Array(bytes.length);
  let n = 0;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] === 0x25 && i + 2 < bytes.length && HEX.test(String.fromCharCode(bytes[i + 1], bytes[i + 2]))) {
      raw[n++] = parseInt(String.fromCharCode(bytes[i + 1], bytes[i + 2]), 16);
      i += 2;
    } else raw[n++] = bytes[i];
  }
  return isUtf8(raw.subarray(0, n));
}
