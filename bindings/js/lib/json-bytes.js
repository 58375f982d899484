// An input's JSON written as UTF-8 bytes, never as one string: bytes (a `Uint8Array`) are
// written as hex digit by digit, so a secret passed as bytes (a blinding factor, a nonce, a
// key) never becomes a JavaScript string, which nothing can wipe. The buffers it grows through
// are wiped as they are left; the caller wipes the result.

const encoder = new TextEncoder();
const DIGITS = encoder.encode("0123456789abcdef");
const QUOTE = 0x22;

export class JsonBytes {
  constructor() {
    this.buffer = new Uint8Array(256);
    this.length = 0;
  }

  /** Room for `n` more bytes (the old buffer wiped when it is replaced). */
  reserve(n) {
    const needed = this.length + n;
    if (needed <= this.buffer.length) {
      return;
    }
    let size = this.buffer.length * 2;
    while (size < needed) {
      size *= 2;
    }
    const next = new Uint8Array(size);
    next.set(this.buffer.subarray(0, this.length));
    this.buffer.fill(0);
    this.buffer = next;
  }

  text(string) {
    const bytes = encoder.encode(string);
    this.reserve(bytes.length);
    this.buffer.set(bytes, this.length);
    this.length += bytes.length;
  }

  /** Bytes as a JSON string of hex digits. */
  hex(bytes) {
    this.reserve(2 * bytes.length + 2);
    const out = this.buffer;
    let at = this.length;
    out[at++] = QUOTE;
    for (let i = 0; i < bytes.length; i++) {
      out[at++] = DIGITS[bytes[i] >> 4];
      out[at++] = DIGITS[bytes[i] & 15];
    }
    out[at++] = QUOTE;
    this.length = at;
  }

  /**
   * Any JSON value, with two additions: a `Uint8Array` is written as its hex, a `BigInt` as
   * its digits. Object entries whose value is `undefined` are left out.
   */
  value(v) {
    if (v instanceof Uint8Array) {
      this.hex(v);
    } else if (typeof v === "bigint") {
      this.text(v.toString());
    } else if (Array.isArray(v)) {
      this.text("[");
      v.forEach((item, i) => {
        if (i > 0) this.text(",");
        this.value(item);
      });
      this.text("]");
    } else if (v !== null && typeof v === "object") {
      this.text("{");
      let first = true;
      for (const [key, item] of Object.entries(v)) {
        if (item === undefined) continue;
        if (!first) this.text(",");
        first = false;
        this.text(JSON.stringify(key) + ":");
        this.value(item);
      }
      this.text("}");
    } else {
      this.text(JSON.stringify(v));
    }
  }

  /** The bytes written (a view of the buffer: wipe with `wipe()` once copied). */
  bytes() {
    return this.buffer.subarray(0, this.length);
  }

  wipe() {
    this.buffer.fill(0);
    this.length = 0;
  }
}
