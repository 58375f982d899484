// The guide's code blocks: every fenced block of docs/*.md and README.md, with its file, line
// and info string, checked against the kinds the runners know. A block of an unknown kind is an
// error, so nothing the guide shows is skipped without saying so.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

export const root = new URL("../..", import.meta.url).pathname.replace(/\/$/, "");

// Info string -> who runs the block. `null`: not code (or code shown, never run), listed only.
export const KINDS = {
  rust: "cargo test -p guide --doc (doctests)",
  python: "pytest with scripts/guide_doctest.py (doctests)",
  "python script": "scripts/guide-shell.mjs (a file run by the venv's python)",
  bash: "scripts/guide-shell.mjs",
  c: "scripts/guide-shell.mjs (compiled against the C library and run)",
  js: "scripts/guide-js.mjs",
  // Shown, not run: each says why in its page.
  "bash norun": null, // installs, or a synopsis with [options]
  "js fragment": null, // a sketch with names defined elsewhere
  json: null,
  toml: null,
  text: null,
};

/** The guide's pages: the README and docs/*.md, in a stable order (paths from the root). */
export function pages() {
  const docs = readdirSync(join(root, "docs"))
    .filter((name) => name.endsWith(".md"))
    .sort()
    .map((name) => `docs/${name}`);
  return ["README.md", ...docs];
}

/**
 * Every fenced block of `page` (a path from the root): `{ page, line, info, kind, tag, code }`,
 * `line` the fence's line (1-based), `kind` the info string's first word and `tag` the rest
 * (for `c NAME`: the file name the block is written to).
 */
export function blocks(page) {
  const lines = readFileSync(join(root, page), "utf8").split("\n");
  const found = [];
  let open = null;
  lines.forEach((text, i) => {
    const fence = /^(`{3,})(.*)$/.exec(text);
    if (open === null && fence) {
      const info = fence[2].trim();
      const [kind = "", ...rest] = info.split(/\s+/);
      open = { page, line: i + 1, info, kind, tag: rest.join(" "), fence: fence[1], body: [] };
    } else if (open !== null && text.trimEnd() === open.fence) {
      const { fence: _, body, ...block } = open;
      found.push({ ...block, code: body.join("\n") + "\n" });
      open = null;
    } else if (open !== null) {
      open.body.push(text);
    }
  });
  if (open !== null) {
    throw new Error(`${page}:${open.line}: a code block that is never closed`);
  }
  return found;
}

/** Why `block` breaks the guide's rules, or null. */
export function problem(block) {
  const { info, kind, tag, code } = block;
  if (info === "") {
    return "a block without an info string (rustdoc would compile it as Rust): say ```text";
  }
  if (kind === "c" && tag !== "" && !/^[\w-]+\.c$/.test(tag)) {
    return `a C block's tag is the file it is written to (NAME.c), not "${tag}"`;
  }
  if (!(info in KINDS) && !(kind === "c" && tag !== "")) {
    return `unknown info string "${info}": one of ${Object.keys(KINDS).join(", ")}, or "c NAME.c"`;
  }
  if (info === "python" && !/^>>> /.test(code)) {
    return "a python block runs as a doctest and begins with >>> (or say ```python script)";
  }
  return null;
}

/** Every block of every page, failing when any breaks the rules. */
export function allBlocks() {
  const all = pages().flatMap(blocks);
  // Rust blocks run as doctests only of the pages a module of guide/src/ includes.
  const sources = join(root, "guide/src");
  const guide = readdirSync(sources).map((name) => readFileSync(join(sources, name), "utf8")).join("");
  const included = (b) => b.kind !== "rust" || guide.includes(`include_str!("../../${b.page}")`);
  const bad = all
    .map((b) => [b, included(b) ? problem(b) : "a page with Rust blocks that no module of guide/src/ includes"])
    .filter(([, why]) => why !== null);
  for (const [b, why] of bad) {
    console.error(`${b.page}:${b.line}: ${why}`);
  }
  if (bad.length > 0) {
    process.exit(1);
  }
  return all;
}

/** Prints the blocks shown but not run, so a skip is always visible. */
export function listSkipped(all, kinds) {
  for (const b of all.filter((b) => kinds.includes(b.info))) {
    console.log(`  not run: ${b.page}:${b.line} (${b.info})`);
  }
}

// `node scripts/guide/blocks.mjs`: checks every block's info string and counts them by kind.
if (process.argv[1] === new URL(import.meta.url).pathname) {
  const counts = {};
  for (const b of allBlocks()) {
    const kind = b.kind === "c" ? "c" : b.info; // `c NAME.c` counts as C
    counts[kind] = (counts[kind] ?? 0) + 1;
  }
  console.log(`guide blocks: ${Object.entries(counts).map(([k, n]) => `${n} ${k}`).join(", ")}`);
}
