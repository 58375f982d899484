// The WebAssembly module (rangeproof.wasm, built by scripts/build-js.sh), loaded on first use
// — in Node from the package's directory, in browsers from the URL beside the package — and
// called through its byte ABI (src/lib.rs): the input's JSON in, an answer out (src/answer.rs:
// a kind, JSON, and the secrets beside it, which come back as `Uint8Array`s and `BigInt`s).

import { OutOfMemory, RangeproofError, RecoveryFailed, UnusableInput } from "./errors.js";
import { JsonBytes } from "./json-bytes.js";

const loaders = new Map();

/**
 * The loader of the module `file` (beside the package: `rangeproof.wasm`, or the
 * verification-only `rangeproof-verify.wasm`), one per file, instantiated on first use (tried
 * again after a failed load): `{ call, module }`.
 */
export function loader(file) {
  if (!loaders.has(file)) {
    let loaded;
    const module = () => {
      loaded ??= instantiate(file).catch((e) => {
        loaded = undefined;
        throw e;
      });
      return loaded;
    };
    // An exception out of the module (a trap, a stack overflow, an error of the host's random
    // source — a bug or the platform's failure: nothing reachable from input throws) leaves its
    // memory mid-operation, secrets in it: the memory is wiped, and the next call starts a
    // fresh instance.
    const lose = (exports) => {
      new Uint8Array(exports.memory.buffer).fill(0);
      loaded = undefined;
    };
    const guarded = (name, input) => call(module, name, input, lose);
    loaders.set(file, { call: guarded, module });
  }
  return loaders.get(file);
}

async function wasmBytes(file) {
  const url = new URL(`../${file}`, import.meta.url);
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

/** The platform's cryptographic random source, or a clear error before any work. */
function requireRandom() {
  if (typeof globalThis.crypto?.getRandomValues !== "function") {
    throw new RangeproofError(
      "no cryptographic random source: rangeproof needs globalThis.crypto.getRandomValues " +
        "(Node.js 19 or newer, Node.js 18 with --experimental-global-webcrypto, or a browser)",
    );
  }
}

async function instantiate(file) {
  requireRandom();
  let memory;
  const imports = {
    env: {
      // Every random byte the module uses (blindings, proofs' nonces, batch weights): the
      // platform's cryptographic source.
      // `getRandomValues` fills at most 65536 bytes a call.
      random(ptr, len) {
        for (let at = 0; at < len; at += 65536) {
          const n = Math.min(65536, len - at);
          globalThis.crypto.getRandomValues(new Uint8Array(memory.buffer, ptr + at, n));
        }
      },
    },
  };
  const { instance } = await WebAssembly.instantiate(await wasmBytes(file), imports);
  memory = instance.exports.memory;
  return instance.exports;
}

const decoder = new TextDecoder();

/** The answer's parts: its kind, its JSON text, its secrets (copied out of the module). */
function readAnswer(exports, out) {
  // The memory may have grown during the call: a fresh view each time.
  const length = new DataView(exports.memory.buffer).getUint32(out, true);
  try {
    const bytes = new Uint8Array(exports.memory.buffer, out + 4, length);
    const view = new DataView(exports.memory.buffer, out + 4, length);
    const kind = bytes[0];
    const jsonLength = view.getUint32(1, true);
    const json = decoder.decode(bytes.subarray(5, 5 + jsonLength));
    let at = 5 + jsonLength;
    const count = view.getUint32(at, true);
    at += 4;
    const secrets = [];
    for (let i = 0; i < count; i++) {
      const n = view.getUint32(at, true);
      secrets.push(bytes.slice(at + 4, at + 4 + n));
      at += 4 + n;
    }
    return { kind, json, secrets };
  } finally {
    // Freeing zeroes the answer inside the module (src/lib.rs, ZeroOnFree).
    exports.rp_free(out, length + 4);
  }
}

/** The result with each `{"$bytes": i}` / `{"$u64": i}` replaced by its secret. */
function withSecrets(json, secrets) {
  if (secrets.length === 0) {
    return JSON.parse(json);
  }
  return JSON.parse(json, (key, value) => {
    if (value === null || typeof value !== "object" || Array.isArray(value)) {
      return value;
    }
    const keys = Object.keys(value);
    if (keys.length === 1 && keys[0] === "$bytes") {
      return secrets[value.$bytes];
    }
    if (keys.length === 1 && keys[0] === "$u64") {
      const bytes = secrets[value.$u64];
      const amount = new DataView(bytes.buffer, bytes.byteOffset, 8).getBigUint64(0, true);
      bytes.fill(0);
      return amount;
    }
    return value;
  });
}

/** The exports that handle secrets: their shadow stack is wiped after each call. */
const SECRET_CALLS = new Set([
  "prove",
  "commit",
  "recover",
  "liquid_unblind",
  "liquid_asset_generator",
  "liquid_prove_surjection",
  "mweb_scan",
  "circuit_prove_sha256",
  "circuit_prove_shuffle",
]);

/** Zeroes the module's shadow stack, where nothing lives between calls (src/lib.rs). */
function wipeStack(exports) {
  const bounds = exports.rp_stack_bounds();
  const low = Number(bounds & 0xffffffffn);
  const high = Number(bounds >> 32n);
  new Uint8Array(exports.memory.buffer, low, high - low).fill(0);
}

/**
 * Calls the module's `rp_<name>` with `input` (written by `JsonBytes`: bytes as hex, never a
 * string) and returns its result, or throws the error of its kind. An exception out of the
 * module itself hands it to `lose` (which wipes its memory) first.
 */
async function call(module, name, input, lose) {
  const exports = await module();
  requireRandom();
  const writer = new JsonBytes();
  let out;
  let answer;
  try {
    writer.value(input);
    const bytes = writer.bytes();
    try {
      const ptr = exports.rp_alloc(bytes.length);
      if (ptr === 0) {
        throw new OutOfMemory("the WebAssembly module is out of memory");
      }
      try {
        new Uint8Array(exports.memory.buffer, ptr, bytes.length).set(bytes);
        out = exports[`rp_${name}`](ptr, bytes.length);
      } finally {
        exports.rp_free(ptr, bytes.length);
      }
      if (out === 0) {
        throw new OutOfMemory("the WebAssembly module is out of memory");
      }
      answer = readAnswer(exports, out);
      if (SECRET_CALLS.has(name)) {
        wipeStack(exports);
      }
    } catch (e) {
      if (!(e instanceof OutOfMemory)) {
        lose(exports);
      }
      throw e;
    }
  } finally {
    writer.wipe();
  }
  const { kind, json, secrets } = answer;
  if (kind === 0) {
    return withSecrets(json, secrets);
  }
  const { error } = JSON.parse(json);
  throw kind === 2 ? new RecoveryFailed(error) : new UnusableInput(error);
}
