// What both modules do — the whole one (`rangeproof`) and the verification-only one
// (`rangeproof/verify`): verify documents and transactions, and make documents of data.

import { InvalidProof, UnusableInput, UnusableType } from "./errors.js";
import { fromHex, hexOrBytes, optionalList, optionalText, text } from "./arguments.js";

/** The verification functions over a module's `call`. */
export function verifying(call) {
  /**
   * Verifies proof documents (the JSON documents `rangeproof prove` writes, of every scheme and
   * deployment): one document's text, or an array of them verified together (one multiscalar
   * multiplication per group; the invalid ones named). Resolves to one verdict per document, in
   * order: `{ valid: true }`, or `{ valid: false, error }` with the reason (`unusable: true` when
   * the text is not a usable document, `notNamed: true` when its batch failed and the search
   * for the invalid ones stopped before it). A failing batch names at most
   * `options.blameLimit` invalid documents (16 unless given; `null`: all, whatever it costs).
   */
  async function verify(docs, options = {}) {
    const texts = typeof docs === "string" ? [docs] : docs;
    if (!Array.isArray(texts) || texts.some((t) => typeof t !== "string")) {
      throw new UnusableType("verify takes a document's JSON text or an array of them");
    }
    if (options === null || typeof options !== "object") {
      throw new UnusableType("verify's options are an object: { blameLimit }");
    }
    const { blameLimit, ...unknown } = options;
    if (Object.keys(unknown).length > 0) {
      throw new UnusableInput(`verify takes no option ${Object.keys(unknown)[0]}: only blameLimit`);
    }
    if (blameLimit === undefined) {
      return call("verify", texts);
    }
    if (blameLimit !== null && !(Number.isSafeInteger(blameLimit) && blameLimit >= 0)) {
      throw new UnusableType("blameLimit is a count of documents (a non-negative integer) or null");
    }
    return call("verify", { documents: texts, blame_limit: blameLimit });
  }

  /** Verifies one document; resolves when valid, else throws `InvalidProof` or `UnusableInput`. */
  async function verifyOrThrow(doc) {
    const [verdict] = await verify(text("the document", doc));
    if (!verdict.valid) {
      throw verdict.unusable ? new UnusableInput(verdict.error) : new InvalidProof(verdict.error);
    }
  }

  /** Every supported suite, as `[scheme, group, flavor]`. */
  async function suites() {
    return call("suites", null);
  }

  /** Liquid (Elements) transactions. */
  const liquid = {
    /**
     * Verifies a transaction (hex or bytes): every output's range proof and surjection proof
     * in one batch, and with `spent` (each spent output's `[asset, value]` fields, hex or
     * bytes, in input order) the surjection proofs' domain and the balance. Resolves to the
     * report (`verdict`: `"valid"`, `"invalid"` or `"incomplete"`), as the CLI, Python and C
     * write it.
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
  };

  /** Litecoin MWEB transactions and blocks. */
  const mweb = {
    /**
     * Verifies a transaction or block (hex or bytes): range proofs and signatures in
     * batches, the sums. `kind` (`"block"` or `"transaction"`) requires one; a block's kernel
     * sum needs `previousKernelOffset` (64 hex digits). Resolves to the report (`verdict`:
     * `"valid"`, `"invalid"` or `"incomplete"`). The cheap rules run first: where one fails,
     * the signatures, proofs and sums are reported not checked (`null`) unless `fullReport`.
     */
    async verify(data, { kind, previousKernelOffset, fullReport = false } = {}) {
      if (typeof fullReport !== "boolean") {
        throw new UnusableType("fullReport is a boolean");
      }
      return call("mweb_verify", {
        tx: hexOrBytes("the MWEB data", data),
        kind: optionalText("kind", kind),
        previous_kernel_offset: optionalText("previousKernelOffset", previousKernelOffset),
        full_report: fullReport,
      });
    },

    /** Each output's range proof as a proof document (`"flavor": "mweb"`), for `verify`. */
    async documents(data) {
      return call("mweb_documents", { data: hexOrBytes("the MWEB data", data) });
    },
  };

  /** Solana: the ZK ElGamal proof program's batched range proofs. */
  const solana = {
    /**
     * The document of a batched range proof instruction's proof data taken from a
     * transaction (936, 1000 or 1064 bytes: context, then proof), for `verify`.
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

  return { verify, verifyOrThrow, suites, liquid, mweb, solana };
}
