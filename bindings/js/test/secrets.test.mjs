// No error shows a secret: values refused (out of range, negative, past the bit size) and
// blinding factors refused (32 bytes of 0xff, past every group's order) are named by their
// argument and position, never shown — an error is printed and logged, and amounts and
// blindings are secrets.
import { test } from "node:test";
import assert from "node:assert/strict";
import { circuit, commit, prove, UnusableInput } from "../index.js";

const SECRET = 123456789123456789n;
const BLINDING = new Uint8Array(32).fill(0xff);
const NEEDLES = [
  String(SECRET),
  "123456789123456789123456789",
  "ff".repeat(32),
  "FF".repeat(32),
  String((1n << 256n) - 1n),
  "987654321987",
];

/** The message `call` is refused with. */
async function refusal(call) {
  try {
    await call();
  } catch (e) {
    assert.ok(e instanceof UnusableInput, `${e}`);
    return String(e.message);
  }
  assert.fail("not refused");
}

test("refused values and blindings are not shown in an error", async () => {
  for (const call of [
    () => prove({ values: [SECRET], bits: 32 }),
    () => prove({ values: [123456789123456789123456789n] }),
    () => prove({ values: [1n, -SECRET] }),
    () => prove({ values: [SECRET], blindings: [BLINDING] }),
    () => prove({ values: [SECRET], group: "secp256k1", flavor: "grin", blindings: [BLINDING] }),
    () => prove({ values: [SECRET], scheme: "bulletproofs+", flavor: "tari", minimumValues: [SECRET + 1n] }),
    () => prove({ values: [SECRET, 1n], flavor: "solana", bitLengths: [32, 32] }),
    () => commit({ values: [SECRET], blindings: [[BLINDING]] }),
    () => commit({ values: [SECRET], group: "secp256k1", flavor: "grin", blindings: [[BLINDING]] }),
    () => circuit.proveShuffle([SECRET, 123456789123456789123456789n], [1n, 2n]),
    () => prove({ values: [SECRET], bits: Number(SECRET) }),
    // A count is no amount, but no number refused is shown.
    () => prove({ values: [SECRET], extensionDegree: -987654321987 }),
  ]) {
    const said = await refusal(call);
    for (const needle of NEEDLES) {
      assert.ok(!said.includes(needle), said);
    }
  }
});
