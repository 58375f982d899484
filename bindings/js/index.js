// rangeproof for JavaScript: the library compiled to WebAssembly, in Node and in browsers,
// nothing sent anywhere. Every function checks its arguments' JavaScript types here (an
// `UnusableType` names the argument) and leaves every other rule to the library, which gives
// the same reasons as the CLI, Python and C. Secrets go in and come out as `Uint8Array`s the
// caller can wipe (`fill(0)`), amounts as numbers or `BigInt`s in and `BigInt`s out.
// `rangeproof/verify` (verify.js) is the same verification over a smaller module.

import { loader } from "./lib/wasm.js";
import { verifying } from "./lib/verifying.js";
import {
  amount,
  bytes,
  count,
  fromHex,
  hexOrBytes,
  list,
  optionalBytes,
  optionalCount,
  optionalList,
  optionalText,
  options,
  text,
} from "./lib/arguments.js";
import { UnusableType } from "./lib/errors.js";

export {
  InvalidProof,
  OutOfMemory,
  RangeproofError,
  RecoveryFailed,
  UnusableInput,
  UnusableType,
} from "./lib/errors.js";

const { call } = loader("rangeproof.wasm");
const verification = verifying(call);

/** Verification, as `rangeproof/verify` has it (lib/verifying.js); Solana's is all of it. */
export const { verify, verifyOrThrow, suites, solana } = verification;

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
  return list(name, given, (each, b) => (b instanceof Uint8Array ? [b] : list(each, b, bytes)));
}

/** A suite's own parameters by name: integers, strings (hex) or bytes. */
function parametersOf(given) {
  if (given === undefined) return undefined;
  const parameters = options("parameters", given, Object.keys(given));
  for (const [name, value] of Object.entries(parameters)) {
    if (!(value instanceof Uint8Array) && !Number.isSafeInteger(value) && typeof value !== "string") {
      throw new UnusableType(`parameters.${name} must be an integer, a string or a Uint8Array`);
    }
  }
  return parameters;
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
  const parameters = parametersOf(r.parameters);
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
  "parameters",
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
    parameters,
  } = options("the openings", openings, COMMIT_OPTIONS);
  const hex = await call("commit", {
    scheme: text("scheme", scheme),
    group: optionalText("group", group),
    flavor: optionalText("flavor", flavor),
    extension_degree: count("extensionDegree", extensionDegree),
    value_generator: optionalBytes("valueGenerator", valueGenerator),
    extra_data: optionalBytes("extraData", extraData),
    parameters: parametersOf(parameters),
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
  ...verification.liquid,

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
   * without saying which; `nToUse` inputs in the ring, drawn from a 32-byte seed that must be
   * secret and fresh (whoever knows it learns which input was spent): leave `seed` out and the
   * library draws one; pass one only to reproduce a proof.
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
      ...(seed === undefined ? {} : { seed: bytes("seed", seed) }),
      n_to_use: count("nToUse", nToUse),
      max_iterations: count("maxIterations", maxIterations),
    });
  },
};

/** Litecoin MWEB: transactions and blocks, a wallet's outputs. */
export const mweb = {
  ...verification.mweb,

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
