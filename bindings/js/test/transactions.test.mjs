// Liquid and Litecoin MWEB transactions through the package, as the Python tests check them:
// the repository's transactions verify (Liquid's without spent outputs: incomplete), a changed
// range-proof byte makes them invalid, bad input is a typed error.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { liquid, mweb, UnusableInput } from "../index.js";

const root = new URL("../../../", import.meta.url);
const read = (path) => readFileSync(new URL(path, root), "utf8");
const bytes = (hex) => Uint8Array.from(hex.match(/../g), (b) => parseInt(b, 16));

test("Liquid transactions: the range proofs hold; one changed byte of one makes it invalid", async () => {
  const dir = "vectors/elements-tx/";
  const names = readdirSync(new URL(dir, root)).filter((n) => n.endsWith(".hex"));
  assert.ok(names.length >= 10);
  for (const name of names) {
    const report = await liquid.verifyTransaction(read(dir + name).trim());
    // Without the spent outputs the range proofs hold and the rest is not checked.
    assert.equal(report.verdict, "incomplete", name);
  }
  const hex = read(`${dir}2in4out_tx.hex`).trim();
  const raw = bytes(hex);
  const cases = JSON.parse(read("vectors/elements-liquid-secp256k1.json")).cases;
  const proof = cases.find(
    (c) => c.source_tx === "2in4out_tx" && c.expected === "valid" && c.proof,
  ).proof;
  const at = hex.indexOf(proof) / 2 + proof.length / 2 - 1;
  assert.ok(at > 0);
  raw[at] ^= 1;
  assert.equal((await liquid.verifyTransaction(raw)).verdict, "invalid");
  // The same transaction as bytes and as hex gives the same report.
  assert.deepEqual(await liquid.verifyTransaction(bytes(hex)), await liquid.verifyTransaction(hex));
});

test("MWEB transactions made here verify; a changed proof byte makes one invalid", async () => {
  const made = JSON.parse(read("vectors/mweb-made-here.json"));
  for (const c of made.transactions) {
    const report = await mweb.verify(c.tx, { kind: "transaction" });
    assert.equal(report.verdict, "valid");
  }
  const raw = bytes(made.transactions[2].tx);
  raw[Math.floor(raw.length / 2)] ^= 1;
  const changed = await mweb.verify(raw).catch((e) => e);
  // A byte changed in the middle lands in a proof, a key or a signature: invalid, or a
  // transaction that no longer parses (a typed error), never valid.
  assert.ok(changed instanceof UnusableInput || changed.verdict === "invalid");
  await assert.rejects(mweb.verify(made.transactions[0].tx, { kind: "block" }), UnusableInput);
});

test("MWEB peg-ins Litecoin Core refuses are invalid, the rule and the kernel named", async () => {
  const made = JSON.parse(read("vectors/mweb-made-here.json"));
  assert.ok(made.refused.length > 0);
  for (const c of made.refused) {
    const report = await mweb.verify(c.tx, { kind: "transaction" });
    assert.equal(report.verdict, "invalid", c.why);
    assert.equal(report.checks[c.check], "fails", c.why);
    const finding = report.findings.find((f) => f.check === c.check);
    assert.equal(finding.rule, c.rule, c.why);
    if (c.why.startsWith("MWEB-only")) {
      assert.match(finding.kernel, /^[0-9a-f]{64}$/);
    }
  }
  const accepted = await mweb.verify(made.transactions[0].tx);
  assert.deepEqual(accepted.findings, []);
  assert.equal(accepted.checks.pegins, "holds");
});

test("bad transaction input: typed errors, no crash", async () => {
  for (const wrong of [undefined, 42, {}, [1, 2]]) {
    await assert.rejects(liquid.verifyTransaction(wrong), UnusableInput);
    await assert.rejects(mweb.verify(wrong), UnusableInput);
  }
  for (const text of ["", "zz", "0200", "00".repeat(100)]) {
    await assert.rejects(liquid.verifyTransaction(text), UnusableInput);
    await assert.rejects(mweb.verify(text), UnusableInput);
  }
  await assert.rejects(liquid.verifyTransaction("00", { spent: "x" }), UnusableInput);
  await assert.rejects(liquid.verifyTransaction("00", { spent: [["00"]] }), UnusableInput);
  await assert.rejects(mweb.verify("00", { previousKernelOffset: "12" }), UnusableInput);
});

test("truncated transactions: every cut is a typed error or a verdict, never a crash", async () => {
  const liquidTx = bytes(read("vectors/elements-tx/1in2out_tx.hex").trim());
  const mwebTx = bytes(JSON.parse(read("vectors/mweb-made-here.json")).transactions[1].tx);
  for (const [check, tx] of [
    [(b) => liquid.verifyTransaction(b), liquidTx],
    [(b) => mweb.verify(b), mwebTx],
  ]) {
    for (let cut = 0; cut < tx.length; cut += 53) {
      const answer = await check(tx.subarray(0, cut)).catch((e) => e);
      // A prefix of a transaction is not one: refused as input, or at least never valid.
      assert.ok(answer instanceof UnusableInput || answer.verdict !== "valid", `cut at ${cut}`);
    }
    assert.notEqual((await check(tx)).verdict, undefined);
  }
});
