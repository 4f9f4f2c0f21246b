// Runs the page's WebAssembly as a command under node, for the tests and the benchmark:
//
//   node tests/web/run-wasm.js MODULE.js TOOL [ARGUMENT]...
//
// MODULE.js is the emscripten factory `make web` links (build/web/tetris-web.js, its
// .wasm beside it); TOOL is tetris-convert or tetris-print. The tool runs as the page runs
// it, in a fresh instance, but sees this machine's files (node's file system mounted over
// every top-level directory but /dev and /proc), the current directory and the
// environment; its standard output and error are this process's, byte for byte, and its
// exit status is this process's.
"use strict";
const fs = require("fs");
const path = require("path");

const [modulePath, tool, ...args] = process.argv.slice(2);
if (!modulePath || !tool) {
  process.stderr.write("usage: run-wasm.js MODULE.js TOOL [ARGUMENT]...\n");
  process.exit(2);
}
const createTetris = require(path.resolve(modulePath));
const wasm = new WebAssembly.Module(fs.readFileSync(modulePath.replace(/\.js$/, ".wasm")));

// Bytes out as they come, in chunks: a write per byte would be slow.
function sink(fd) {
  const buffer = Buffer.alloc(65536);
  let used = 0;
  const flush = () => {
    for (let at = 0; at < used; ) at += fs.writeSync(fd, buffer, at, used - at);
    used = 0;
  };
  const put = (byte) => {
    if (byte === null) return flush();
    buffer[used++] = byte & 255;
    if (used === buffer.length) flush();
  };
  return { put, flush };
}
const stdout = sink(1), stderr = sink(2);

function mountHost(Module) {
  const { FS, NODEFS } = Module;
  for (const name of fs.readdirSync("/")) {
    if (name === "dev" || name === "proc") continue;
    let stat;
    try {
      stat = fs.statSync("/" + name);
    } catch (e) {
      continue;
    }
    if (!stat.isDirectory()) continue;
    try {
      FS.mkdir("/" + name);
    } catch (e) {
      /* it exists in the instance's own file system */
    }
    FS.mount(NODEFS, { root: "/" + name }, "/" + name);
  }
  FS.chdir(process.cwd());
  Object.assign(Module.ENV, process.env);
}

createTetris({
  thisProgram: tool,
  noInitialRun: true,
  instantiateWasm(imports, done) {
    done(new WebAssembly.Instance(wasm, imports));
    return {};
  },
  stdout: stdout.put,
  stderr: stderr.put,
  preRun: [(Module) => mountHost(Module)],
  onExit() {
    stdout.flush();
    stderr.flush();
  },
}).then((Module) => {
  const status = Module.callMain(args);
  stdout.flush();
  stderr.flush();
  process.exit(status);
});
