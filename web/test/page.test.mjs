// The verification page in a real browser: Debian's Chromium, headless, driven by
// puppeteer-core, the page served from a local static server. It verifies the repository's
// vectors, names a tampered one and a line that is not a document, makes no request beyond the
// server, and leaves a screenshot (target/web/verification-page.png) as the run's artifact.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { readFile, mkdir } from "node:fs/promises";
import { existsSync } from "node:fs";
import { extname } from "node:path";
import puppeteer from "puppeteer-core";
import { bundledDocuments, dalekDocuments, tampered } from "../../bindings/js/test/vectors.mjs";
import { readFileSync } from "node:fs";

const root = new URL("../../", import.meta.url);
const types = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".json": "application/json",
};

/** The repository's files over HTTP on loopback (what a static host serves). */
function serve() {
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, "http://x").pathname);
    const file = new URL(`.${path}`, root);
    if (path.includes("..") || !file.href.startsWith(root.href)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const body = await readFile(file);
      res.writeHead(200, { "content-type": types[extname(path)] ?? "application/octet-stream" });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

const chromium = process.env.CHROMIUM ?? "/usr/bin/chromium";
let server, browser, origin;

before(async () => {
  assert.ok(existsSync(chromium), `${chromium} is missing: install Debian's chromium package`);
  assert.ok(
    existsSync(new URL("bindings/js/rangeproof.wasm", root)),
    "bindings/js/rangeproof.wasm is missing: run scripts/build-js.sh",
  );
  server = await serve();
  origin = `http://127.0.0.1:${server.address().port}`;
  browser = await puppeteer.launch({
    executablePath: chromium,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
});

after(async () => {
  await browser?.close();
  server?.close();
});

/** The vectors, and the bundled documents pretty-printed as `rangeproof prove` writes them (the
 * page splits them itself). */
function vectorDocuments() {
  return [...dalekDocuments(), ...bundledDocuments().map((text) => ({ valid: true, text }))];
}

test("the page verifies the vectors in the browser, names the bad ones, and sends nothing", async () => {
  const page = await browser.newPage();
  const elsewhere = [];
  page.on("request", (r) => {
    if (!r.url().startsWith(origin)) elsewhere.push(r.url());
  });
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(`${origin}/web/index.html`, { waitUntil: "load" });

  const docs = vectorDocuments();
  docs[2] = { valid: false, text: tampered(docs[2].text, 1 / 3) };
  const last = docs.length - 1;
  docs[last] = { valid: false, text: tampered(docs[last].text, 1 / 3) };
  const texts = docs.map((d) => d.text);
  texts.splice(5, 0, "this line is not a document");
  const expected = docs.map((d) => (d.valid ? "valid" : "INVALID"));
  expected.splice(5, 0, "UNUSABLE");

  await page.$eval("#input", (el, value) => { el.value = value; }, texts.join("\n"));
  await page.click("#verify");
  await page.waitForFunction(() => document.querySelector("#summary").dataset.total !== undefined, {
    timeout: 60_000,
  });
  const verdicts = await page.$$eval("#verdicts tbody td.verdict", (cells) =>
    cells.map((c) => c.firstChild.textContent),
  );
  assert.deepEqual(verdicts, expected);
  const summary = await page.$eval("#summary", (el) => el.textContent);
  assert.match(summary, new RegExp(`^${expected.filter((v) => v === "valid").length} valid, 3 not, in [0-9.]+ ms$`));
  const reasons = await page.$$eval("#verdicts tbody tr.invalid .reason", (r) => r.map((x) => x.textContent));
  assert.equal(reasons.length, 2);

  await mkdir(new URL("target/web/", root), { recursive: true });
  await page.screenshot({ path: new URL("target/web/verification-page.png", root).pathname, fullPage: true });

  // Clearing and verifying nothing says so; the page is still alive after all of it.
  await page.click("#clear");
  await page.click("#verify");
  assert.equal(await page.$eval("#summary", (el) => el.textContent), "nothing to verify");
  assert.deepEqual(elsewhere, []);
  assert.deepEqual(errors, []);
  await page.close();
});

/** `hex` with the digit at `at` (a fraction of its length) changed. */
function changed(hex, at) {
  const i = Math.floor(hex.length * at);
  return hex.slice(0, i) + (hex[i] === "0" ? "1" : "0") + hex.slice(i + 1);
}

test("the page verifies Liquid and MWEB transactions and Solana proof data beside documents", async () => {
  const read = (path) => readFileSync(new URL(path, root), "utf8");
  const page = await browser.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(`${origin}/web/index.html`, { waitUntil: "load" });

  const liquidTx = read("vectors/elements-tx/1in3out_tx.hex").trim();
  const mwebMade = JSON.parse(read("vectors/mweb-made-here.json"));
  const mwebTx = mwebMade.transactions[0].tx;
  // A peg-in Core refuses (MWEB-only: no canonical output for its peg-in kernel).
  const minting = mwebMade.refused.find((c) => c.rule === "pegin-count-mismatch").tx;
  const solanaData = JSON.parse(read("vectors/solana-zk-sdk-instructions-ristretto255.json")).cases[0].proof_data;
  // A proof byte of the Liquid transaction's first range proof (its last third), and a
  // byte of the Solana proof (past its 264-byte context).
  const liquidCases = JSON.parse(read("vectors/elements-liquid-secp256k1.json")).cases;
  const proof = liquidCases.find((c) => c.source_tx === "1in3out_tx" && c.expected === "valid" && c.proof).proof;
  const at = liquidTx.indexOf(proof);
  assert.ok(at > 0);
  const badLiquid = liquidTx.slice(0, at) + changed(proof, 0.7) + liquidTx.slice(at + proof.length);
  const items = [
    [liquidTx, "INCOMPLETE"],
    [mwebTx, "valid"],
    [solanaData, "valid"],
    [dalekDocuments()[0].text, "valid"],
    [badLiquid, "INVALID"],
    [changed(solanaData, 0.8), "INVALID"],
    [minting, "INVALID"],
    ["abcd", "UNUSABLE"],
  ];
  await page.$eval("#input", (el, value) => { el.value = value; }, items.map(([t]) => t).join("\n"));
  await page.click("#verify");
  await page.waitForFunction(() => document.querySelector("#summary").dataset.total !== undefined, {
    timeout: 60_000,
  });
  const rows = await page.$$eval("#verdicts tbody tr", (trs) =>
    trs.map((tr) => [tr.cells[1].textContent, tr.querySelector("td.verdict").firstChild.textContent]),
  );
  assert.deepEqual(rows.map((r) => r[1]), items.map(([, v]) => v));
  assert.deepEqual(rows.slice(0, 3).map((r) => r[0]), ["Liquid transaction", "Litecoin MWEB", "Solana proof data"]);
  const reasons = await page.$$eval("#verdicts tbody td.verdict .reason", (r) => r.map((x) => x.textContent));
  assert.ok(reasons.some((r) => /output \d+ range proof: /.test(r)), reasons.join("\n"));
  assert.ok(reasons.some((r) => r.includes("pegins: pegin-count-mismatch")), reasons.join("\n"));
  await page.screenshot({ path: new URL("target/web/verification-page-transactions.png", root).pathname, fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test("a dropped raw MWEB transaction file is read as bytes and verified", async () => {
  const made = JSON.parse(readFileSync(new URL("vectors/mweb-made-here.json", root), "utf8"));
  const raw = [...Buffer.from(made.transactions[0].tx, "hex")];
  const page = await browser.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(`${origin}/web/index.html`, { waitUntil: "load" });
  // What a drop of a file named tx.dat hands the page.
  await page.evaluate((bytes) => {
    const data = new DataTransfer();
    data.items.add(new File([new Uint8Array(bytes)], "tx.dat"));
    const drop = new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true });
    document.getElementById("drop").dispatchEvent(drop);
  }, raw);
  await page.waitForFunction(() => document.querySelector("#input").value.length > 0);
  assert.equal(await page.$eval("#input", (el) => el.value), made.transactions[0].tx);
  await page.click("#verify");
  await page.waitForFunction(() => document.querySelector("#summary").dataset.total !== undefined, {
    timeout: 60_000,
  });
  const rows = await page.$$eval("#verdicts tbody tr", (trs) =>
    trs.map((tr) => [tr.cells[1].textContent, tr.querySelector("td.verdict").firstChild.textContent]),
  );
  assert.deepEqual(rows, [["Litecoin MWEB", "valid"]]);
  assert.deepEqual(errors, []);
  await page.close();
});
