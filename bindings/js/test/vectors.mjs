// The documents the JavaScript tests verify (this package's and the page's): the repository's
// shared vectors and the CLI's bundled documents, read from the repository.
import { readFileSync, readdirSync } from "node:fs";

const root = new URL("../../../", import.meta.url);
const read = (path) => readFileSync(new URL(path, root), "utf8");

/** The reference crate's proofs (vectors/dalek-bp-ristretto255.json) as documents. */
export function dalekDocuments() {
  const vectors = JSON.parse(read("vectors/dalek-bp-ristretto255.json"));
  return vectors.cases.map((c) => ({
    valid: Boolean(c.valid),
    text: JSON.stringify({
      scheme: "bulletproofs",
      group: "ristretto255",
      flavor: "dalek",
      transcript_label: vectors.transcript_label,
      bits: Number(c.bits),
      commitments: c.commitments,
      proof: c.proof,
    }),
  }));
}

/** The documents the CLI's demo bundles (Grin's genesis output, Monero mainnet proofs), as
 * `rangeproof prove` writes them (pretty-printed). */
export function bundledDocuments() {
  const dir = "rangeproof-cli/data/documents/";
  return readdirSync(new URL(dir, root)).map((name) => read(dir + name));
}

/** `text` with the proof's hex digit at `at` (a fraction of its length) changed. */
export function tampered(text, at = 0.5) {
  const doc = JSON.parse(text);
  const i = Math.floor(doc.proof.length * at);
  doc.proof = doc.proof.slice(0, i) + (doc.proof[i] === "0" ? "1" : "0") + doc.proof.slice(i + 1);
  return JSON.stringify(doc, null, 1);
}
