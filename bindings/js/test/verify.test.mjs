// The package's verify against the repository's shared vectors and the CLI's bundled documents:
// verdicts as the Rust and Python tests have them, alone and in one batch, tampering refused,
// bad input answered with typed errors or per-document reasons, never a crash.
import { test } from "node:test";
import assert from "node:assert/strict";
import { prove, verify, UnusableInput } from "../index.js";
import { bundledDocuments, dalekDocuments, tampered } from "./vectors.mjs";

test("the reference crate's proofs verify alone, as the vectors say", async () => {
  for (const { valid, text } of dalekDocuments()) {
    const [verdict] = await verify(text);
    assert.equal(verdict.valid, valid, verdict.error);
  }
});

test("Grin's and Monero's bundled documents verify, and tampered ones do not", async () => {
  for (const text of bundledDocuments()) {
    assert.deepEqual(await verify(text), [{ valid: true }]);
    const [bad] = await verify(tampered(text));
    assert.equal(bad.valid, false);
    assert.equal(typeof bad.error, "string");
  }
});

test("a batch of every kind names exactly the invalid ones, in order", async () => {
  const good = [...dalekDocuments().map((d) => d.text), ...bundledDocuments()];
  const docs = [...good];
  const bad = new Set([1, 5, docs.length - 1]);
  for (const i of bad) {
    docs[i] = tampered(docs[i], 0.3);
  }
  docs.splice(3, 0, "{\"scheme\": \"bulletproofs\"}");
  const verdicts = await verify(docs);
  assert.equal(verdicts.length, docs.length);
  verdicts.forEach((v, i) => {
    if (i === 3) {
      assert.equal(v.valid, false);
      assert.equal(v.unusable, true);
      assert.match(v.error, /./);
      return;
    }
    const original = i < 3 ? i : i - 1;
    assert.equal(v.valid, !bad.has(original), `document ${original}: ${v.error}`);
  });
  assert.deepEqual(await verify(good), good.map(() => ({ valid: true })));
});

test("a failing batch names at most its blame limit, and calls no unnamed document valid", async () => {
  const a = JSON.parse((await prove({ bits: 8, values: [3] })).document);
  const b = JSON.parse((await prove({ bits: 8, values: [200] })).document);
  const forged = JSON.stringify({ ...a, proof: b.proof }); // decodes, and fails in the batch
  const bad = Array.from({ length: 80 }, (_, k) => k % 2 === 0); // 40 invalid
  const docs = bad.map((isBad) => (isBad ? forged : JSON.stringify(a)));
  for (const [options, named] of [[undefined, 16], [{ blameLimit: 3 }, 3], [{ blameLimit: 0 }, 0], [{ blameLimit: null }, 40]]) {
    const verdicts = await verify(docs, options);
    assert.equal(verdicts.length, 80);
    let count = 0;
    verdicts.forEach((v, k) => {
      if (v.valid) {
        assert.equal(bad[k], false, `${k} invalid, said valid`);
      } else if (v.notNamed) {
        assert.match(v.error, /^not named/);
        assert.notEqual(options?.blameLimit, null);
      } else {
        assert.equal(bad[k], true, `${k} valid, named invalid`);
        count += 1;
      }
    });
    assert.equal(count, named, JSON.stringify(options));
  }
  for (const wrong of [{ blameLimit: -1 }, { blameLimit: 1.5 }, { blameLimit: "16" }, { other: 1 }, null, 7]) {
    await assert.rejects(verify(docs, wrong), UnusableInput);
  }
});

test("bad input: typed errors for wrong types, reasons for wrong texts, no crash", async () => {
  for (const wrong of [undefined, null, 42, {}, [1], [null], ["{}", 7]]) {
    await assert.rejects(verify(wrong), UnusableInput);
  }
  assert.deepEqual(await verify([]), []);
  for (const text of ["", "not json", "[]", "{}", "{\"proof\": 1}", "x".repeat(1 << 20)]) {
    const [v] = await verify(text);
    assert.equal(v.valid, false);
    assert.equal(v.unusable, true);
  }
  // A document truncated anywhere is refused, never a crash.
  const text = bundledDocuments()[0];
  for (let cut = 0; cut < text.length; cut += 97) {
    const [v] = await verify(text.slice(0, cut));
    assert.equal(v.valid, false);
  }
  // A huge count: a document claiming more commitments than any suite takes.
  const doc = JSON.parse(dalekDocuments()[0].text);
  doc.commitments = Array(100000).fill(doc.commitments[0]);
  const [huge] = await verify(JSON.stringify(doc));
  assert.equal(huge.valid, false);
  // The module still answers after all of it.
  assert.deepEqual(await verify(bundledDocuments()[0]), [{ valid: true }]);
});
