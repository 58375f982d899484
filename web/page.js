// The verification page: what is pasted or dropped — proof documents, Liquid or Litecoin MWEB
// transactions (hex, or dropped raw files), Solana proof data (hex) — verified by the
// JavaScript package (../bindings/js: the library in WebAssembly), a verdict per item.
import { verify, liquid, mweb, solana, UnusableInput } from "../bindings/js/index.js";

const input = document.getElementById("input");
const summary = document.getElementById("summary");
const table = document.getElementById("verdicts");
const button = document.getElementById("verify");

/**
 * The items in `text`: a JSON array of documents, or pieces one after another — JSON values
 * (pretty or JSON lines), split where a top-level value ends, and lines of other text (hex) —
 * each a piece of its own.
 */
export function pieces(text) {
  const trimmed = text.trim();
  if (trimmed.startsWith("[")) {
    try {
      const array = JSON.parse(trimmed);
      if (Array.isArray(array)) {
        return array.map((d) => (typeof d === "string" ? d : JSON.stringify(d)));
      }
    } catch {
      // Not one array: read as values one after another.
    }
  }
  const found = [];
  let depth = 0, start = -1, inString = false, escaped = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (c === "\\") escaped = true;
      else if (c === "\"") inString = false;
      continue;
    }
    if (c === "\"") { inString = true; if (start < 0) start = i; continue; }
    if (c === "{" || c === "[") { if (depth === 0 && start < 0) start = i; depth++; continue; }
    if (c === "}" || c === "]") {
      depth--;
      if (depth === 0 && start >= 0) { found.push(text.slice(start, i + 1)); start = -1; }
      continue;
    }
    if (depth === 0 && !/\s/.test(c) && start < 0) start = i;
    if (depth === 0 && c === "\n" && start >= 0) { found.push(text.slice(start, i)); start = -1; }
  }
  if (start >= 0) found.push(text.slice(start));
  return found.map((p) => p.trim()).filter((p) => p.length > 0);
}

const HEX = /^(?:[0-9a-fA-F]{2})+$/;

/** What a document says of itself, for its row: scheme, group, flavor. */
function describe(text) {
  try {
    const doc = JSON.parse(text);
    return [doc.scheme, doc.group, doc.flavor, doc.circuit].filter(Boolean).join(" · ") || "?";
  } catch {
    return "not JSON";
  }
}

/** The parts of a transaction's report that failed or were not checked, as reasons. */
function findings(report, wanted, path = []) {
  if (report === null || typeof report !== "object") return [];
  if (wanted in report && Object.keys(report).length === 1) {
    return [`${path.join(" ")}: ${report[wanted]}`];
  }
  // "outputs", 0, "range_proof" reads "output 1 range proof".
  return Object.entries(report).flatMap(([key, value]) => {
    const here = Array.isArray(report)
      ? [...path.slice(0, -1), `${path.at(-1)?.replace(/s$/, "") ?? "item"} ${Number(key) + 1}`]
      : [...path, key.replaceAll("_", " ")];
    return findings(value, wanted, here);
  });
}

/**
 * The rules a report's findings name, in the deployment's words ("pegins: pegin-count-mismatch",
 * "output 1: bad-txns-in-ne-out").
 */
function rules(report) {
  if (!Array.isArray(report.findings)) return [];
  return report.findings.map((f) => {
    const where =
      f.check?.replaceAll("_", " ") ??
      (f.output !== undefined ? `output ${f.output + 1}` : f.input !== undefined ? `input ${f.input + 1}` : "rule");
    return `${where}: ${f.rule}`;
  });
}

/** A transaction's report as a row's verdict. */
function transactionVerdict(report) {
  const invalid = [...rules(report), ...findings(report, "invalid")];
  const unchecked = findings(report, "not checked");
  return {
    kind: report.verdict === "valid" ? "valid" : report.verdict === "invalid" ? "invalid" : "incomplete",
    error: report.verdict === "valid" ? undefined : (invalid.length ? invalid : unchecked).join("; "),
  };
}

/**
 * One hex piece: a Liquid transaction, else an MWEB transaction or block, else Solana proof
 * data (made a document, verified with the documents). Resolves to its row's content, or to
 * `{ document }` for the documents' batch.
 */
async function classify(hex) {
  const reasons = [];
  for (const [label, name, check] of [
    ["Liquid transaction", "a Liquid transaction", (h) => liquid.verifyTransaction(h)],
    ["Litecoin MWEB", "an MWEB transaction or block", (h) => mweb.verify(h)],
  ]) {
    try {
      return { label, ...transactionVerdict(await check(hex)) };
    } catch (e) {
      if (!(e instanceof UnusableInput)) throw e;
      reasons.push(`as ${name}: ${e.message}`);
    }
  }
  if ([936, 1000, 1064].includes(hex.length / 2)) {
    return { document: await solana.document(hex), label: "Solana proof data" };
  }
  return { label: "hex", kind: "unusable", error: reasons.join("; ") };
}

function row(index, item) {
  const tr = document.createElement("tr");
  tr.className = item.kind;
  for (const value of [String(index + 1), item.label]) {
    const td = document.createElement("td");
    td.textContent = value;
    tr.append(td);
  }
  const td = document.createElement("td");
  td.className = `verdict ${item.kind}`;
  td.textContent = {
    valid: "valid",
    invalid: "INVALID",
    unusable: "UNUSABLE",
    incomplete: "INCOMPLETE",
  }[item.kind];
  if (item.error) {
    const reason = document.createElement("span");
    reason.className = "reason";
    reason.textContent = item.error;
    td.append(reason);
  }
  tr.append(td);
  return tr;
}

async function run() {
  const given = pieces(input.value);
  const body = table.tBodies[0];
  body.replaceChildren();
  if (given.length === 0) {
    table.hidden = true;
    summary.textContent = "nothing to verify";
    return;
  }
  button.disabled = true;
  summary.textContent = "verifying…";
  try {
    const started = performance.now();
    // Transactions are verified each on its own; documents (Solana's proof data among them)
    // together, in one batch per group.
    const items = [];
    for (const piece of given) {
      if (HEX.test(piece)) {
        items.push(await classify(piece));
      } else {
        items.push({ document: piece, label: describe(piece) });
      }
    }
    const batch = items.filter((item) => item.document !== undefined);
    if (batch.length > 0) {
      const verdicts = await verify(batch.map((item) => item.document));
      batch.forEach((item, i) => {
        const v = verdicts[i];
        // Not named: its batch failed and the search stopped at the blame limit before it.
        item.kind = v.valid ? "valid" : v.unusable ? "unusable" : v.notNamed ? "incomplete" : "invalid";
        item.error = v.error;
      });
    }
    const ms = performance.now() - started;
    items.forEach((item, i) => body.append(row(i, item)));
    table.hidden = false;
    const valid = items.filter((item) => item.kind === "valid").length;
    summary.textContent = `${valid} valid, ${items.length - valid} not, in ${ms.toFixed(1)} ms`;
    summary.dataset.valid = String(valid);
    summary.dataset.total = String(items.length);
  } catch (e) {
    summary.textContent = `error: ${e.message}`;
  } finally {
    button.disabled = false;
  }
}

/** A dropped file's content as text: its text, or its bytes in hex when it is not text. */
async function fileText(file) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    if (!/[\x00-\x08\x0e-\x1f]/.test(text)) return text.trim();
  } catch {
    // Not UTF-8: raw bytes.
  }
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

button.addEventListener("click", run);
document.getElementById("clear").addEventListener("click", () => {
  input.value = "";
  table.hidden = true;
  summary.textContent = "";
  delete summary.dataset.total;
});
const drop = document.getElementById("drop");
drop.addEventListener("dragover", (e) => { e.preventDefault(); drop.classList.add("over"); });
drop.addEventListener("dragleave", () => drop.classList.remove("over"));
drop.addEventListener("drop", async (e) => {
  e.preventDefault();
  drop.classList.remove("over");
  const texts = await Promise.all([...e.dataTransfer.files].map(fileText));
  input.value = [input.value.trim(), ...texts].filter(Boolean).join("\n");
});
