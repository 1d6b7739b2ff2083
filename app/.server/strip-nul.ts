/**
 * Works around React 18.3's Node stream renderer, which can flush the unused
 * tail of its 2048-byte buffer as NUL bytes when a multi-byte UTF-8 character
 * falls on the boundary (react#24985, fixed by react#26228 only in React 19).
 * NUL never occurs inside a UTF-8 multi-byte sequence (continuation bytes are
 * 0x80–0xBF) and is not valid in HTML text, so dropping every 0x00 byte is safe.
 */
import { Transform } from "node:stream";

/** A byte stream that drops every 0x00 byte; chunks without one pass untouched. */
export function createStripNulTransform(): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (chunk.indexOf(0) === -1) return callback(null, chunk);
      const out = Buffer.allocUnsafe(chunk.length);
      let length = 0;
      for (const byte of chunk) if (byte !== 0) out[length++] = byte;
      callback(null, out.subarray(0, length));
    },
  });
}
