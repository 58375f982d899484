// A page's blocks run in a fresh directory that reads as the repository root: `vectors/`,
// `rangeproof-cli/` (its bundled data) and `scripts/` are links to the repository's, so the
// guide names files by their paths from the root, and whatever a block writes stays in the
// temporary directory. Two fixtures the README's cluster snippet names are made here too.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { root } from "./blocks.mjs";

/** A new sandbox for `page` (its name in the directory's), with `home/` for $HOME. */
export function sandbox(page) {
  const dir = mkdtempSync(join(tmpdir(), `guide-${page.replace(/\W+/g, "-")}-`));
  for (const name of ["vectors", "rangeproof-cli", "scripts"]) {
    symlinkSync(join(root, name), join(dir, name));
  }
  // `import ... from "rangeproof"` resolves to the repository's package (or GUIDE_JS_PACKAGE's
  // directory: an unpacked `npm pack`, say).
  mkdirSync(join(dir, "node_modules"));
  symlinkSync(process.env.GUIDE_JS_PACKAGE ?? join(root, "bindings/js"), join(dir, "node_modules/rangeproof"));
  mkdirSync(join(dir, "home"));
  // A proof-of-liabilities input (id,balance) and a chain-audit input: the command-line tool's
  // bundled mainnet documents as JSON lines.
  writeFileSync(join(dir, "accounts.csv"), "id,balance\nalice,1200\nbob,800\ncarol,0\n");
  const documents = join(root, "rangeproof-cli/data/documents");
  const lines = readdirSync(documents)
    .sort()
    .map((name) => JSON.stringify(JSON.parse(readFileSync(join(documents, name), "utf8"))));
  writeFileSync(join(dir, "blocks-0001.jsonl"), lines.join("\n") + "\n");
  return dir;
}
