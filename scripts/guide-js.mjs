// Runs every ```js block of the guide (docs/*.md, README.md) as an ES module with Node, each in
// its page's sandbox (scripts/guide/sandbox.mjs), where `import ... from "rangeproof"` resolves
// to the repository's bindings/js (its rangeproof.wasm built by scripts/build-js.sh) and the
// repository's data reads by its path from the root. Top-level await works. ```js fragment
// blocks (sketches naming values defined elsewhere) are listed, not run.
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { allBlocks, listSkipped } from "./guide/blocks.mjs";
import { sandbox } from "./guide/sandbox.mjs";

const all = allBlocks();
const ours = all.filter((b) => b.info === "js");
const dirs = new Map();
let ran = 0;
let failures = 0;
for (const block of ours) {
  if (!dirs.has(block.page)) {
    dirs.set(block.page, sandbox(block.page));
  }
  const dir = dirs.get(block.page);
  const file = `block-${block.line}.mjs`;
  writeFileSync(join(dir, file), block.code);
  const done = spawnSync(process.execPath, [file], { cwd: dir, encoding: "utf8", timeout: 300_000 });
  if (done.status === 0) {
    ran++;
    console.log(`  ok ${block.page}:${block.line} (js)`);
  } else {
    failures++;
    console.error(`FAILED ${block.page}:${block.line} (js) in ${dir}: exit ${done.status ?? done.signal}:\n${done.stdout}${done.stderr}`);
  }
}
listSkipped(all, ["js fragment"]);
console.log(`JavaScript blocks: ${ran} run; ${failures} failed`);
process.exit(failures === 0 ? 0 : 1);
