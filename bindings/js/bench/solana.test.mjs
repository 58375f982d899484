// Interoperation with Solana's own WebAssembly SDK (@solana/zk-sdk, `npm ci` here): batched
// range proof data made by either side verifies on the other, for each instruction kind, at
// the edges 0 and 2^n - 1; a changed proof byte is refused by both.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as sdk from "@solana/zk-sdk/node";
import { prove, solana, verify } from "../index.js";

const KINDS = [
  { data: sdk.BatchedRangeProofU64Data, lengths: [64], bytes: 936 },
  { data: sdk.BatchedRangeProofU64Data, lengths: [32, 16, 8, 8], bytes: 936 },
  { data: sdk.BatchedRangeProofU128Data, lengths: [64, 16, 32, 16], bytes: 1000 },
  { data: sdk.BatchedRangeProofU256Data, lengths: [64, 64, 64, 64], bytes: 1064 },
];

const edges = (lengths) => [lengths.map(() => 0n), lengths.map((n) => (1n << BigInt(n)) - 1n)];

function theirs(kind, amounts) {
  const values = BigUint64Array.from(amounts);
  const openings = Array.from(values, () => new sdk.PedersenOpening());
  const commitments = Array.from(values, (a, i) => sdk.PedersenCommitment.from(a, openings[i]));
  return new kind.data(commitments, values, Uint8Array.from(kind.lengths), openings).toBytes();
}

const changed = (bytes) => {
  const copy = Uint8Array.from(bytes);
  copy[copy.length - 40] ^= 1; // a byte of the proof, past the context
  return copy;
};

test("their proof data verifies here; a changed byte does not", async () => {
  for (const kind of KINDS) {
    for (const amounts of edges(kind.lengths)) {
      const data = theirs(kind, amounts);
      assert.equal(data.length, kind.bytes);
      assert.deepEqual(
        await verify(await solana.document(data)),
        [{ valid: true }],
        `${kind.lengths}`,
      );
      const [bad] = await verify(await solana.document(changed(data)));
      assert.equal(bad.valid, false);
    }
  }
});

test("our proof data verifies in their SDK; a changed byte does not", async () => {
  for (const kind of KINDS) {
    for (const values of edges(kind.lengths)) {
      const made = await prove({ flavor: "solana", values, bitLengths: kind.lengths });
      const data = solana.proofData(made.document);
      assert.equal(data.length, kind.bytes);
      kind.data.fromBytes(data).verify();
      assert.throws(() => kind.data.fromBytes(changed(data)).verify());
    }
  }
});
