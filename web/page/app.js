/* The page's thread: choosing a picture and the options, the Worker that converts and
 * prints (worker.js), the prepared sprite, progress and errors, the player (tetris-print's
 * own page, in a frame) and the downloads. web/build-page.js fills in SAMPLES (the sample
 * sprites, base64), WORKER_SOURCE (the module's glue and worker.js) and the command line's
 * numbers, each a name between at signs (man/numbers.c: its defaults and bounds, as the
 * man pages quote them).
 *
 * For the tests and the benchmark: document.body.dataset.state says where the page is
 * (loading, ready, converting, printing, playing, failed, cancelled) and
 * window.tetrisTimes when each step ended (performance.now(), milliseconds). */
"use strict";
const SAMPLES = /*SAMPLES*/;
const WORKER_SOURCE = /*WORKER*/;
const DEFAULT_SEED = "@DEFAULT_CONVERT_SEED@"; /* tetris-convert's --seed default */

const $ = (id) => document.getElementById(id);
const times = (window.tetrisTimes = {});
const setState = (state) => { document.body.dataset.state = state; };
setState("loading");

function base64Bytes(text) {
  const chars = atob(text.trim());
  const bytes = new Uint8Array(chars.length);
  for (let i = 0; i < chars.length; i++) bytes[i] = chars.charCodeAt(i);
  return bytes;
}

/* The WebAssembly, compiled once, off the page's thread; every Worker gets the module. */
const compiled = WebAssembly.compile(base64Bytes($("wasm").textContent)).then((module) => {
  times.compiled = performance.now();
  return module;
});

/* ---- The patterns the converter searches for a field width without a library, kept
 * across reloads in IndexedDB (path in the Worker's cache directory -> bytes); without
 * storage they are searched again each time. ---- */
const store = new Promise((resolve) => {
  try {
    const request = indexedDB.open("tetris-printer", 1);
    request.onupgradeneeded = () => request.result.createObjectStore("patterns");
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => resolve(null);
  } catch (e) {
    resolve(null);
  }
});

async function storedPatterns() {
  const db = await store;
  if (!db) return {};
  return new Promise((resolve) => {
    const files = {};
    const request = db.transaction("patterns").objectStore("patterns").openCursor();
    request.onsuccess = () => {
      const cursor = request.result;
      if (!cursor) return resolve(files);
      files[cursor.key] = cursor.value;
      cursor.continue();
    };
    request.onerror = () => resolve({});
  });
}

async function storePatterns(files) {
  const db = await store;
  if (!db) return;
  const patterns = db.transaction("patterns", "readwrite").objectStore("patterns");
  for (const [path, bytes] of Object.entries(files)) patterns.put(bytes, path);
}

/* ---- The Worker: one job at a time; cancelling ends it, the next job starts another. ---- */
const workerUrl = URL.createObjectURL(new Blob([WORKER_SOURCE], { type: "text/javascript" }));
let worker = null, busy = false;

async function startWorker() {
  const module = await compiled;
  worker = new Worker(workerUrl);
  worker.onmessage = (event) => onWorkerMessage(event.data);
  worker.onerror = (event) => {
    event.preventDefault();
    failed("tetris-printer: " + (event.message || "the worker failed"));
    stopWorker();
  };
  worker.postMessage({ type: "module", module });
}

function stopWorker() {
  if (worker) worker.terminate();
  worker = null;
  busy = false;
}

/* ---- Options: tetris-convert's, with its defaults; the page always fits (--fit: the
 * picture scaled to show it, pixel art keeping its pixels, @MAX_COLOURS@ colours). ---- */
for (let w = Number("@FIELD_MIN_WIDTH@"); w <= Number("@FIELD_MAX_WIDTH@"); w += 2)
  $("width").add(new Option(String(w), String(w)));
for (let n = 1; n <= Number("@MAX_COLOURS@"); n++) $("colors").add(new Option(String(n), String(n)));

/* --max-width's default and bound follow the field: --fit's columns with --width auto, else
 * what the field given prints. */
function maxWidthBounds() {
  const width = $("width").value, margins = Number("@FIELD_SPRITE_MARGINS@");
  $("max-width").placeholder = width === "auto" ? "@FIT_DEFAULT_WIDTH@" : String(width - margins);
  $("max-width").max = width === "auto" ? "@SPRITE_MAX_WIDTH@" : String(width - margins);
}

function optionArgs() {
  const args = ["--fit"];
  const maxWidth = $("max-width").value.trim();
  if (maxWidth) args.push("--max-width", maxWidth);
  if ($("colors").value) args.push("--colors", $("colors").value);
  const background = $("background").value;
  if (background === "color") args.push("--background", $("background-color").value.slice(1));
  else if (background !== "auto") args.push("--background", background);
  if ($("dither").checked) args.push("--dither");
  if ($("width").value !== "auto") args.push("--width", $("width").value);
  const seed = $("seed").value.trim();
  if (seed !== DEFAULT_SEED) args.push("--seed", seed);
  args.push("--stats");
  return args;
}

const shellWord = (word) => /^[\w.,/+=:@%-]+$/.test(word) ? word : "'" + word.replace(/'/g, "'\\''") + "'";

/* A job's runs for the picture NAME: tetris-convert's arguments (its preview BASE-preview.png,
 * the picture, the script BASE.txt), then tetris-print's for each output (BASE.html, .png,
 * .gif). A name is never taken for an option. */
function jobFor(name) {
  let base = name.replace(/\.[^.]*$/, "") || "picture";
  if (base + ".txt" === name) base += "-print"; /* the script must not replace the picture */
  const path = (file) => (file.startsWith("-") ? "./" + file : file);
  const preview = base + "-preview.png", script = path(base + ".txt");
  const print = {};
  for (const format of ["html", "png", "gif"]) print[format] = [script, "-o", path(base + "." + format)];
  return { name, base, preview,
           convert: [...optionArgs(), "--preview", path(preview), path(name), "-o", script], print };
}

function showCommand() {
  if (picture) $("command").textContent = ["tetris-convert", ...jobFor(picture.name).convert].map(shellWord).join(" ");
}

/* ---- The picture: chosen, dropped, pasted or a sample. ---- */
let picture = null; /* {name, bytes} */

async function choosePicture(file) {
  if (!file) return;
  if (location.hash) history.replaceState(null, "", location.pathname + location.search);
  $("sample").value = "";
  const name = (file.name || "pasted.png").replace(/^.*[\\/]/, "") || "picture";
  picture = { name, bytes: new Uint8Array(await file.arrayBuffer()) };
  convert();
}

function chooseSample(name) {
  if (!Object.prototype.hasOwnProperty.call(SAMPLES, name)) {
    failed(`tetris-printer: no sample named '${name}' (${Object.keys(SAMPLES).join(", ")})`);
    return;
  }
  $("sample").value = name;
  picture = { name: name + ".png", bytes: base64Bytes(SAMPLES[name]), sample: name };
  convert();
}

/* A link shows a print: #sample=NAME converts and plays that sample, with the options the
 * link gives (#sample=owl-32&max-width=32&seed=7: the ids of the controls). Converting a
 * sample puts its link in the address. */
const LINKED = ["max-width", "colors", "background", "dither", "width", "seed"];

function sampleLink(name) {
  const params = new URLSearchParams({ sample: name });
  for (const id of LINKED) {
    const control = $(id);
    const value = control.type === "checkbox" ? (control.checked ? "1" : "")
      : id === "background" && control.value === "color" ? $("background-color").value.slice(1) : control.value;
    if (value !== control.dataset.default) params.set(id, value);
  }
  return "#" + params.toString();
}

function followLink() {
  const params = new URLSearchParams(location.hash.slice(1));
  if (!params.has("sample")) return;
  for (const id of LINKED) {
    const control = $(id), value = params.has(id) ? params.get(id) : control.dataset.default;
    if (control.type === "checkbox") control.checked = value === "1";
    else if (id === "background" && /^#?[0-9a-fA-F]{6}$/.test(value)) {
      control.value = "color";
      $("background-color").value = "#" + value.replace("#", "");
    } else control.value = value;
  }
  optionsChanged();
  chooseSample(params.get("sample"));
}
window.addEventListener("hashchange", followLink);

/* Converts a sample through its link, so that the address shows the print. */
function showSample(name) {
  const link = sampleLink(name);
  if (location.hash === link) chooseSample(name);
  else location.hash = link;
}

for (const name of Object.keys(SAMPLES)) $("sample").add(new Option(name, name));
$("sample").onchange = () => {
  if ($("sample").value) showSample($("sample").value);
};
$("file").onchange = () => choosePicture($("file").files[0]);
document.addEventListener("paste", (event) => {
  const file = [...(event.clipboardData?.files || [])][0];
  if (file) {
    event.preventDefault();
    choosePicture(file);
  }
});
document.addEventListener("dragover", (event) => {
  event.preventDefault();
  $("drop").classList.add("over");
});
document.addEventListener("dragleave", () => $("drop").classList.remove("over"));
document.addEventListener("drop", (event) => {
  event.preventDefault();
  $("drop").classList.remove("over");
  const file = event.dataTransfer?.files?.[0];
  if (file) choosePicture(file);
  else failed("tetris-printer: drop a picture file (the page reads files, not links)");
});

/* ---- A job: convert, then print. ---- */
let downloads = [], jobs = 0;

/* The messages of a job: the tools' lines of standard error and what each progress line
 * was about ("searching 37-wide platforms…"). */
let lastProgress = "";
function log(text) {
  $("messages").textContent += text + "\n";
}

function resetOutputs() {
  $("messages").textContent = "";
  lastProgress = "";
  for (const url of downloads) URL.revokeObjectURL(url);
  downloads = [];
  $("downloads").hidden = true;
  $("error").textContent = "";
  $("stats").textContent = "";
  $("progress").value = 0;
  $("prepared").hidden = true;
}

async function convert() {
  if (!picture) return;
  if (busy) stopWorker();
  resetOutputs();
  showCommand();
  setState("converting");
  $("status").textContent = "Converting " + picture.name + "…";
  $("convert").disabled = true;
  $("cancel").disabled = false;
  times.jobStarted = performance.now();
  const job = ++jobs;
  const cache = await storedPatterns();
  if (!worker) await startWorker();
  if (job !== jobs || document.body.dataset.state !== "converting") return; /* replaced or cancelled */
  busy = true;
  worker.postMessage({ type: "job", bytes: picture.bytes, ...jobFor(picture.name), cache });
}

function finished(state, status) {
  setState(state);
  $("status").textContent = status;
  $("convert").disabled = !picture;
  $("cancel").disabled = true;
}

function failed(line) {
  $("error").textContent = line;
  finished("failed", "Failed.");
}

const MEDIA_TYPES = { html: "text/html", png: "image/png", gif: "image/gif" };

function download(id, bytes, name, type) {
  const url = URL.createObjectURL(new Blob([bytes], { type }));
  downloads.push(url);
  $(id).href = url;
  $(id).download = name;
}

function showStats(stats) {
  const parts = [];
  if (stats.sprite) parts.push("sprite " + stats.sprite);
  if (stats.field) parts.push("field " + stats.field);
  if (stats.pieces) parts.push(stats.pieces + " pieces" + (stats.bound ? " (bound " + stats.bound + ")" : ""));
  if (stats.time) parts.push("converted in " + stats.time);
  $("stats").textContent = parts.join(" · ");
}

function onWorkerMessage(message) {
  switch (message.type) {
  case "progress": {
    $("status").textContent = message.text;
    const label = message.text.replace(/:.*/, "");
    if (label !== lastProgress) log(label + "…");
    lastProgress = label;
    const m = /(\d+)\/(\d+)/.exec(message.text);
    if (m) $("progress").value = Number(m[1]) / Math.max(1, Number(m[2]));
    break;
  }
  case "line":
    log(message.text);
    if (!message.text.startsWith("tetris-convert: ") && !/^[a-z]+: +[0-9]/.test(message.text))
      $("status").textContent = message.text;
    break;
  case "preview":
    $("preview").src = URL.createObjectURL(new Blob([message.bytes], { type: "image/png" }));
    downloads.push($("preview").src);
    $("summary").textContent = message.summary;
    $("prepared").hidden = false;
    times.previewShown = performance.now();
    break;
  case "cache":
    storePatterns(message.files);
    break;
  case "script":
    times.converted = performance.now();
    $("progress").value = 1;
    showStats(message.stats);
    download("download-script", message.bytes, message.name, "text/plain");
    setState("printing");
    $("status").textContent = "Printing…";
    break;
  case "output":
    download("download-" + message.format, message.bytes, message.name, MEDIA_TYPES[message.format]);
    if (message.format === "html") {
      $("player").onload = () => {
        times.firstFrame = performance.now();
        finished("playing", "Playing the print.");
        /* on a narrow screen the player is below the controls: brought into view */
        if ($("player").getBoundingClientRect().top > innerHeight * 0.75) $("player").scrollIntoView();
      };
      $("player").srcdoc = new TextDecoder().decode(message.bytes);
      $("player").hidden = false;
    } else if (message.format === "gif") {
      $("downloads").hidden = false;
      times.downloads = performance.now();
    }
    break;
  case "failed":
    log(message.line);
    failed(message.line);
    break;
  case "done":
    busy = false;
    $("cancel").disabled = true;
    $("convert").disabled = !picture;
    break;
  }
}

$("convert").onclick = () => (picture && picture.sample ? showSample(picture.sample) : convert());
$("cancel").onclick = () => {
  stopWorker();
  finished("cancelled", "Cancelled.");
};
function optionsChanged() {
  $("background-color").hidden = $("background").value !== "color";
  maxWidthBounds();
  showCommand();
}
for (const id of [...LINKED, "background-color"]) {
  const control = $(id);
  control.dataset.default = control.type === "checkbox" ? (control.checked ? "1" : "") : control.value;
  control.addEventListener("change", optionsChanged);
}

compiled.then(() => {
  if (document.body.dataset.state === "loading") finished("ready", "Ready: choose a picture.");
  followLink();
}, (error) => failed("tetris-printer: this browser can't run the converter: " + error.message));
