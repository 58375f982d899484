// rangeproof for JavaScript: the library compiled to WebAssembly (rangeproof.wasm, built by
// scripts/build-js.sh), driven through a byte ABI of JSON text in and out (src/lib.rs). The
// module is loaded on first use, in Node from the package's directory and in browsers from the
// URL beside this file; nothing leaves the process or the page.

/** Why input could not be used at all: a wrong type, or text that is not what was asked. */
export class UnusableInput extends TypeError {
  constructor(message) {
    super(message);
    this.name = "UnusableInput";
  }
}

let loaded;

/** The WebAssembly module's exports, instantiated once (tried again after a failed load). */
function module() {
  loaded ??= instantiate().catch((e) => {
    loaded = undefined;
    throw e;
  });
  return loaded;
}

async function wasmBytes() {
  const url = new URL("./rangeproof.wasm", import.meta.url);
  if (url.protocol === "file:") {
    const { readFile } = await import("node:fs/promises");
    return readFile(url);
  }
  const response = await fetch(url);
  if (!response.ok) {
    throw new Error(`cannot load ${url}: ${response.status}`);
  }
  return response.arrayBuffer();
}

async function instantiate() {
  let memory;
  const imports = {
    env: {
      // The batch weights' randomness: the platform's cryptographic source.
      random(ptr, len) {
        globalThis.crypto.getRandomValues(new Uint8Array(memory.buffer, ptr, len));
      },
    },
  };
  const { instance } = await WebAssembly.instantiate(await wasmBytes(), imports);
  memory = instance.exports.memory;
  return instance.exports;
}

/** Runs `call(ptr, len)` on `text` copied into the module; returns the JSON it answers. */
function callWithText(exports, call, text) {
  const input = new TextEncoder().encode(text);
  const ptr = exports.rp_alloc(input.length);
  if (ptr === 0) {
    throw new RangeError("the WebAssembly module is out of memory");
  }
  try {
    new Uint8Array(exports.memory.buffer, ptr, input.length).set(input);
    const out = call(ptr, input.length);
    if (out === 0) {
      throw new RangeError("the WebAssembly module is out of memory");
    }
    const len = new DataView(exports.memory.buffer).getUint32(out, true);
    const json = new TextDecoder().decode(new Uint8Array(exports.memory.buffer, out + 4, len));
    exports.rp_free(out, len + 4);
    return JSON.parse(json);
  } finally {
    exports.rp_free(ptr, input.length);
  }
}

/**
 * Verifies proof documents (the JSON documents `rangeproof prove` writes, of every scheme and
 * deployment): one document's text, or an array of them verified together (one multiscalar
 * multiplication per group; the invalid ones named). Resolves to one verdict per document, in
 * order: `{ valid: true }`, or `{ valid: false, error }` with the reason (`unusable: true` when
 * the text is not a usable document).
 */
export async function verify(docs) {
  const texts = typeof docs === "string" ? [docs] : docs;
  if (!Array.isArray(texts) || texts.some((t) => typeof t !== "string")) {
    throw new UnusableInput("verify takes a document's JSON text or an array of them");
  }
  const exports = await module();
  const answer = callWithText(exports, exports.rp_verify, JSON.stringify(texts));
  if (!Array.isArray(answer)) {
    throw new UnusableInput(answer.error);
  }
  return answer;
}

/** Text or bytes as hex (bytes from a `Uint8Array`; text as given, the module checks it). */
function hexOf(data, what) {
  if (typeof data === "string") {
    return data;
  }
  if (data instanceof Uint8Array) {
    return Array.from(data, (b) => b.toString(16).padStart(2, "0")).join("");
  }
  throw new UnusableInput(`${what} must be hex text or a Uint8Array`);
}

/** Calls a transaction function of the module; its report, or `UnusableInput` with the reason. */
async function transaction(name, input) {
  const exports = await module();
  const answer = callWithText(exports, exports[name], JSON.stringify(input));
  if (typeof answer.error === "string") {
    throw new UnusableInput(answer.error);
  }
  return answer;
}

/**
 * Verifies a Liquid (Elements) transaction, hex or bytes: every output's range proof and
 * surjection proof in one batch, and with `spent` (each spent output's `[asset, value]` fields,
 * hex or bytes, in input order) the surjection proofs' domain and the balance. Resolves to the
 * report (`verdict`: `"valid"`, `"invalid"` or `"incomplete"`, per output its proofs' verdicts),
 * as the CLI, Python and C write it.
 */
export async function verifyLiquidTransaction(tx, { spent } = {}) {
  if (spent !== undefined && !Array.isArray(spent)) {
    throw new UnusableInput("spent must be an array of [asset, value] pairs");
  }
  return transaction("rp_liquid_verify", {
    tx: hexOf(tx, "the transaction"),
    ...(spent && {
      spent: spent.map((pair) => {
        if (!Array.isArray(pair) || pair.length !== 2) {
          throw new UnusableInput("each spent output is an [asset, value] pair");
        }
        return [hexOf(pair[0], "a spent asset"), hexOf(pair[1], "a spent value")];
      }),
    }),
  });
}

/**
 * Verifies a Litecoin MWEB transaction or block, hex or bytes: range proofs and signatures in
 * batches, the sums. `kind` (`"block"` or `"transaction"`) requires one; a block's kernel sum
 * needs `previousKernelOffset` (64 hex digits). Resolves to the report (`verdict`: `"valid"`,
 * `"invalid"` or `"incomplete"`).
 */
export async function verifyMweb(data, { kind, previousKernelOffset } = {}) {
  return transaction("rp_mweb_verify", {
    tx: hexOf(data, "the MWEB data"),
    ...(kind !== undefined && { kind }),
    ...(previousKernelOffset !== undefined && { previous_kernel_offset: previousKernelOffset }),
  });
}
