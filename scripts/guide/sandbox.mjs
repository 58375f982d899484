// A page's blocks run in a fresh directory that reads as the repository root: `vectors/`,
// `rangeproof-cli/` (its bundled data) and `scripts/` are links to the repository's, so the
// guide names files by their paths from the root, and whatever a block writes stays in the
// temporary directory.
import { mkdirSync, mkdtempSync, symlinkSync } from "node:fs";
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
  return dir;
}
