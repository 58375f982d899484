// The JavaScript package's speed table, in one Node process: the WebAssembly module (and, with
// --module PATH, another build of it, e.g. one with simd128) against the native library on the
// same cases through the same document code (rangeproof-documents' `timing` example, run as a
// child and timed in Rust), against Solana's own WebAssembly SDK (@solana/zk-sdk) on Solana's
// batched range proofs, against Aptos's range-proof bindings
// (@aptos-labs/confidential-asset-wasm-bindings) on a Confidential APT balance's eight 16-bit
// chunks, and against libsecp256k1-zkp's WebAssembly build as Liquid web wallets use it
// (@vulpemventures/secp256k1-zkp) on Borromean range proofs and surjection proofs — each
// installed here by `npm ci`; solana.test.mjs, aptos.test.mjs and liquid.test.mjs check that
// each side verifies the other's proofs. One thread everywhere. Inputs change every iteration: fresh random values
// for proving, a rotation of distinct proofs for verifying.
//
//   (cd bindings/js/bench && npm ci) && node bindings/js/bench/speed.mjs [--millis 500] [--module PATH]
import { execFileSync } from "node:child_process";
import { copyFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const millis = Number(option("--millis", "500"));
const otherModule = option("--module", undefined);
const root = new URL("../../../", import.meta.url).pathname;
const here = new URL("..", import.meta.url).pathname;

const CASES = [
  {
    name: "BP dalek, 64 bits",
    request: { scheme: "bulletproofs", bits: 64 },
    values: 1,
    batch: 64,
  },
  {
    name: "BP dalek, 8 x 64 bits",
    request: { scheme: "bulletproofs", bits: 64 },
    values: 8,
    batch: 8,
  },
  {
    name: "BP+ Tari, 64 bits",
    request: { scheme: "bulletproofs+", flavor: "tari", bits: 64 },
    values: 1,
    batch: 64,
  },
  {
    name: "BP+ Monero, 2 x 64 bits",
    request: { scheme: "bulletproofs+", group: "ed25519", flavor: "monero", bits: 64 },
    values: 2,
    batch: 64,
  },
  {
    name: "BP Grin, 64 bits",
    request: { scheme: "bulletproofs", group: "secp256k1", flavor: "grin", bits: 64 },
    values: 1,
    batch: 64,
  },
  {
    name: "BP++ ristretto255, 64 bits",
    request: { scheme: "bulletproofs++", bits: 64 },
    values: 1,
    batch: 64,
  },
  {
    // A Confidential APT balance: eight 16-bit chunks, under the bases of an encryption key
    // (here the reference crate's two, the other way round: any bases cost the same).
    name: "Aptos, 8 x 16 bits",
    request: {
      scheme: "bulletproofs",
      flavor: "aptos",
      bits: 16,
      parameters: {
        value_base: "8c9240b456a9e6dc65c377a1048d745f94a08cdb7f44cbcd7b46f34048871134",
        blinding_base: "e2f2ae0a6abc4e71a884a961c500515f58e30b6aa582dd8db6a65945e08d2d76",
      },
    },
    values: 8,
    batch: 64,
  },
  {
    name: "Solana u128 [64, 16, 32, 16]",
    request: { scheme: "bulletproofs", flavor: "solana", bit_lengths: [64, 16, 32, 16] },
    batch: 64,
  },
];

/** Random values for a case: one per bit length, or `values` of `bits` bits. */
function values(c) {
  const bits = c.request.bit_lengths ?? new Array(c.values).fill(c.request.bits);
  return bits.map((b) => {
    const v = randomBytes(8).readBigUInt64LE();
    return b >= 64 ? v : v & ((1n << BigInt(b)) - 1n);
  });
}

/** Mean milliseconds of `f` over at least `millis` and five runs. */
async function time(f) {
  const started = performance.now();
  let runs = 0;
  while (runs < 5 || performance.now() - started < millis) {
    await f(runs);
    runs++;
  }
  return (performance.now() - started) / runs;
}

/** The package's request fields from a case's (snake_case to camelCase). */
function request(c) {
  const { bit_lengths: bitLengths, ...rest } = c.request;
  return { ...rest, ...(bitLengths && { bitLengths }) };
}

async function measureModule(rp) {
  // A pass over every case first: the engine compiles WebAssembly in tiers, and the first
  // figures would otherwise include that.
  for (const c of CASES) {
    const [v] = await rp.verify((await rp.prove({ ...request(c), values: values(c) })).document);
    if (!v.valid) throw new Error(v.error);
  }
  const out = {};
  for (const c of CASES) {
    const prove = () => rp.prove({ ...request(c), values: values(c) });
    const proveMs = await time(prove);
    const docs = [];
    for (let i = 0; i < Math.max(8, c.batch); i++) docs.push((await prove()).document);
    const verifyMs = await time(async (i) => {
      const [v] = await rp.verify(docs[i % 8]);
      if (!v.valid) throw new Error(v.error);
    });
    const together = docs.slice(0, c.batch);
    const batchMs =
      (await time(async () => {
        if (!(await rp.verify(together)).every((v) => v.valid)) throw new Error("a batch failed");
      })) / c.batch;
    out[c.name] = { prove: proveMs, verify: verifyMs, batch: batchMs };
  }
  return out;
}

/** The package with another module in place of rangeproof.wasm, imported from a copy. */
async function packageWith(wasm) {
  const dir = mkdtempSync(join(tmpdir(), "rangeproof-js-"));
  for (const f of ["index.js", "verify.js", "lib", "package.json"])
    cpSync(join(here, f), join(dir, f), { recursive: true });
  copyFileSync(wasm, join(dir, "rangeproof.wasm"));
  return { rp: await import(join(dir, "index.js")), dir };
}

function native() {
  const dir = mkdtempSync(join(tmpdir(), "rangeproof-timing-"));
  const file = join(dir, "cases.json");
  writeFileSync(file, JSON.stringify(CASES));
  try {
    const out = execFileSync(
      "cargo",
      [
        "run",
        "--release",
        "--quiet",
        "-p",
        "rangeproof-documents",
        "--example",
        "timing",
        "--",
        file,
        String(millis),
      ],
      { cwd: root, env: { ...process.env, RAYON_NUM_THREADS: "1" }, maxBuffer: 1 << 24 },
    );
    return Object.fromEntries(
      JSON.parse(out.toString()).map((r) => [
        r.name,
        { prove: r.prove_ms, verify: r.verify_ms, batch: r.batch_ms_per_proof },
      ]),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Solana's SDK on the Solana case, after checking interoperation both ways. */
async function solanaSdk(rp) {
  const sdk = await import("@solana/zk-sdk/node");
  const c = CASES.find((x) => x.request.flavor === "solana");
  const lengths = Uint8Array.from(c.request.bit_lengths);
  const theirs = () => {
    const amounts = BigUint64Array.from(values(c));
    const openings = Array.from(amounts, () => new sdk.PedersenOpening());
    const commitments = Array.from(amounts, (a, i) => sdk.PedersenCommitment.from(a, openings[i]));
    return new sdk.BatchedRangeProofU128Data(commitments, amounts, lengths, openings).toBytes();
  };
  // Theirs verified by us, ours by them.
  const [ok] = await rp.verify(await rp.solana.document(theirs()));
  if (!ok.valid) throw new Error(`their proof data, our verifier: ${ok.error}`);
  const ours = rp.solana.proofData((await rp.prove({ ...request(c), values: values(c) })).document);
  sdk.BatchedRangeProofU128Data.fromBytes(ours).verify();
  const proofs = [];
  for (let i = 0; i < 8; i++) proofs.push(theirs());
  return {
    prove: await time(theirs),
    verify: await time((i) => sdk.BatchedRangeProofU128Data.fromBytes(proofs[i % 8]).verify()),
  };
}

/** Aptos's bindings on the Aptos case, after checking interoperation both ways. */
async function aptosBindings(rp) {
  const aptos = await import("@aptos-labs/confidential-asset-wasm-bindings/range-proofs");
  const bindings = import.meta.resolve("@aptos-labs/confidential-asset-wasm-bindings/range-proofs");
  aptos.initSync({ module: readFileSync(new URL("aptos_rp_wasm_bg.wasm", bindings)) });
  const c = CASES.find((x) => x.request.flavor === "aptos");
  const { value_base, blinding_base } = c.request.parameters;
  const bases = [value_base, blinding_base].map((h) => new Uint8Array(Buffer.from(h, "hex")));
  const scalar = () => {
    const b = new Uint8Array(randomBytes(32));
    b[31] &= 0x0f;
    return b;
  };
  const theirs = () => {
    const made = aptos.batch_range_proof(BigUint64Array.from(values(c)), Array.from({ length: c.values }, scalar), ...bases, 16);
    return { proof: made.proof(), comms: made.comms() };
  };
  const theirVerdict = (p) => aptos.batch_verify_proof(p.proof, p.comms, ...bases, 16);
  // Theirs verified by us, ours by them.
  const hex = (b) => Buffer.from(b).toString("hex");
  const one = theirs();
  const doc = JSON.stringify({ ...request(c), group: "ristretto255", ...c.request.parameters, parameters: undefined, commitments: one.comms.map(hex), proof: hex(one.proof) });
  const [ok] = await rp.verify(doc);
  if (!ok.valid) throw new Error(`their proof, our verifier: ${ok.error}`);
  const ours = JSON.parse((await rp.prove({ ...request(c), values: values(c) })).document);
  const fromHex = (h) => new Uint8Array(Buffer.from(h, "hex"));
  if (!theirVerdict({ proof: fromHex(ours.proof), comms: ours.commitments.map(fromHex) })) {
    throw new Error("our proof, their verifier: refused");
  }
  const proofs = [];
  for (let i = 0; i < 8; i++) proofs.push(theirs());
  return {
    prove: await time(theirs),
    verify: await time((i) => {
      if (!theirVerdict(proofs[i % 8])) throw new Error("their proof refused");
    }),
  };
}

/** Liquid's proofs, ours and libsecp256k1-zkp's (WebAssembly), as an Elements wallet makes them. */
async function liquidPeers(rp) {
  const zkp = (await import("@vulpemventures/secp256k1-zkp")).default;
  const lib = await (zkp.default ?? zkp)();
  const hex = (b) => Buffer.from(b).toString("hex");
  const random32 = () => new Uint8Array(randomBytes(32));
  const script = new Uint8Array(22);
  const outputs = Array.from({ length: 8 }, () => {
    const value = randomBytes(8).readBigUInt64LE() >> 12n; // 52 bits, Elements' default
    const generator = lib.generator.generateBlinded(random32(), random32());
    const blinder = random32();
    return {
      value,
      generator,
      blinder,
      commitment: lib.pedersen.commitment(value.toString(), generator, blinder),
    };
  });
  const theirSign = (o) =>
    lib.rangeproof.sign(
      o.value.toString(),
      o.commitment,
      o.generator,
      o.blinder,
      random32(),
      "1",
      "0",
      "52",
      undefined,
      script,
    );
  const ourSign = async (o) =>
    rp.prove({
      scheme: "borromean",
      group: "secp256k1",
      flavor: "elements",
      values: [o.value],
      blindings: [o.blinder],
      valueGenerator: o.generator,
      extraData: script,
    });
  const theirProofs = outputs.map(theirSign);
  const ourDocs = await Promise.all(outputs.map(async (o) => (await ourSign(o)).document));
  const tags = Array.from({ length: 5 }, random32);
  const blinders = tags.map(random32);
  const generators = tags.map((t, i) => lib.generator.generateBlinded(t, blinders[i]));
  const outBlinder = random32();
  const outGenerator = lib.generator.generateBlinded(tags[3], outBlinder);
  // Like ours, from the wallet's secrets: the blinded generators made, then the proof.
  const theirSurjection = () => {
    const inputs = tags.map((t, i) => lib.generator.generateBlinded(t, blinders[i]));
    const output = lib.generator.generateBlinded(tags[3], outBlinder);
    const { proof, inputIndex } = lib.surjectionproof.initialize(tags, tags[3], 100, random32());
    return lib.surjectionproof.generate(
      proof,
      inputs,
      output,
      inputIndex,
      blinders[inputIndex],
      outBlinder,
    );
  };
  const ourSurjection = () =>
    rp.liquid.proveSurjection({
      inputTags: tags,
      inputBlindings: blinders,
      outputTag: tags[3],
      outputBlinding: outBlinder,
      seed: random32(),
    });
  const theirSurjections = Array.from({ length: 8 }, theirSurjection);
  const ourSurjections = await Promise.all(Array.from({ length: 8 }, ourSurjection));
  const check = (ok) => {
    if (!ok) throw new Error("a proof failed");
  };
  return {
    "Borromean range proof (52 bits)": {
      ours: {
        prove: await time((i) => ourSign(outputs[i % 8])),
        verify: await time(async (i) => check((await rp.verify(ourDocs[i % 8]))[0].valid)),
      },
      theirs: {
        prove: await time((i) => theirSign(outputs[i % 8])),
        verify: await time((i) => {
          const o = outputs[i % 8];
          check(lib.rangeproof.verify(theirProofs[i % 8], o.commitment, o.generator, script));
        }),
      },
    },
    "surjection proof (5 inputs, 3 in the ring)": {
      ours: {
        prove: await time(ourSurjection),
        verify: await time(async (i) => check((await rp.verify(ourSurjections[i % 8]))[0].valid)),
      },
      theirs: {
        prove: await time(theirSurjection),
        verify: await time((i) =>
          check(lib.surjectionproof.verify(theirSurjections[i % 8], generators, outGenerator)),
        ),
      },
    },
  };
}

const ms = (x) => (x === undefined ? "—" : x < 1 ? x.toFixed(3) : x.toFixed(2));
const ratio = (a, b) => (a === undefined || b === undefined ? "—" : `${(a / b).toFixed(2)}×`);

const rp = await import(join(here, "index.js"));
const wasm = await measureModule(rp);
let other;
if (otherModule) {
  const copy = await packageWith(otherModule);
  other = await measureModule(copy.rp);
  rmSync(copy.dir, { recursive: true, force: true });
}
const nat = native();
const solana = await solanaSdk(rp);
const aptosFigures = await aptosBindings(rp);
const liquidFigures = await liquidPeers(rp);

console.log(
  `CPU: ${cpus()[0].model}; Node ${process.version}; one thread; at least ${millis} ms a figure`,
);
console.log(
  "interoperation: our proofs verified by @solana/zk-sdk and by Aptos's bindings, and theirs by us: ok\n",
);
const head = ["case", "", "wasm ms", "native ms", "wasm/native"];
if (other) head.push(`${otherModule.split("/").at(-1)} ms`, "it/wasm");
console.log(`| ${head.join(" | ")} |\n|${head.map(() => "---").join("|")}|`);
for (const c of CASES) {
  for (const what of ["prove", "verify", "batch"]) {
    const cells = [
      c.name,
      what === "batch" ? `batch of ${c.batch}, per proof` : what,
      ms(wasm[c.name][what]),
      ms(nat[c.name][what]),
      ratio(wasm[c.name][what], nat[c.name][what]),
    ];
    if (other) cells.push(ms(other[c.name][what]), ratio(other[c.name][what], wasm[c.name][what]));
    console.log(`| ${cells.join(" | ")} |`);
  }
}
console.log(
  `\n| Solana u128, against @solana/zk-sdk 0.4.1 (WebAssembly) | ours ms | theirs ms | ours/theirs |\n|---|---|---|---|`,
);
for (const what of ["prove", "verify"]) {
  console.log(
    `| ${what} | ${ms(wasm[CASES.at(-1).name][what])} | ${ms(solana[what])} | ${ratio(wasm[CASES.at(-1).name][what], solana[what])} |`,
  );
}
const aptosCase = wasm["Aptos, 8 x 16 bits"];
console.log(
  `\n| Aptos 8 x 16 bits, against @aptos-labs/confidential-asset-wasm-bindings 0.0.2 (WebAssembly) | ours ms | theirs ms | ours/theirs |\n|---|---|---|---|`,
);
for (const [what, ours] of [
  ["prove", aptosCase.prove],
  ["verify", aptosCase.verify],
  ["verify, ours in a batch of 64 (per proof)", aptosCase.batch],
]) {
  const theirs = aptosFigures[what.startsWith("verify") ? "verify" : what];
  console.log(`| ${what} | ${ms(ours)} | ${ms(theirs)} | ${ratio(ours, theirs)} |`);
}

console.log(
  `\n| Liquid, against @vulpemventures/secp256k1-zkp 3.2.1 (WebAssembly) | | ours ms | theirs ms | ours/theirs |\n|---|---|---|---|---|`,
);
for (const [name, f] of Object.entries(liquidFigures)) {
  for (const what of ["prove", "verify"]) {
    console.log(
      `| ${name} | ${what} | ${ms(f.ours[what])} | ${ms(f.theirs[what])} | ${ratio(f.ours[what], f.theirs[what])} |`,
    );
  }
}
