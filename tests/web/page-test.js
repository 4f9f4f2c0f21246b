// The web page (build/web/tetris-printer.html) driven in headless Chromium, opened from disk:
// tests/full/web_page.sh runs it.
//
//   node tests/web/page-test.js PAGE BIN_DIR TOOLS_DIR WORK_DIR
//
// PAGE is the page, BIN_DIR holds the native tetris-convert and tetris-print, TOOLS_DIR
// canvas_compare and picture_tool, WORK_DIR an empty directory. Each check prints "ok ..." or
// "FAIL ..."; the exit status is 1 when one failed. The browser is ended at the end, and so
// is every process it started (tests/web/browser.js).
"use strict";
const { execFileSync, spawnSync } = require("child_process");
const fs = require("fs");
const path = require("path");
const { launch } = require("./browser.js");

const [pagePath, binDir, toolsDir, work] = process.argv.slice(2).map((p) => path.resolve(p));
const pageUrl = "file://" + pagePath;
let failures = 0;
const ok = (what) => console.log("ok   " + what);
const fail = (what) => { failures++; console.log("FAIL " + what); };
const check = (good, what, why = "") => (good ? ok(what) : fail(what + (why ? ": " + why : "")));
const STEP_MS = 180000; /* a conversion, however loaded the machine */

/* Runs a native tool in WORK_DIR (a cache of its own): {status, stderr}. */
function native(tool, args) {
  const r = spawnSync(path.join(binDir, tool), args, {
    cwd: work, env: { ...process.env, XDG_CACHE_HOME: path.join(work, "cache") },
  });
  return { status: r.status, stderr: r.stderr.toString() };
}

/* Clears the page's state, so that the next stateIn sees the state a new job reaches. */
const forget = (page) => page.evaluate(`document.body.dataset.state = "test"`);

/* The page's state once it is one of STATES. */
const stateIn = (page, states, ms = STEP_MS) =>
  page.waitFor(`${JSON.stringify(states)}.includes(document.body.dataset.state) && document.body.dataset.state`,
    ms, "state " + states.join(" or "));
const text = (page, id) => page.evaluate(`document.getElementById(${JSON.stringify(id)}).textContent`);
const inPlayer = (expression) => `(() => { const d = document.getElementById("player").contentDocument; return ${expression}; })()`;

/* A download's bytes (its blob: link, read by the page). */
async function downloaded(page, id) {
  const base64 = await page.evaluate(`(async () => {
    const bytes = new Uint8Array(await (await fetch(document.getElementById(${JSON.stringify(id)}).href)).arrayBuffer());
    let s = ""; for (const b of bytes) s += String.fromCharCode(b); return btoa(s); })()`);
  return Buffer.from(base64, "base64");
}

/* The final frame of SCRIPT's page as the native tetris-print draws it: the last of its
 * --frames, written in the same run as the page, so with the page's framing (an animation
 * leaves out the rows that never change and takes a cell size that fits a screen, which a
 * PNG alone doesn't). */
function nativeFinalFrame(script) {
  const base = path.basename(script, ".txt"), frames = path.join(work, base + "-frames");
  const r = native("tetris-print", [script, "-o", base + "-framed.html", "--frames", frames, "--every", "100000"]);
  if (r.status !== 0) throw new Error(`tetris-print ${script} --frames: ${r.stderr}`);
  return path.join(frames, fs.readdirSync(frames).sort().pop());
}

/* The player played to the end at its fastest speed; its well's canvas compared with PNG. */
async function playedToEnd(page, png, what) {
  await page.evaluate(inPlayer(`(() => { const s = d.getElementById("speed");
    s.selectedIndex = s.options.length - 1; s.dispatchEvent(new Event("change")); })()`));
  const total = await page.evaluate(inPlayer(`d.getElementById("total").textContent`));
  await page.waitFor(inPlayer(`d.getElementById("piece").textContent === d.getElementById("total").textContent`),
    STEP_MS, "the last piece");
  const url = await page.evaluate(inPlayer(`d.getElementById("well").toDataURL("image/png")`));
  fs.writeFileSync(path.join(work, "canvas.html"), url);
  const r = spawnSync(path.join(toolsDir, "canvas_compare"), [path.join(work, "canvas.html"), png]);
  check(r.status === 0, `${what}: played to the end (${total} pieces), the canvas is the native final frame`,
    r.stdout.toString() + r.stderr.toString());
}

async function main() {
  const picture = path.join(work, "logo.jpg");
  execFileSync(path.join(toolsDir, "picture_tool"), ["logo", "--seed", "1", "--width", "400", "--height", "300", picture]);
  fs.writeFileSync(path.join(work, "notes.txt"), "not a picture\n");

  const browser = await launch();
  const pid = browser.pid;
  try {
    const page = await browser.open("about:blank");
    await page.call("Page.setBypassCSP", { enabled: true }); /* fetch() of its blob: downloads */

    // #sample=NAME converts and plays that sample at once.
    await page.call("Page.navigate", { url: pageUrl + "#sample=heart" });
    let state = await stateIn(page, ["playing", "failed"]);
    check(state === "playing", "#sample=heart plays at once", await text(page, "error"));
    await page.waitFor(inPlayer(`Number(d.getElementById("piece").textContent) > 0`), STEP_MS, "pieces playing");
    ok("#sample=heart: the player's counter id=piece moves by itself");
    // with every option at its default: tetris-convert --fit's defaults, its script
    const heartCommand = await text(page, "command");
    await page.waitFor(`!document.getElementById("downloads").hidden`, STEP_MS, "the downloads");
    const heart = native("tetris-convert", ["--fit", "--stats", "--preview", "heart-preview.png",
      path.resolve(__dirname, "../../sprites/heart.png"), "-o", "heart.txt"]);
    check(heartCommand === "tetris-convert --fit --stats --preview heart-preview.png heart.png -o heart.txt" &&
      heart.status === 0 && (await downloaded(page, "download-script")).equals(fs.readFileSync(path.join(work, "heart.txt"))),
      "#sample=heart: the options' defaults are the command line's, the script the native one", heartCommand);
    check(page.errors.length === 0, "no script error", page.errors.join("; "));

    // A picture given to the file input, with --colors 3: converted as the command line does.
    await page.evaluate(`(() => { const c = document.getElementById("colors"); c.value = "3";
      c.dispatchEvent(new Event("change")); })()`);
    await forget(page);
    await page.setFiles("#file", [picture]);
    state = await stateIn(page, ["playing", "failed"]);
    check(state === "playing", "logo.jpg converted and playing", await text(page, "error"));
    const command = await text(page, "command");
    check(command === "tetris-convert --fit --colors 3 --stats --preview logo-preview.png logo.jpg -o logo.txt",
      "the page shows its command line", command);
    const r = native("tetris-convert", ["--fit", "--colors", "3", "--stats", "--preview", "logo-preview.png",
      "logo.jpg", "-o", "logo.txt"]);
    check(r.status === 0, "the native tetris-convert converts logo.jpg", r.stderr);
    const summary = await text(page, "summary");
    check(r.stderr.startsWith(summary + "\n"), "the prepared sprite's summary is the command line's", summary);
    const preview = await page.evaluate(`(async () => { const b = new Uint8Array(await (await fetch(
      document.getElementById("preview").src)).arrayBuffer()); let s = ""; for (const c of b) s += String.fromCharCode(c); return btoa(s); })()`);
    check(Buffer.from(preview, "base64").equals(fs.readFileSync(path.join(work, "logo-preview.png"))),
      "the prepared sprite shown is the native --preview");
    await page.waitFor(`!document.getElementById("downloads").hidden`, STEP_MS, "the downloads");
    const script = await downloaded(page, "download-script");
    check(script.equals(fs.readFileSync(path.join(work, "logo.txt"))), "the script downloaded is the native script");
    for (const format of ["png", "gif", "html"]) {
      const out = native("tetris-print", ["logo.txt", "-o", "logo." + format]);
      const bytes = await downloaded(page, "download-" + format);
      check(out.status === 0 && bytes.equals(fs.readFileSync(path.join(work, "logo." + format))),
        `the ${format} downloaded is tetris-print's`);
    }
    const logoMessages = await text(page, "messages");
    check(/searching 37-wide/.test(logoMessages),
      "logo.jpg, fitted to --fit's 33 columns, searches the 37-wide patterns", logoMessages);
    await playedToEnd(page, nativeFinalFrame("logo.txt"), "logo.jpg");

    // A file that is no picture: the command line's one-line error, on the page.
    await forget(page);
    await page.setFiles("#file", [path.join(work, "notes.txt")]);
    state = await stateIn(page, ["failed", "playing"]);
    const bad = native("tetris-convert", ["--fit", "--colors", "3", "--stats", "--preview", "notes-print-preview.png",
      "notes.txt", "-o", "notes-print.txt"]);
    const error = await text(page, "error");
    check(state === "failed" && bad.status === 2 && error + "\n" === bad.stderr,
      "notes.txt: the page shows the command line's one-line error", `${error} / ${bad.stderr}`);

    // A picture whose name begins with '-' is a file, not an option.
    fs.copyFileSync(path.resolve(__dirname, "../../sprites/heart.png"), path.join(work, "-heart.png"));
    await forget(page);
    await page.setFiles("#file", [path.join(work, "-heart.png")]);
    state = await stateIn(page, ["playing", "failed"]);
    check(state === "playing" && (await text(page, "summary")).startsWith("./-heart.png: "),
      "-heart.png converted as a file", await text(page, "error"));

    // Cancel: a long conversion ends at once; the next one runs in a new Worker.
    await page.evaluate(`(() => { const c = document.getElementById("colors"); c.value = "";
      c.dispatchEvent(new Event("change")); location.hash = "sample=castle-64&max-width=64"; })()`);
    await page.waitFor(`document.getElementById("status").textContent.includes("/")`, STEP_MS, "progress");
    const started = Date.now();
    await page.evaluate(`document.getElementById("cancel").click()`);
    state = await stateIn(page, ["cancelled"], 5000);
    check(state === "cancelled" && Date.now() - started < 5000, "cancel ends a conversion at once");
    await forget(page);
    await page.evaluate(`location.hash = "sample=fish"`);
    state = await stateIn(page, ["playing", "failed"]);
    check(state === "playing", "a conversion after a cancelled one plays", await text(page, "error"));

    // The wider field's patterns logo.jpg searched are kept, across reloads too (IndexedDB);
    // a link gives the options.
    await forget(page);
    await page.evaluate(`location.hash = "sample=owl-32&max-width=32"`);
    state = await stateIn(page, ["playing", "failed"]);
    const first = await text(page, "messages");
    check(state === "playing" && !/searching/.test(first), "owl-32 finds the 37-wide patterns logo.jpg searched", first);
    await page.call("Page.reload", {});
    state = await stateIn(page, ["playing", "failed"]);
    const again = await text(page, "messages");
    check(state === "playing" && !/searching/.test(again), "after a reload, owl-32 finds them kept", again);
    const field = await page.evaluate(inPlayer(`d.getElementById("field").textContent`));
    check(field === "37 \u00d7 74", "#sample=owl-32&max-width=32 prints on the 37-wide field", field);
    const owl = native("tetris-convert", ["--fit", "--max-width", "32", "--stats", "--preview", "owl-32-preview.png",
      path.resolve(__dirname, "../../sprites/owl-32.png"), "-o", "owl-32.txt"]);
    check(owl.status === 0 && (await downloaded(page, "download-script")).equals(fs.readFileSync(path.join(work, "owl-32.txt"))),
      "owl-32's script, with the kept patterns, is the native script");
    await playedToEnd(page, nativeFinalFrame("owl-32.txt"), "owl-32");
    check(page.errors.length === 0, "no script error", page.errors.join("; "));
  } finally {
    await browser.close();
  }
  let alive = true;
  try { process.kill(pid, 0); } catch (e) { alive = false; }
  check(!alive && browser.leftover === 0, "the browser the test started has ended, with its processes",
    `${browser.leftover} left`);
  return failures;
}

main().then((n) => process.exit(n ? 1 : 0), (e) => { console.log("FAIL " + (e.stack || e)); process.exit(1); });
