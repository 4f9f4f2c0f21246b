// The page's Worker: converts and prints with the command-line tools compiled to
// WebAssembly, off the page's thread. web/build-page.js puts the module's glue (which
// defines createTetris) before this file. Each tool runs in a fresh instance of the module,
// as a process: its own memory, files and exit status.
//
// From the page:  {type: "module", module}            the compiled WebAssembly, once
//                 {type: "job", name, bytes, base, preview, convert, print, cache}
//                                                     (app.js's jobFor)
// To the page:    {type: "line", text}                a line of tetris-convert's stderr
//                 {type: "progress", text}            its progress line, as a terminal shows it
//                 {type: "preview", bytes, summary}   the prepared sprite (--preview)
//                 {type: "script", bytes, name, stats}  the script written
//                 {type: "output", format, name, bytes}  tetris-print's html page of the
//                                                     print, then its png and gif
//                 {type: "cache", files}              patterns searched for a new width
//                 {type: "failed", line}              the one-line error of the tool that failed
//                 {type: "done"}
"use strict";
let wasmModule = null;

const CACHE = "/cache"; /* XDG_CACHE_HOME: the converter's searched patterns */
const WORK = "/work";   /* the current directory: the picture and what is written */

/* Every file under a directory of an instance's file system, by path. */
function filesUnder(FS, dir, found = {}) {
  for (const name of FS.readdir(dir)) {
    if (name === "." || name === "..") continue;
    const path = dir + "/" + name;
    if (FS.isDir(FS.stat(path).mode)) filesUnder(FS, path, found);
    else found[path] = FS.readFile(path);
  }
  return found;
}

function writeFiles(FS, files) {
  for (const [path, bytes] of Object.entries(files)) {
    const parts = path.split("/").slice(1, -1);
    for (let i = 1; i <= parts.length; i++) {
      const dir = "/" + parts.slice(0, i).join("/");
      if (!FS.analyzePath(dir).exists) FS.mkdir(dir, 0o700); /* the converter trusts no other */
    }
    FS.writeFile(path, bytes);
  }
}

/* Standard error as a terminal shows it: lines end with \n; the progress line is
 * rewritten in place after each \r. */
function terminal(onLine, onProgress) {
  let bytes = [];
  const decoder = new TextDecoder();
  const text = () => decoder.decode(new Uint8Array(bytes));
  return (byte) => {
    if (byte === null) return;
    if (byte === 10) {
      onLine(text());
      bytes = [];
    } else if (byte === 13) {
      const shown = text();
      if (shown.trim()) onProgress(shown.trim());
      bytes = [];
    } else {
      bytes.push(byte);
    }
  };
}

/* Runs TOOL with ARGS in a fresh instance, in WORK, with INPUTS (path -> bytes) in its
 * files; `onRename(path, FS)` sees each file put in place (the tools write a temporary file
 * and rename it). Returns its exit status, its lines of stderr and its file system. */
async function runTool(tool, args, inputs, hooks = {}) {
  const lines = [];
  const Module = await createTetris({
    thisProgram: tool,
    noInitialRun: true,
    quit(status, exit) { throw exit; }, /* exit() ends main, never the Worker (nor node) */
    instantiateWasm(imports, done) {
      done(new WebAssembly.Instance(wasmModule, imports));
      return {};
    },
    print() {}, /* nothing goes to standard output: -o names every file */
    terminalStderr: terminal((line) => {
      lines.push(line);
      if (hooks.onLine) hooks.onLine(line);
    }, hooks.onProgress || (() => {})),
    preRun: [(M) => {
      M.ENV.XDG_CACHE_HOME = CACHE;
      writeFiles(M.FS, inputs);
      M.FS.chdir(WORK);
      const rename = M.FS.rename;
      M.FS.rename = (from, to) => {
        rename(from, to);
        if (hooks.onRename) hooks.onRename((to.startsWith("/") ? to : M.FS.cwd() + "/" + to).replace(/\/(\.\/)+/g, "/"), M.FS);
      };
    }],
  });
  const status = Module.callMain(args);
  return { status, lines, FS: Module.FS };
}

/* The one-line error of a failed run: its last line that names the tool. */
function errorLine(tool, run) {
  const named = run.lines.filter((line) => line.startsWith(tool + ": "));
  return named.length ? named[named.length - 1] : `${tool}: failed (exit ${run.status})`;
}

/* The figures of --stats this page shows, by name: "pieces: 815" -> {pieces: "815"}. */
function statsOf(lines) {
  const stats = {};
  for (const line of lines) {
    const m = /^(sprite|field|pieces|bound|time): +(.*)$/.exec(line);
    if (m) stats[m[1]] = m[2];
  }
  return stats;
}

const post = (message) => postMessage(message);

/* A job (app.js's jobFor): tetris-convert run with CONVERT, which reads the picture NAME and
 * writes the script BASE.txt and the preview PREVIEW in WORK; then tetris-print with each of
 * PRINT's arguments, writing BASE.html (the player), BASE.png and BASE.gif. */
async function job({ name, bytes, base, preview, convert: convertArgs, print, cache }) {
  const script = `${WORK}/${base}.txt`, previewPath = `${WORK}/${preview}`;
  const inputs = { ...cache, [`${WORK}/${name}`]: bytes };
  let summary = "";
  const convert = await runTool("tetris-convert", convertArgs, inputs, {
    onLine(line) {
      if (!line.startsWith("tetris-convert: ")) summary = line; /* --fit's, before the preview */
      post({ type: "line", text: line });
    },
    onProgress(text) { post({ type: "progress", text }); },
    onRename(path, FS) {
      if (path === previewPath) post({ type: "preview", bytes: FS.readFile(path), summary });
    },
  });
  const searched = cacheChanges(convert.FS, cache);
  if (Object.keys(searched).length) post({ type: "cache", files: searched });
  if (convert.status !== 0) return post({ type: "failed", line: errorLine("tetris-convert", convert) });
  const text = convert.FS.readFile(script);
  post({ type: "script", bytes: text, name: `${base}.txt`, stats: statsOf(convert.lines) });

  /* the page first, which the player shows; then the pictures to download */
  for (const [format, printArgs] of Object.entries(print)) {
    const run = await runTool("tetris-print", printArgs, { [script]: text });
    if (run.status !== 0) return post({ type: "failed", line: errorLine("tetris-print", run) });
    const output = `${base}.${format}`;
    post({ type: "output", format, name: output, bytes: run.FS.readFile(`${WORK}/${output}`) });
  }
}

/* The cache's files that a run wrote or changed. */
function cacheChanges(FS, before) {
  if (!FS.analyzePath(CACHE).exists) return {};
  const changed = {};
  for (const [path, bytes] of Object.entries(filesUnder(FS, CACHE))) {
    const old = before[path];
    if (!old || old.length !== bytes.length || old.some((b, i) => b !== bytes[i])) changed[path] = bytes;
  }
  return changed;
}

onmessage = async (event) => {
  const message = event.data;
  if (message.type === "module") {
    wasmModule = message.module;
    return;
  }
  try {
    await job(message);
  } catch (e) {
    post({ type: "failed", line: "tetris-printer: " + (e && e.message ? e.message : e) });
  }
  post({ type: "done" });
};
