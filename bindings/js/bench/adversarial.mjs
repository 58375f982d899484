// What a batch of invalid documents costs JavaScript's `verify` against an honest batch of the
// same size, with the default blame limit (16) and with none:
//
//   cargo run --release -p rangeproof-documents --features parallel --example adversarial_batch -- 1000 5 /tmp
//   node bindings/js/bench/adversarial.mjs /tmp/valid.jsonl /tmp/invalid.jsonl
//
// The two files are the example's (each invalid document carries another's proof). Prints the
// median of 5 calls of each, in ms.
import { readFileSync } from "node:fs";
import { verify } from "../index.js";

const lines = (path) => readFileSync(path, "utf8").split("\n").filter((l) => l.trim());
const [valid, invalid] = process.argv.slice(2, 4).map(lines);
await verify(valid); // the module loaded and its generators made
for (const [name, docs, options] of [
  ["valid", valid, undefined],
  ["all invalid, limit 16", invalid, undefined],
  ["all invalid, no limit", invalid, { blameLimit: null }],
]) {
  const times = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    await verify(docs, options);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(`${name.padEnd(24)} ${times[2].toFixed(1)} ms`);
}
