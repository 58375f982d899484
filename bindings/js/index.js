// rangeproof for JavaScript: the library compiled to WebAssembly, in Node and in browsers,
// nothing sent anywhere. Every function checks its arguments' JavaScript types here (an
// `UnusableType` names the argument) and leaves every other rule to the library, which gives
// the same reasons as the CLI, Python and C. Secrets go in and come out as `Uint8Array`s the
// caller can wipe (`fill(0)`), amounts as numbers or `BigInt`s in and `BigInt`s out.

import { call } from "./lib/wasm.js";
import { InvalidProof, UnusableInput, UnusableType } from "./lib/errors.js";

export {
  InvalidProof,
  OutOfMemory,
  RangeproofError,
  RecoveryFailed,
  UnusableInput,
  UnusableType,
} from "./lib/errors.js";

const U64_MAX = (1n << 64n) - 1n;

// ---- argument checks (types only) ----

function describe(x) {
  return x === null ? "null" : Array.isArray(x) ? "an array" : `a ${typeof x}`;
}

function bytes(name, x) {
  if (!(x instanceof Uint8Array)) {
    throw new UnusableType(`${name} must be a Uint8Array, not ${describe(x)}`);
  }
  return x;
}

function optionalBytes(name, x) {
  return x === undefined ? undefined : bytes(name, x);
}

/** Public data as hex text or bytes (bytes are written as hex by the input writer). */
function hexOrBytes(name, x) {
  if (typeof x !== "string" && !(x instanceof Uint8Array)) {
    throw new UnusableType(`${name} must be hex text or a Uint8Array, not ${describe(x)}`);
  }
  return x;
}

function text(name, x) {
  if (typeof x !== "string") {
    throw new UnusableType(`${name} must be a string, not ${describe(x)}`);
  }
  return x;
}

function optionalText(name, x) {
  return x === undefined ? undefined : text(name, x);
}

/** A count or size: a non-negative safe integer. */
function count(name, x) {
  if (!Number.isSafeInteger(x) || x < 0) {
    throw new UnusableType(`${name} must be a non-negative integer, not ${String(x)}`);
  }
  return x;
}

function optionalCount(name, x) {
  return x === undefined ? undefined : count(name, x);
}

/** An amount: a non-negative safe integer or a BigInt below 2^64, as a BigInt. */
function amount(name, x) {
  if (typeof x === "number" && Number.isSafeInteger(x) && x >= 0) {
    return BigInt(x);
  }
  if (typeof x === "bigint" && x >= 0n && x <= U64_MAX) {
    return x;
  }
  throw new UnusableType(
    `${name} must be an integer in 0 .. 2^64 - 1 (a BigInt past 2^53), not ${describe(x)}`,
  );
}

function list(name, xs, each) {
  if (!Array.isArray(xs)) {
    throw new UnusableType(`${name} must be an array, not ${describe(xs)}`);
  }
  return xs.map((x, i) => each(`${name}[${i}]`, x));
}

function optionalList(name, xs, each) {
  return xs === undefined ? undefined : list(name, xs, each);
}

/** Options: a plain object (or nothing) with no names but `known`. */
function options(name, given, known) {
  if (given === undefined) {
    return {};
  }
  if (given === null || typeof given !== "object" || Array.isArray(given)) {
    throw new UnusableType(`${name} must be an object, not ${describe(given)}`);
  }
  const unknown = Object.keys(given).filter((k) => !known.includes(k));
  if (unknown.length > 0) {
    throw new UnusableInput(
      `${name}: unknown ${unknown.map((k) => JSON.stringify(k)).join(", ")} (known: ${known.join(", ")})`,
    );
  }
  return given;
}

function fromHex(hex) {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) {
    out[i] = parseInt(hex.substr(2 * i, 2), 16);
  }
  return out;
}

// ---- documents ----

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
    throw new UnusableType("verify takes a document's JSON text or an array of them");
  }
  return call("verify", texts);
}

/** Verifies one document; resolves when valid, else throws `InvalidProof` or `UnusableInput`. */
export async function verifyOrThrow(doc) {
  const [verdict] = await verify(text("the document", doc));
  if (!verdict.valid) {
    throw verdict.unusable ? new UnusableInput(verdict.error) : new InvalidProof(verdict.error);
  }
}

/** Every supported suite, as `[scheme, group, flavor]`. */
export async function suites() {
  return call("suites", null);
}

const PROVE_OPTIONS = [
  "scheme",
  "group",
  "flavor",
  "values",
  "bits",
  "bitLengths",
  "blindings",
  "commitments",
  "extensionDegree",
  "minimumValues",
  "generatorsN",
  "valueGenerator",
  "extraData",
  "transcriptLabel",
  "recoveryNonce",
  "parameters",
];

/** Per value, its blinding factors: one `Uint8Array`, or an array of them. */
function blindingsOf(name, given) {
  return list(name, given, (each, b) =>
    b instanceof Uint8Array ? [b] : list(each, b, bytes),
  );
}

/**
 * Proves that each of `values` lies in its range, under a suite (`scheme`, `group`, `flavor`:
 * every one `suites()` lists) and the statement's options, with fresh blindings or the given
 * ones (`blindings`, for commitments that already exist; `recoveryNonce` makes the proof
 * recoverable: Tari's seed, Grin's rewind nonce). Resolves to `{ document, openings, blindings }`:
 * the proof document's JSON text (public), the openings file's JSON as bytes (secret: what
 * `rangeproof prove --openings` writes) and each value's blinding factors (secret).
 */
export async function prove(request) {
  const r = options("the request", request, PROVE_OPTIONS);
  const parameters =
    r.parameters === undefined ? undefined : options("parameters", r.parameters, Object.keys(r.parameters));
  if (parameters !== undefined) {
    for (const [name, value] of Object.entries(parameters)) {
      if (!(value instanceof Uint8Array) && !Number.isSafeInteger(value) && typeof value !== "string") {
        throw new UnusableType(`parameters.${name} must be an integer, a string or a Uint8Array`);
      }
    }
  }
  const generator = r.valueGenerator;
  return call("prove", {
    scheme: optionalText("scheme", r.scheme),
    group: optionalText("group", r.group),
    flavor: optionalText("flavor", r.flavor),
    transcript_label: optionalText("transcriptLabel", r.transcriptLabel),
    bits: optionalCount("bits", r.bits),
    bit_lengths: optionalList("bitLengths", r.bitLengths, count),
    extension_degree: optionalCount("extensionDegree", r.extensionDegree),
    minimum_values: optionalList("minimumValues", r.minimumValues, amount),
    generators_n: optionalCount("generatorsN", r.generatorsN),
    value_generator:
      generator === undefined || generator === "H" ? generator : bytes("valueGenerator", generator),
    extra_data: optionalBytes("extraData", r.extraData),
    values: list("values", r.values, amount),
    blindings: r.blindings === undefined ? undefined : blindingsOf("blindings", r.blindings),
    commitments: optionalList("commitments", r.commitments, bytes),
    rewind_nonce: optionalBytes("recoveryNonce", r.recoveryNonce),
    parameters,
  });
}

const COMMIT_OPTIONS = [
  "scheme",
  "group",
  "flavor",
  "values",
  "blindings",
  "extensionDegree",
  "valueGenerator",
  "extraData",
];

/**
 * Pedersen commitments of given openings (each value with its blinding factors), encoded as
 * the suite's documents carry them: `valueGenerator` where the suite takes one (Elements'
 * asset generator), `extraData` where its statement requires it (MWEB's output message, on
 * which no commitment depends).
 */
export async function commit(openings) {
  const {
    scheme = "bulletproofs",
    group,
    flavor,
    values,
    blindings,
    extensionDegree = 1,
    valueGenerator,
    extraData,
  } = options("the openings", openings, COMMIT_OPTIONS);
  const hex = await call("commit", {
    scheme: text("scheme", scheme),
    group: optionalText("group", group),
    flavor: optionalText("flavor", flavor),
    extension_degree: count("extensionDegree", extensionDegree),
    value_generator: optionalBytes("valueGenerator", valueGenerator),
    extra_data: optionalBytes("extraData", extraData),
    values: list("values", values, amount),
    blindings: blindingsOf("blindings", blindings),
  });
  return hex.map(fromHex);
}

/**
 * Recovers a proof's opening with its nonce (Tari's seed: the blindings; Grin's rewind nonce:
 * the value, blinding and message). With `value`, or when the proof gives it, the opening is
 * checked against the commitment (`checked`). Resolves to `{ value, blindings, message,
 * checked }` (`value` a BigInt or null, `message` a Uint8Array or null); a nonce that does not
 * open the proof throws `RecoveryFailed`.
 */
export async function recover(doc, nonce, { value } = {}) {
  return call("recover", {
    document: text("the document", doc),
    nonce: bytes("nonce", nonce),
    value: value === undefined ? undefined : amount("value", value),
  });
}

// ---- deployments ----

/** Liquid (Elements): transactions, their outputs' secrets, assets. */
export const liquid = {
  /**
   * Verifies a transaction (hex or bytes): every output's range proof and surjection proof in
   * one batch, and with `spent` (each spent output's `[asset, value]` fields, hex or bytes, in
   * input order) the surjection proofs' domain and the balance. Resolves to the report
   * (`verdict`: `"valid"`, `"invalid"` or `"incomplete"`), as the CLI, Python and C write it.
   */
  async verifyTransaction(tx, { spent } = {}) {
    return call("liquid_verify", {
      tx: hexOrBytes("the transaction", tx),
      spent: optionalList("spent", spent, (name, pair) => {
        if (!Array.isArray(pair) || pair.length !== 2) {
          throw new UnusableType(`${name} must be an [asset, value] pair`);
        }
        return [hexOrBytes(`${name}[0]`, pair[0]), hexOrBytes(`${name}[1]`, pair[1])];
      }),
    });
  },

  /**
   * Unblinds output `output` of a transaction with the receiver's 32-byte blinding key:
   * `{ value, asset, assetBlinding, valueBlinding }` (a BigInt and three Uint8Arrays, secret);
   * a key that does not open it throws `RecoveryFailed`.
   */
  async unblind(tx, output, blindingKey) {
    const got = await call("liquid_unblind", {
      tx: hexOrBytes("the transaction", tx),
      output: count("output", output),
      blinding_key: bytes("blindingKey", blindingKey),
    });
    return {
      value: got.value,
      asset: got.asset,
      assetBlinding: got.asset_blinding,
      valueBlinding: got.value_blinding,
    };
  },

  /** The blinded asset generator (33 bytes) of a 32-byte asset tag and blinding factor. */
  async assetGenerator(tag, blinding) {
    const hex = await call("liquid_asset_generator", {
      tag: bytes("tag", tag),
      blinding: bytes("blinding", blinding),
    });
    return fromHex(hex);
  },

  /**
   * An asset surjection proof document: the output's asset (`outputTag` blinded by
   * `outputBlinding`) is one of the inputs' (`inputTags[j]` blinded by `inputBlindings[j]`),
   * without saying which; `nToUse` inputs in the ring drawn from the 32-byte `seed`.
   */
  async proveSurjection({
    inputTags,
    inputBlindings,
    outputTag,
    outputBlinding,
    seed,
    nToUse = 3,
    maxIterations = 100,
  } = {}) {
    return call("liquid_prove_surjection", {
      input_tags: list("inputTags", inputTags, bytes),
      input_blindings: list("inputBlindings", inputBlindings, bytes),
      output_tag: bytes("outputTag", outputTag),
      output_blinding: bytes("outputBlinding", outputBlinding),
      seed: bytes("seed", seed),
      n_to_use: count("nToUse", nToUse),
      max_iterations: count("maxIterations", maxIterations),
    });
  },
};

/** Litecoin MWEB: transactions and blocks, a wallet's outputs. */
export const mweb = {
  /**
   * Verifies a transaction or block (hex or bytes): range proofs and signatures in batches,
   * the sums. `kind` (`"block"` or `"transaction"`) requires one; a block's kernel sum needs
   * `previousKernelOffset` (64 hex digits). Resolves to the report (`verdict`: `"valid"`,
   * `"invalid"` or `"incomplete"`).
   */
  async verify(data, { kind, previousKernelOffset } = {}) {
    return call("mweb_verify", {
      tx: hexOrBytes("the MWEB data", data),
      kind: optionalText("kind", kind),
      previous_kernel_offset: optionalText("previousKernelOffset", previousKernelOffset),
    });
  },

  /**
   * The outputs of a transaction or block that the wallet of `scanKey` (32 bytes, secret) and
   * `spendPubkey` (33 bytes) owns, at address indices `0 .. addresses - 1`: per output its
   * position, ID and address index, and its value, blinding factor and nonce (secret).
   */
  async scan(data, { scanKey, spendPubkey, addresses = 100 } = {}) {
    return call("mweb_scan", {
      data: hexOrBytes("the MWEB data", data),
      scan_key: bytes("scanKey", scanKey),
      spend_pubkey: bytes("spendPubkey", spendPubkey),
      addresses: count("addresses", addresses),
    });
  },

  /** Each output's range proof as a proof document (`"flavor": "mweb"`), for `verify`. */
  async documents(data) {
    return call("mweb_documents", { data: hexOrBytes("the MWEB data", data) });
  },
};

/** Solana: the ZK ElGamal proof program's batched range proofs. */
export const solana = {
  /**
   * The document of a batched range proof instruction's proof data taken from a transaction
   * (936, 1000 or 1064 bytes: context, then proof), for `verify`.
   */
  async document(proofData) {
    return call("solana_document", { data: hexOrBytes("the proof data", proofData) });
  },

  /** A Solana document's proof data, as the instruction carries it. */
  proofData(doc) {
    const hex = JSON.parse(text("the document", doc)).proof_data;
    if (typeof hex !== "string") {
      throw new UnusableInput("the document has no proof_data (not a Solana document)");
    }
    return fromHex(hex);
  },
};

/** Circuit proofs (R1CS over ristretto255). */
export const circuit = {
  /** A proof of knowledge of a SHA-256 preimage (at most 55 bytes): the circuit document. */
  async proveSha256(preimage, { flavor = "bound" } = {}) {
    return call("circuit_prove_sha256", {
      preimage: bytes("preimage", preimage),
      flavor: text("flavor", flavor),
    });
  },

  /**
   * A proof that `outputs` are a permutation of `inputs`, every value committed with a fresh
   * blinding: `{ document, inputs, outputs }`, each opening `{ value, blinding }` (secret).
   */
  async proveShuffle(inputs, outputs, { flavor = "dalek", label = "rangeproof shuffle" } = {}) {
    return call("circuit_prove_shuffle", {
      inputs: list("inputs", inputs, amount),
      outputs: list("outputs", outputs, amount),
      flavor: text("flavor", flavor),
      label: text("label", label),
    });
  },
};
