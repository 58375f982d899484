// Proving, commitments and recovery through the package, for every suite the library has:
// round trips at the edges 0 and 2^64 - 1, a changed proof byte refused, the same openings
// making the same commitments, recovery with the right and a wrong nonce, Liquid's
// unblinding and surjection proofs, MWEB's scan, Solana's proof data, circuits; and the
// secrets: bytes out, none left in the module's memory.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createECDH } from "node:crypto";
import { readFileSync } from "node:fs";
import {
  circuit,
  commit,
  InvalidProof,
  liquid,
  mweb,
  prove,
  recover,
  RecoveryFailed,
  solana,
  suites,
  UnusableInput,
  UnusableType,
  verify,
  verifyOrThrow,
} from "../index.js";
import { loader } from "../lib/wasm.js";
import { tampered } from "./vectors.mjs";

const root = new URL("../../../", import.meta.url);
const read = (path) => readFileSync(new URL(path, root), "utf8");
const hex = (b) => Buffer.from(b).toString("hex");
const fromHex = (h) => new Uint8Array(Buffer.from(h, "hex"));
const U64_MAX = (1n << 64n) - 1n;

/** Every range-proof suite's request (the Python tests' conventions, and Solana's and MWEB's). */
const CONVENTIONS = [
  { scheme: "bulletproofs" },
  { scheme: "bulletproofs+", flavor: "tari" },
  { scheme: "bulletproofs+", flavor: "tari", extensionDegree: 3 },
  { scheme: "bulletproofs", group: "ed25519", flavor: "monero" },
  { scheme: "bulletproofs+", group: "ed25519", flavor: "monero" },
  { scheme: "bulletproofs", group: "secp256k1", flavor: "grin" },
  // An MWEB output's proof covers one value.
  { scheme: "bulletproofs", group: "secp256k1", flavor: "mweb", extraData: fromHex("00112233"), one: true },
  { scheme: "bulletproofs", flavor: "solana" },
  { scheme: "bulletproofs", flavor: "sui" },
  { scheme: "bulletproofs", flavor: "aptos" },
  { scheme: "bulletproofs", flavor: "mobilecoin" },
  // Token 1's value base (rangeproof::deployments::mobilecoin::value_base(1)).
  {
    scheme: "bulletproofs",
    flavor: "mobilecoin",
    parameters: { value_base: "6e736cab24540ffd7a74ea23db4d394e3a8290c2d62cf944c56dd63669cc593b" },
  },
  // Aptos's bases are the caller's: the reference crate's two, the other way round.
  {
    scheme: "bulletproofs",
    flavor: "aptos",
    parameters: {
      value_base: "8c9240b456a9e6dc65c377a1048d745f94a08cdb7f44cbcd7b46f34048871134",
      blinding_base: "e2f2ae0a6abc4e71a884a961c500515f58e30b6aa582dd8db6a65945e08d2d76",
    },
  },
  { scheme: "bulletproofs++" },
  { scheme: "bulletproofs++", group: "secp256k1" },
  // The test-only deployment (rangeproof::deployments::testing, registered by
  // `scripts/build-js.sh --testing`): issue 54's proof that a deployment reaches the package
  // through the registry alone, with no line of JavaScript for it.
  { scheme: "bulletproofs", flavor: "relabelled" },
];

test("every range-proof suite round-trips at 0 and 2^64 - 1; a changed byte is refused", async () => {
  for (const { one, ...convention } of CONVENTIONS) {
    for (const values of one ? [[0], [U64_MAX]] : [[0], [U64_MAX, 12345]]) {
      const what = `${JSON.stringify({ ...convention, extraData: undefined })} ${values}`;
      const made = await prove({ ...convention, values });
      assert.deepEqual(await verify(made.document), [{ valid: true }], what);
      await verifyOrThrow(made.document);
      const changed = tampered(made.document, 0.4);
      assert.equal((await verify(changed))[0].valid, false, what);
      await assert.rejects(verifyOrThrow(changed), InvalidProof);
      // The openings: the values and the blindings, as bytes; the same openings make the
      // same commitments, and prove again.
      const openingsText = new TextDecoder().decode(made.openings);
      const openings = JSON.parse(openingsText);
      // (Amounts past 2^53 lose digits in JSON.parse: read from the text.)
      assert.ok(openingsText.includes(`"values":[${values.join(",")}]`), what);
      assert.deepEqual(openings.blindings, made.blindings.map((each) => each.map(hex)), what);
      const { commitments } = JSON.parse(made.document);
      const { bits, ...statement } = convention;
      const again = await commit({ ...statement, values, blindings: made.blindings });
      assert.deepEqual(again.map(hex), commitments ?? [], what);
      const reproved = await prove({ ...convention, values, blindings: made.blindings });
      assert.deepEqual(JSON.parse(reproved.document).commitments, commitments, what);
    }
  }
});

test("every suite the library lists is proved by the package", async () => {
  const covered = new Set();
  for (const { one, ...convention } of CONVENTIONS) {
    const doc = JSON.parse((await prove({ ...convention, values: [1] })).document);
    covered.add(`${doc.scheme}/${doc.group}/${doc.flavor}`);
  }
  covered.add("borromean/secp256k1/elements"); // below, with Liquid's unblinding
  covered.add("surjection/secp256k1/elements"); // below
  const listed = (await suites()).map((s) => s.join("/"));
  assert.deepEqual([...covered].sort(), [...listed].sort());
});

test("the test-only deployment's proof is its own: read as the reference format's, it fails", async () => {
  const made = await prove({ flavor: "relabelled", bits: 32, values: [0, 2 ** 32 - 1] });
  assert.deepEqual(await verify(made.document), [{ valid: true }]);
  const doc = JSON.parse(made.document);
  assert.equal(doc.flavor, "relabelled");
  doc.flavor = "dalek";
  assert.equal((await verify(JSON.stringify(doc)))[0].valid, false);
});

test("a batch of made proofs names the changed one", async () => {
  const docs = [];
  for (const { one, ...convention } of CONVENTIONS) {
    docs.push((await prove({ ...convention, values: one ? [7] : [7, 8] })).document);
  }
  docs[3] = tampered(docs[3]);
  const verdicts = await verify(docs);
  assert.deepEqual(
    verdicts.map((v) => v.valid),
    docs.map((_, i) => i !== 3),
  );
});

test("recovery: Grin's rewind and Tari's masks with the nonce; a wrong nonce fails", async () => {
  const nonce = new Uint8Array(32).fill(7);
  const grin = await prove({ group: "secp256k1", flavor: "grin", values: [1234], recoveryNonce: nonce });
  const got = await recover(grin.document, nonce);
  assert.equal(got.value, 1234n);
  assert.equal(got.checked, true);
  assert.deepEqual(got.blindings.map(hex), grin.blindings[0].map(hex));
  assert.ok(got.message instanceof Uint8Array && got.message.length === 20);
  await assert.rejects(recover(grin.document, new Uint8Array(32).fill(8)), RecoveryFailed);

  const tari = await prove({ scheme: "bulletproofs+", flavor: "tari", values: [99], extensionDegree: 2, recoveryNonce: nonce });
  const masks = await recover(tari.document, nonce, { value: 99 });
  assert.equal(masks.checked, true);
  assert.equal(masks.value, null);
  assert.deepEqual(masks.blindings.map(hex), tari.blindings[0].map(hex));
  // Without the value nothing can tell a wrong seed: the masks are unchecked.
  assert.equal((await recover(tari.document, nonce)).checked, false);
  await assert.rejects(recover(tari.document, new Uint8Array(32), { value: 99 }), RecoveryFailed);

  const monero = await prove({ group: "ed25519", flavor: "monero", values: [5] });
  await assert.rejects(recover(monero.document, nonce), UnusableInput);
  await assert.rejects(recover(grin.document, new Uint8Array(31)), UnusableInput);
  await assert.rejects(recover(grin.document, "07".repeat(32)), UnusableType);
  await assert.rejects(recover("{", nonce), UnusableInput);
});

// secp256k1's group order: the product of two private keys, reduced.
const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const key = (n) => fromHex(n.toString(16).padStart(64, "0"));
const publicKey = (n) => {
  const ecdh = createECDH("secp256k1");
  ecdh.setPrivateKey(key(n));
  return new Uint8Array(ecdh.getPublicKey(null, "compressed"));
};
const compactSize = (n) => (n < 0xfd ? [n] : [0xfd, n & 0xff, n >> 8]);
const sha256 = async (b) => new Uint8Array(await crypto.subtle.digest("SHA-256", b));

test("Liquid: a Borromean proof in a transaction output, unblinded by its receiver", async () => {
  const receiver = 0x1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdefn;
  const ephemeral = 0xfedcba0987654321fedcba0987654321fedcba0987654321fedcba0987654321n;
  // Elements' rewind nonce: SHA256(SHA256(the shared point, compressed)).
  const nonce = await sha256(await sha256(publicKey((receiver * ephemeral) % N)));
  const tag = await sha256(new TextEncoder().encode("asset"));
  const assetBlinding = key(99n);
  const generator = await liquid.assetGenerator(tag, assetBlinding);
  assert.equal(generator.length, 33);
  const script = new Uint8Array([0x00, 0x14, ...new Uint8Array(20)]);
  const made = await prove({
    scheme: "borromean",
    group: "secp256k1",
    flavor: "elements",
    values: [777],
    valueGenerator: generator,
    extraData: script,
    recoveryNonce: nonce,
    parameters: { message: new Uint8Array([...tag, ...assetBlinding]) },
  });
  assert.deepEqual(await verify(made.document), [{ valid: true }]);
  const doc = JSON.parse(made.document);
  const proof = fromHex(doc.proof);
  const opened = { scheme: "borromean", group: "secp256k1", flavor: "elements", values: [777], blindings: made.blindings };
  assert.deepEqual((await commit({ ...opened, valueGenerator: generator })).map(hex), doc.commitments);
  assert.notDeepEqual((await commit(opened)).map(hex), doc.commitments); // under H, not the asset
  // Version 2, witness flag, one input (prevout 07…07:0, empty scriptSig), one output, lock
  // time 0, then the input's (empty) and the output's witness.
  const tx = new Uint8Array([
    2, 0, 0, 0, 1,
    1, ...new Uint8Array(32).fill(7), 0, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff,
    1, ...generator, ...fromHex(doc.commitments[0]), ...publicKey(ephemeral),
    ...compactSize(script.length), ...script,
    0, 0, 0, 0,
    0, 0, 0, 0,
    0, ...compactSize(proof.length), ...proof,
  ]);
  const report = await liquid.verifyTransaction(tx);
  assert.equal(report.verdict, "incomplete");
  assert.deepEqual(report.findings, []);
  const got = await liquid.unblind(tx, 0, key(receiver));
  assert.equal(got.value, 777n);
  assert.deepEqual([hex(got.asset), hex(got.assetBlinding)], [hex(tag), hex(assetBlinding)]);
  assert.deepEqual(hex(got.valueBlinding), hex(made.blindings[0][0]));
  await assert.rejects(liquid.unblind(tx, 0, key(receiver + 1n)), RecoveryFailed);
  await assert.rejects(liquid.unblind(tx, 1, key(receiver)), UnusableInput);
  await assert.rejects(liquid.unblind(tx, 0, key(N)), UnusableInput);
  await assert.rejects(liquid.unblind(tx, 0, hex(key(receiver))), UnusableType);
});

test("Liquid: surjection proofs verify as documents; a swapped generator is refused", async () => {
  const tags = [];
  for (let k = 0; k < 5; k++) tags.push(await sha256(new Uint8Array([k])));
  const blindings = tags.map((_, k) => key(BigInt(k + 11)));
  const doc = await liquid.proveSurjection({
    inputTags: tags,
    inputBlindings: blindings,
    outputTag: tags[3],
    outputBlinding: key(77n),
    nToUse: 5,
  });
  assert.deepEqual(await verify(doc), [{ valid: true }]);
  const d = JSON.parse(doc);
  assert.equal(d.input_generators.length, 5);
  d.output_generator = d.input_generators[0];
  assert.equal((await verify(JSON.stringify(d)))[0].valid, false);
  // An output asset no input has: no proof.
  await assert.rejects(
    liquid.proveSurjection({ inputTags: tags.slice(0, 2), inputBlindings: blindings.slice(0, 2), outputTag: tags[3], outputBlinding: key(77n), nToUse: 2 }),
    UnusableInput,
  );
  // Without a seed the ring is drawn from a fresh secret one each time; a seed given (here a
  // zero one, to reproduce) draws the same ring each time.
  const ring = async (seed) =>
    JSON.parse(
      await liquid.proveSurjection({ inputTags: tags, inputBlindings: blindings, outputTag: tags[3], outputBlinding: key(77n), nToUse: 2, ...(seed ? { seed } : {}) }),
    ).proof.slice(4, 6);
  const seeded = new Set();
  for (let k = 0; k < 4; k++) seeded.add(await ring(new Uint8Array(32)));
  assert.equal(seeded.size, 1);
  const fresh = new Set();
  for (let k = 0; k < 10; k++) fresh.add(await ring());
  assert.ok(fresh.size > 1, "ten proofs drew one ring");
});

test("MWEB: the wallet finds its outputs; each output's proof is a document", async () => {
  const made = JSON.parse(read("vectors/mweb-made-here.json"));
  const wallet = { scanKey: fromHex(made.wallet.scan_secret), spendPubkey: fromHex(made.wallet.spend_pubkey), addresses: 8 };
  // An address count past the library's cap: unusable at once.
  await assert.rejects(mweb.scan(made.transactions[0].tx, { ...wallet, addresses: 2 ** 32 - 1 }), UnusableInput);
  const c = made.transactions[4];
  const found = await mweb.scan(c.tx, wallet);
  assert.deepEqual(found.map((f) => f.value).sort(), c.values.map(BigInt).sort());
  assert.ok(found.every((f) => f.blinding.length === 32 && f.nonce.length === 16 && f.id.length === 64));
  assert.deepEqual(await mweb.scan(c.tx, { ...wallet, scanKey: new Uint8Array(32).fill(7) }), []);
  await assert.rejects(mweb.scan(c.tx, { ...wallet, scanKey: new Uint8Array(32) }), UnusableInput);
  const docs = await mweb.documents(fromHex(c.tx));
  assert.ok(docs.length > 0 && docs.every((d) => JSON.parse(d).flavor === "mweb"));
  assert.ok((await verify(docs)).every((v) => v.valid));
});

test("Solana: proof data out of a document and back; its context changed is refused", async () => {
  const made = await prove({ flavor: "solana", values: [1, 2, 3, 4], bitLengths: [64, 16, 32, 16] });
  const data = solana.proofData(made.document);
  assert.equal(data.length, 1000);
  assert.deepEqual(await verify(await solana.document(data)), [{ valid: true }]);
  data[5] ^= 1; // a commitment in the context
  assert.equal((await verify(await solana.document(data)))[0].valid, false);
  // Proof data of a length the program refuses: a document, and an invalid proof.
  assert.equal((await verify(await solana.document(new Uint8Array(10))))[0].valid, false);
  await assert.rejects(solana.document("zz"), UnusableInput);
  assert.throws(() => solana.proofData(made.document.replace("proof_data", "x")), UnusableInput);
});

test("circuits: a SHA-256 preimage and a shuffle, proved and verified", async () => {
  const sha = await circuit.proveSha256(new TextEncoder().encode("abc"));
  assert.deepEqual(await verify(sha), [{ valid: true }]);
  await assert.rejects(circuit.proveSha256(new Uint8Array(56)), UnusableInput);
  const shuffled = await circuit.proveShuffle([3, 1, 2], [1, 2, 3]);
  assert.deepEqual(await verify(shuffled.document), [{ valid: true }]);
  assert.deepEqual(shuffled.inputs.map((o) => o.value), [3n, 1n, 2n]);
  assert.ok(shuffled.outputs.every((o) => o.blinding.length === 32));
  await assert.rejects(circuit.proveShuffle([1, 2], [1, 3]), UnusableInput);
});

test("bad input: typed errors naming the argument, and the module still answers", async () => {
  for (const bad of [
    () => prove(),
    () => prove({ values: "5" }),
    () => prove({ values: [-1] }),
    () => prove({ values: [2 ** 64] }),
    () => prove({ values: [1.5] }),
    () => prove({ values: [1n << 64n] }),
    () => prove({ values: [1], blindings: ["00".repeat(32)] }),
    () => prove({ values: [1], recoveryNonce: [1, 2] }),
    () => commit({ values: [1] }),
    () => liquid.assetGenerator("00", new Uint8Array(32)),
    () => mweb.scan(null, {}),
    () => circuit.proveShuffle("1", [1]),
  ]) {
    await assert.rejects(bad(), UnusableType);
  }
  for (const bad of [
    () => prove({ values: [1], bits: 7 }),
    () => prove({ values: [1], colour: "red" }),
    () => prove({ values: [256], bits: 8 }),
    () => prove({ values: [1], scheme: "snark" }),
    () => prove({ values: [1], blindings: [new Uint8Array(31)] }),
    () => prove({ values: new Array(100_000).fill(1) }),
    () => commit({ values: [1], blindings: [[new Uint8Array(32).fill(255)]] }),
    () => liquid.assetGenerator(new Uint8Array(31), new Uint8Array(32)),
  ]) {
    await assert.rejects(bad(), UnusableInput);
  }
  assert.deepEqual(await verify((await prove({ values: [1] })).document), [{ valid: true }]);
});

test("secrets: bytes the caller wipes, and none left in the module's memory", async () => {
  const made = await prove({ values: [5, 6], bits: 32 });
  const exports = await loader("rangeproof.wasm").module();
  const memory = new Uint8Array(exports.memory.buffer);
  const contains = (needle) => {
    outer: for (let i = 0; i + needle.length <= memory.length; i++) {
      for (let j = 0; j < needle.length; j++) {
        if (memory[i + j] !== needle[j]) continue outer;
      }
      return true;
    }
    return false;
  };
  for (const b of made.blindings.flat()) {
    assert.equal(b.length, 32);
    assert.equal(contains(b), false, "a blinding factor left in the module's memory");
  }
  assert.equal(contains(made.openings.subarray(0, 64)), false, "the openings left in memory");
  made.openings.fill(0);
  assert.ok(made.openings.every((b) => b === 0));
});

test("the shadow stack is zeroed after each call that handled secrets", async () => {
  const exports = await loader("rangeproof.wasm").module();
  // The bounds first: asking for them afterwards would put that call's own frame on the stack.
  const bounds = exports.rp_stack_bounds();
  await prove({ values: [7, 8], bits: 64 });
  await liquid.assetGenerator(new Uint8Array(32).fill(3), new Uint8Array(32).fill(4));
  const low = Number(bounds & 0xffffffffn);
  const high = Number(bounds >> 32n);
  assert.ok(high - low >= 65536, `a stack of ${high - low} bytes`);
  const stack = new Uint8Array(exports.memory.buffer, low, high - low);
  assert.ok(stack.every((b) => b === 0), "bytes left on the shadow stack");
});

test("an exception out of the module wipes its memory; the next call gets a fresh one", async () => {
  const { module } = loader("rangeproof.wasm");
  const before = await module();
  await prove({ values: [9] });
  const original = globalThis.crypto.getRandomValues;
  const failure = new Error("the random source failed");
  globalThis.crypto.getRandomValues = () => {
    throw failure;
  };
  try {
    await assert.rejects(prove({ values: [5] }), (e) => e === failure);
  } finally {
    globalThis.crypto.getRandomValues = original;
  }
  // The old instance's memory as it is now (a view taken earlier would be detached if it grew).
  const memory = new Uint8Array(before.memory.buffer);
  assert.ok(memory.length > 0 && memory.every((b) => b === 0), "the interrupted instance's memory was not wiped");
  const after = await module();
  assert.notEqual(after, before, "the instance was kept");
  assert.deepEqual(await verify((await prove({ values: [5] })).document), [{ valid: true }]);
});

test("without crypto.getRandomValues: a clear error before any work", async () => {
  const { spawnSync } = await import("node:child_process");
  const script = `
    Object.defineProperty(globalThis, "crypto", { value: undefined, configurable: true });
    const { verify, RangeproofError } = await import(${JSON.stringify(new URL("../index.js", import.meta.url).href)});
    try {
      await verify("{}");
      console.log("no error");
    } catch (e) {
      console.log(e instanceof RangeproofError ? "RangeproofError: " + e.message : "other: " + e);
    }`;
  const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /^RangeproofError: no cryptographic random source/);
});
