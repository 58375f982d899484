// Interoperation with libsecp256k1-zkp's WebAssembly build as Liquid web wallets use it
// (@vulpemventures/secp256k1-zkp, `npm ci` here): Borromean range proofs and asset surjection
// proofs made by either side verify on the other, rewind there, and a changed byte is refused.
import { test } from "node:test";
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import zkp from "@vulpemventures/secp256k1-zkp";
import { liquid, prove, recover, verify } from "../index.js";

const lib = await (zkp.default ?? zkp)();
const hex = (b) => Buffer.from(b).toString("hex");
const random32 = () => new Uint8Array(randomBytes(32));
const script = new Uint8Array([0x00, 0x14, ...randomBytes(20)]);

/** An output's asset and value commitments, as a wallet blinds them. */
function output(value) {
  const tag = random32();
  const generator = lib.generator.generateBlinded(tag, random32());
  const blinder = random32();
  const commitment = lib.pedersen.commitment(value.toString(), generator, blinder);
  return { tag, generator, blinder, commitment };
}

const borromean = (o, proof) =>
  JSON.stringify({
    scheme: "borromean",
    group: "secp256k1",
    flavor: "elements",
    commitments: [hex(o.commitment)],
    value_generator: hex(o.generator),
    extra_data: hex(script),
    proof: hex(proof),
  });

const changed = (bytes) => {
  const copy = Uint8Array.from(bytes);
  copy[copy.length - 10] ^= 1;
  return copy;
};

const VALUES = [0n, 1n, 250_000n, (1n << 64n) - 1n];

test("their Borromean proofs verify and rewind here; a changed byte is refused", async () => {
  for (const value of VALUES) {
    const o = output(value);
    const nonce = random32();
    const proof = lib.rangeproof.sign(
      value.toString(),
      o.commitment,
      o.generator,
      o.blinder,
      nonce,
      "0",
      "0",
      "64",
      undefined,
      script,
    );
    assert.deepEqual(await verify(borromean(o, proof)), [{ valid: true }], `${value}`);
    const got = await recover(borromean(o, proof), nonce);
    assert.equal(got.value, value);
    assert.equal(hex(got.blindings[0]), hex(o.blinder));
    assert.equal((await verify(borromean(o, changed(proof))))[0].valid, false);
  }
});

test("our Borromean proofs verify and rewind there; a changed byte is refused", async () => {
  for (const value of VALUES) {
    const o = output(value);
    const nonce = random32();
    const made = await prove({
      scheme: "borromean",
      group: "secp256k1",
      flavor: "elements",
      values: [value],
      blindings: [o.blinder],
      valueGenerator: o.generator,
      extraData: script,
      recoveryNonce: nonce,
      // The least value shown: 0, as their sign above (Elements' own default, 1, cannot
      // go with 2^64 - 1: libsecp256k1-zkp's rule, which both follow).
      minimumValues: [0],
      parameters: { min_bits: 64 },
    });
    const proof = Buffer.from(JSON.parse(made.document).proof, "hex");
    assert.equal(lib.rangeproof.verify(proof, o.commitment, o.generator, script), true, `${value}`);
    assert.equal(
      lib.rangeproof.rewind(proof, o.commitment, o.generator, nonce, script).value,
      value.toString(),
    );
    assert.equal(lib.rangeproof.verify(changed(proof), o.commitment, o.generator, script), false);
  }
});

/** Five inputs of distinct assets and an output of the fourth's. */
function assets() {
  const tags = Array.from({ length: 5 }, random32);
  const blinders = tags.map(random32);
  const generators = tags.map((t, i) => lib.generator.generateBlinded(t, blinders[i]));
  const outputBlinder = random32();
  const outputGenerator = lib.generator.generateBlinded(tags[3], outputBlinder);
  return { tags, blinders, generators, outputBlinder, outputGenerator };
}

const surjection = (a, proof) =>
  JSON.stringify({
    scheme: "surjection",
    group: "secp256k1",
    flavor: "elements",
    input_generators: a.generators.map(hex),
    output_generator: hex(a.outputGenerator),
    proof: hex(proof),
  });

test("surjection proofs: theirs verify here, ours there; a changed byte is refused", async () => {
  for (let round = 0; round < 4; round++) {
    const a = assets();
    const { proof: initial, inputIndex } = lib.surjectionproof.initialize(
      a.tags,
      a.tags[3],
      100,
      random32(),
    );
    const theirs = lib.surjectionproof.generate(
      initial,
      a.generators,
      a.outputGenerator,
      inputIndex,
      a.blinders[inputIndex],
      a.outputBlinder,
    );
    assert.deepEqual(await verify(surjection(a, theirs)), [{ valid: true }]);
    assert.equal((await verify(surjection(a, changed(theirs))))[0].valid, false);

    const ours = await liquid.proveSurjection({
      inputTags: a.tags,
      inputBlindings: a.blinders,
      outputTag: a.tags[3],
      outputBlinding: a.outputBlinder,
      seed: random32(),
    });
    const proof = Buffer.from(JSON.parse(ours).proof, "hex");
    assert.equal(lib.surjectionproof.verify(proof, a.generators, a.outputGenerator), true);
    assert.equal(
      lib.surjectionproof.verify(changed(proof), a.generators, a.outputGenerator),
      false,
    );
  }
});
