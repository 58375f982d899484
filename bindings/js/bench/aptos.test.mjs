// Interoperation with Aptos's own WebAssembly bindings (@aptos-labs/confidential-asset-wasm-bindings,
// `npm ci` here; its `range-proofs` module is the reference crate under Aptos's label): proofs
// made by either side verify on the other, under the reference Pedersen bases and under other
// bases, for 1 to 16 values at the edges 0 and 2^n - 1; changed proofs, commitments and bases
// are refused by both.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import * as aptos from "@aptos-labs/confidential-asset-wasm-bindings/range-proofs";
import { commit, prove, verify } from "../index.js";

// The module's bytes lie beside its JavaScript (the package exports no path to them).
const bindings = import.meta.resolve("@aptos-labs/confidential-asset-wasm-bindings/range-proofs");
aptos.initSync({ module: readFileSync(new URL("aptos_rp_wasm_bg.wasm", bindings)) });

const hex = (b) => Buffer.from(b).toString("hex");
const fromHex = (h) => new Uint8Array(Buffer.from(h, "hex"));
// The reference crate's PedersenGens::default(): the basepoint and its hash to the group.
const REFERENCE = {
  value_base: "e2f2ae0a6abc4e71a884a961c500515f58e30b6aa582dd8db6a65945e08d2d76",
  blinding_base: "8c9240b456a9e6dc65c377a1048d745f94a08cdb7f44cbcd7b46f34048871134",
};

/** Other bases: commitments to fresh random openings are random points. */
async function otherBases() {
  const [value_base, blinding_base] = await commit({
    flavor: "aptos",
    values: [1, 1],
    blindings: [randomScalar(), randomScalar()],
  });
  return { value_base: hex(value_base), blinding_base: hex(blinding_base) };
}

/** A random canonical scalar (below 2^252). */
function randomScalar() {
  const b = new Uint8Array(randomBytes(32));
  b[31] &= 0x0f;
  return b;
}

const edges = (bits, m) =>
  Array.from({ length: m }, (_, i) => (i % 2 === 0 ? 0n : (1n << BigInt(bits)) - 1n));

function document(bits, bases, commitments, proof) {
  return JSON.stringify({
    scheme: "bulletproofs",
    group: "ristretto255",
    flavor: "aptos",
    bits,
    ...bases,
    commitments: commitments.map(hex),
    proof: hex(proof),
  });
}

function theirVerdict(doc) {
  const d = JSON.parse(doc);
  try {
    return aptos.batch_verify_proof(
      fromHex(d.proof),
      d.commitments.map(fromHex),
      fromHex(d.value_base ?? REFERENCE.value_base),
      fromHex(d.blinding_base ?? REFERENCE.blinding_base),
      d.bits,
    );
  } catch {
    return false;
  }
}

const changedProof = (doc) => {
  const d = JSON.parse(doc);
  const proof = fromHex(d.proof);
  proof[proof.length - 40] ^= 1;
  return JSON.stringify({ ...d, proof: hex(proof) });
};

test("their proofs verify here; changed ones are refused by both", async () => {
  for (const bases of [REFERENCE, await otherBases()]) {
    for (const bits of [8, 16, 32, 64]) {
      for (const m of [1, 2, 4, 8, 16]) {
        const values = edges(bits, m);
        const made = aptos.batch_range_proof(
          BigUint64Array.from(values),
          values.map(randomScalar),
          fromHex(bases.value_base),
          fromHex(bases.blinding_base),
          bits,
        );
        const doc = document(bits, bases, made.comms(), made.proof());
        assert.deepEqual(await verify(doc), [{ valid: true }], `${bits} x ${m}`);
        assert.equal(theirVerdict(doc), true);
        const changed = changedProof(doc);
        assert.equal((await verify(changed))[0].valid, false);
        assert.equal(theirVerdict(changed), false);
      }
    }
  }
});

test("our proofs verify there; changed commitments and bases are refused by both", async () => {
  for (const bases of [undefined, await otherBases()]) {
    for (const bits of [8, 16, 32, 64]) {
      for (const m of [1, 2, 4, 8, 16]) {
        const made = await prove({ flavor: "aptos", bits, values: edges(bits, m), parameters: bases });
        assert.equal(theirVerdict(made.document), true, `${bits} x ${m}`);
      }
    }
    const made = await prove({ flavor: "aptos", bits: 16, values: [0n, 65535n], parameters: bases });
    const d = JSON.parse(made.document);
    const swapped = JSON.stringify({ ...d, commitments: [...d.commitments].reverse() });
    assert.equal((await verify(swapped))[0].valid, false);
    assert.equal(theirVerdict(swapped), false);
    const moved = JSON.stringify({ ...d, ...(await otherBases()) });
    assert.equal((await verify(moved))[0].valid, false);
    assert.equal(theirVerdict(moved), false);
    const changed = changedProof(made.document);
    assert.equal((await verify(changed))[0].valid, false);
    assert.equal(theirVerdict(changed), false);
  }
});
