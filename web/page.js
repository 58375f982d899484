// The verification page: documents from the text area or dropped files, verified together by
// the JavaScript package (../bindings/js: the library in WebAssembly), a verdict per document.
import { verify } from "../bindings/js/index.js";

const input = document.getElementById("input");
const summary = document.getElementById("summary");
const table = document.getElementById("verdicts");
const button = document.getElementById("verify");

/**
 * The documents in `text`: a JSON array of documents, or documents one after another (pretty or
 * JSON lines), split where a top-level value ends; anything between them that is not a
 * document stays a piece of its own, for the verifier to call unusable.
 */
export function documents(text) {
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
  const pieces = [];
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
      if (depth === 0 && start >= 0) { pieces.push(text.slice(start, i + 1)); start = -1; }
      continue;
    }
    if (depth === 0 && !/\s/.test(c) && start < 0) start = i;
    if (depth === 0 && c === "\n" && start >= 0) { pieces.push(text.slice(start, i)); start = -1; }
  }
  if (start >= 0) pieces.push(text.slice(start));
  return pieces.map((p) => p.trim()).filter((p) => p.length > 0);
}

/** What a document says of itself, for its row: scheme, group, flavor. */
function label(text) {
  try {
    const doc = JSON.parse(text);
    return [doc.scheme, doc.group, doc.flavor, doc.circuit].filter(Boolean).join(" · ") || "?";
  } catch {
    return "not JSON";
  }
}

function row(index, text, verdict) {
  const tr = document.createElement("tr");
  const kind = verdict.valid ? "valid" : verdict.unusable ? "unusable" : "invalid";
  tr.className = kind;
  const cells = [String(index + 1), label(text)];
  for (const value of cells) {
    const td = document.createElement("td");
    td.textContent = value;
    tr.append(td);
  }
  const td = document.createElement("td");
  td.className = `verdict ${kind}`;
  td.textContent = { valid: "valid", invalid: "INVALID", unusable: "UNUSABLE" }[kind];
  if (verdict.error) {
    const reason = document.createElement("span");
    reason.className = "reason";
    reason.textContent = verdict.error;
    td.append(reason);
  }
  tr.append(td);
  return tr;
}

async function run() {
  const docs = documents(input.value);
  const body = table.tBodies[0];
  body.replaceChildren();
  if (docs.length === 0) {
    table.hidden = true;
    summary.textContent = "no documents";
    return;
  }
  button.disabled = true;
  summary.textContent = "verifying…";
  try {
    const started = performance.now();
    const verdicts = await verify(docs);
    const ms = performance.now() - started;
    verdicts.forEach((v, i) => body.append(row(i, docs[i], v)));
    table.hidden = false;
    const valid = verdicts.filter((v) => v.valid).length;
    summary.textContent = `${valid} valid, ${verdicts.length - valid} not, in ${ms.toFixed(1)} ms`;
    summary.dataset.valid = String(valid);
    summary.dataset.total = String(verdicts.length);
  } catch (e) {
    summary.textContent = `error: ${e.message}`;
  } finally {
    button.disabled = false;
  }
}

button.addEventListener("click", run);
document.getElementById("clear").addEventListener("click", () => {
  input.value = "";
  table.hidden = true;
  summary.textContent = "";
});
const drop = document.getElementById("drop");
drop.addEventListener("dragover", (e) => { e.preventDefault(); drop.classList.add("over"); });
drop.addEventListener("dragleave", () => drop.classList.remove("over"));
drop.addEventListener("drop", async (e) => {
  e.preventDefault();
  drop.classList.remove("over");
  const texts = await Promise.all([...e.dataTransfer.files].map((f) => f.text()));
  input.value = [input.value.trim(), ...texts.map((t) => t.trim())].filter(Boolean).join("\n");
});
