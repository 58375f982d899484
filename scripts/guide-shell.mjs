// Runs the guide's shell, C and Python-script blocks, each page's in the order the page shows
// them, in one sandbox per page (scripts/guide/sandbox.mjs): a later block sees the files an
// earlier one wrote, as a reader following the page would.
//
//   ```bash           run with `bash -euo pipefail`, the release build's directory (the CLI:
//                     $CARGO_TARGET_DIR/release, or target/release) and the venv first on PATH
//   ```c [NAME.c]     compiled against the installed C library as docs/c.md links it (shared,
//                     with an rpath) and run; with NAME.c it is also written there for a later block
//   ```python script  written to a file and run with the venv's python (`if __name__ == "__main__":`
//                     blocks: a local Dask cluster's workers import the file again)
//
// Needs the release build of the workspace and the Python venv (scripts/test-all.sh makes both;
// RANGEPROOF_VENV names another venv). Fails with the block's page and line.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { allBlocks, listSkipped, root } from "./guide/blocks.mjs";
import { sandbox } from "./guide/sandbox.mjs";

const venv = resolve(root, process.env.RANGEPROOF_VENV ?? "target/python-venv");
// The workspace's release build, wherever cargo puts it (CARGO_TARGET_DIR, relative to the root
// as cargo reads it, or target/).
const release = join(resolve(root, process.env.CARGO_TARGET_DIR ?? "target"), "release");
const all = allBlocks();
const ours = all.filter((b) => b.info === "bash" || b.info === "python script" || b.kind === "c");

// The C library, installed once as docs/c.md installs it.
let prefix = null;
function library() {
  if (prefix === null) {
    prefix = mkdtempSync(join(tmpdir(), "guide-prefix-"));
    execFileSync(join(root, "scripts/install-c-library.sh"), [prefix], { stdio: ["ignore", "ignore", "inherit"] });
  }
  return prefix;
}

function environment(dir) {
  return {
    ...process.env,
    // The blocks' home is the sandbox's ($HOME/.local in docs/c.md), the toolchain the user's.
    RUSTUP_HOME: process.env.RUSTUP_HOME ?? join(homedir(), ".rustup"),
    CARGO_HOME: process.env.CARGO_HOME ?? join(homedir(), ".cargo"),
    HOME: join(dir, "home"),
    PATH: [release, join(venv, "bin"), process.env.PATH].join(":"),
    PKG_CONFIG_PATH: join(library(), "lib/pkgconfig"),
  };
}

/** Runs one block; returns null, or what went wrong with its output. */
function run(block, dir) {
  const env = environment(dir);
  const name = `block-${block.line}`;
  let command;
  if (block.info === "bash") {
    writeFileSync(join(dir, `${name}.sh`), block.code);
    command = ["bash", ["-euo", "pipefail", `${name}.sh`]];
  } else if (block.info === "python script") {
    writeFileSync(join(dir, `${name}.py`), block.code);
    command = [join(venv, "bin/python"), [`${name}.py`]];
  } else {
    const source = block.tag || `${name}.c`;
    writeFileSync(join(dir, source), block.code);
    const build = spawnSync(
      "bash",
      ["-c", `cc -Wall -Werror "$1" -o "$2" $(pkg-config --cflags --libs rangeproof) -Wl,-rpath,"$3/lib"`,
        "cc", source, name, prefix],
      { cwd: dir, env, encoding: "utf8" },
    );
    if (build.status !== 0) {
      return `does not compile:\n${build.stdout}${build.stderr}`;
    }
    command = [`./${name}`, []];
  }
  const done = spawnSync(command[0], command[1], { cwd: dir, env, encoding: "utf8", timeout: 600_000 });
  if (done.status !== 0) {
    return `exit ${done.status ?? done.signal}:\n${done.stdout}${done.stderr}`;
  }
  return null;
}

library(); // before the first block, so that its build is not counted as the block's time
const counts = { bash: 0, c: 0, "python script": 0 };
let failures = 0;
for (const page of [...new Set(ours.map((b) => b.page))]) {
  const dir = sandbox(page);
  for (const block of ours.filter((b) => b.page === page)) {
    const kind = block.kind === "c" ? "c" : block.info;
    const started = Date.now();
    const why = run(block, dir);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    if (why === null) {
      counts[kind]++;
      console.log(`  ok ${block.page}:${block.line} (${kind}, ${seconds} s)`);
    } else {
      failures++;
      console.error(`FAILED ${block.page}:${block.line} (${kind}) in ${dir}: ${why}`);
    }
  }
}
listSkipped(all, ["bash norun"]);
console.log(`shell blocks: ${counts.bash} bash, ${counts.c} C, ${counts["python script"]} Python scripts run; ${failures} failed`);
process.exit(failures === 0 ? 0 : 1);
