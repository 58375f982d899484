// The package as users get it: `npm pack`, installed into an empty directory, verifies a vector
// from a two-line script, through the whole module and through the verification-only one
// (`rangeproof/verify`), which gives the same verdicts from a smaller module.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as whole from "../index.js";
import * as small from "../verify.js";
import { bundledDocuments, dalekDocuments, tampered } from "./vectors.mjs";

const here = new URL("..", import.meta.url).pathname;

test("npm pack installs into an empty directory and verifies a vector from two lines", () => {
  const dir = mkdtempSync(join(tmpdir(), "rangeproof-pack-"));
  try {
    const tarball = execFileSync("npm", ["pack", "--silent", "--pack-destination", dir], {
      cwd: here,
    })
      .toString()
      .trim()
      .split("\n")
      .at(-1);
    const app = join(dir, "app");
    execFileSync("mkdir", [app]);
    writeFileSync(join(app, "package.json"), '{"type": "module"}');
    execFileSync("npm", ["install", "--silent", "--no-audit", "--no-fund", join(dir, tarball)], {
      cwd: app,
    });
    const doc = bundledDocuments()[0];
    writeFileSync(join(app, "doc.json"), doc);
    for (const entry of ["rangeproof", "rangeproof/verify"]) {
      writeFileSync(
        join(app, "check.js"),
        `import { verify } from "${entry}";\n` +
          `console.log(JSON.stringify(await verify((await import("node:fs")).readFileSync("doc.json", "utf8"))));\n`,
      );
      const out = execFileSync("node", ["check.js"], { cwd: app }).toString().trim();
      assert.equal(out, '[{"valid":true}]', entry);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("rangeproof/verify gives the whole module's verdicts, from a smaller module", async () => {
  const docs = [...dalekDocuments().map((d) => d.text), ...bundledDocuments()];
  docs[2] = tampered(docs[2]);
  docs.push("not a document");
  assert.deepEqual(await small.verify(docs), await whole.verify(docs));
  assert.equal(small.prove, undefined);
  assert.equal(small.liquid.unblind, undefined);
  const made = JSON.parse(
    readFileSync(new URL("../../../vectors/mweb-made-here.json", import.meta.url)),
  );
  const tx = made.transactions[0].tx;
  assert.deepEqual(await small.mweb.verify(tx), await whole.mweb.verify(tx));
  const size = (name) => statSync(new URL(`../${name}`, import.meta.url)).size;
  assert.ok(size("rangeproof-verify.wasm") < size("rangeproof.wasm"));
});
