// Makes build/web/tetris-printer.html: web/page/index.html with everything it needs inside
// it, so that it works opened from disk with no network.
//
//   node web/build-page.js MODULE.js MODULE.wasm NUMBERS.txt OUT.html
//
// MODULE.js is the module's glue (emcc's, defining createTetris), MODULE.wasm the
// WebAssembly, NUMBERS.txt what man/numbers prints (NAME VALUE lines: the tools' defaults
// and bounds). The page gets web/page/app.js with SAMPLES (sprites/*.png, base64) and
// WORKER_SOURCE (the glue, then web/page/worker.js) filled in, and the WebAssembly as base64
// in a script element of its own that no script engine parses; in index.html and app.js,
// each @NAME@ becomes that number, as in the man pages (an unknown name fails the build).
"use strict";
const fs = require("fs");
const path = require("path");

const [gluePath, wasmPath, numbersPath, outPath] = process.argv.slice(2);
if (!outPath) {
  process.stderr.write("usage: build-page.js MODULE.js MODULE.wasm NUMBERS.txt OUT.html\n");
  process.exit(2);
}
const root = path.join(__dirname, "..");
const numbers = new Map(fs.readFileSync(numbersPath, "utf8").split("\n").filter((line) => line)
  .map((line) => line.split(" ")));
/* web/page/FILE with its @NAME@ numbers filled in. */
const read = (file) => fs.readFileSync(path.join(root, file), "utf8").replace(/@([A-Z_]+)@/g, (_, name) => {
  if (!numbers.has(name)) throw new Error(`${file}: no number named @${name}@ (man/numbers.c)`);
  return numbers.get(name);
});

/* A JavaScript value as text that can sit inside a <script> element: no "</script" nor
 * "<!--" can appear in it. */
const scriptSafe = (value) => JSON.stringify(value).replace(/</g, "\\u003c");

const samples = {};
for (const file of fs.readdirSync(path.join(root, "sprites")).sort())
  if (file.endsWith(".png"))
    samples[file.slice(0, -4)] = fs.readFileSync(path.join(root, "sprites", file)).toString("base64");

const worker = fs.readFileSync(gluePath, "utf8") + "\n" + read("web/page/worker.js");
const app = read("web/page/app.js")
  .replace("/*SAMPLES*/", () => scriptSafe(samples))
  .replace("/*WORKER*/", () => scriptSafe(worker));
if (/<\/script|<!--/i.test(app)) throw new Error("web/page/app.js holds </script or <!--");
const page = read("web/page/index.html")
  .replace("<!--WASM-->", () => fs.readFileSync(wasmPath).toString("base64"))
  .replace("<!--APP-->", () => app);
fs.writeFileSync(outPath, page);
