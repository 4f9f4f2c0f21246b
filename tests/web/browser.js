// Headless Chromium driven through the DevTools protocol over a pipe (--remote-debugging-pipe:
// no port, no network, no npm package), for the page's tests and benchmark.
//
//   const browser = await launch();             // chromium, else chromium-headless-shell
//                                               // (TETRIS_BROWSER names another)
//   const page = await browser.open("file:///…/tetris-printer.html#sample=heart");
//   await page.waitFor("document.querySelector('#status').textContent === 'done'", 60000);
//   await page.setFiles("#file", ["/tmp/picture.png"]);
//   const value = await page.evaluate("1 + 1");
//   await browser.close();                        // always: ends the browser it started
//
// The browser gets a fresh profile (removed by close) and the flags that keep it off the
// network; close() kills it if it doesn't exit, and so does this process's exit; then its
// helper processes, if they outlive it by 5 s (browser.leftover: how many still run after).
"use strict";
const { spawn, execFileSync } = require("child_process");
const fs = require("fs");
const os = require("os");
const path = require("path");

function findBrowser() {
  for (const name of ["chromium", "chromium-headless-shell"]) {
    try {
      return execFileSync("sh", ["-c", `command -v ${name}`]).toString().trim();
    } catch (e) {
      /* not installed */
    }
  }
  throw new Error("no chromium-headless-shell or chromium (make deps-web installs it)");
}

/* The processes running with PROFILE on their command line: the browser's helpers. */
function helpers(profile) {
  const found = [];
  for (const pid of fs.readdirSync("/proc").filter((name) => /^[0-9]+$/.test(name))) {
    try {
      if (fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(profile)) found.push(Number(pid));
    } catch (e) {
      /* it ended meanwhile */
    }
  }
  return found;
}

/* Once the browser has exited, its helpers (the zygote may outlive it for a moment) are
 * given 5 s to end, then killed; returns how many are still running after that. */
async function endHelpers(profile) {
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  for (let waited = 0; waited < 5000 && helpers(profile).length; waited += 100) await sleep(100);
  for (const pid of helpers(profile)) {
    try { process.kill(pid, "SIGKILL"); } catch (e) { /* it ended meanwhile */ }
  }
  await sleep(helpers(profile).length ? 1000 : 0);
  return helpers(profile).length;
}

const FLAGS = [
  "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
  "--disable-extensions", "--disable-default-apps", "--mute-audio", "--remote-debugging-pipe",
];

async function launch(options = {}) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "tetris-web-browser-"));
  const child = spawn(options.browser || process.env.TETRIS_BROWSER || findBrowser(),
    [...FLAGS, `--user-data-dir=${profile}`, ...(options.flags || []), "about:blank"],
    { stdio: ["ignore", "ignore", "pipe", "pipe", "pipe"] });
  let log = "";
  child.stderr.on("data", (d) => { log = (log + d).slice(-4000); });
  const kill = () => { try { child.kill("SIGKILL"); } catch (e) { /* gone */ } };
  process.on("exit", kill);
  const exited = new Promise((resolve) => child.on("exit", resolve));

  const writer = child.stdio[3], reader = child.stdio[4];
  let nextId = 1, pending = new Map(), listeners = [], buffer = "";
  reader.on("data", (chunk) => {
    buffer += chunk.toString("utf8");
    let end;
    while ((end = buffer.indexOf("\0")) >= 0) {
      const message = JSON.parse(buffer.slice(0, end));
      buffer = buffer.slice(end + 1);
      if (message.id && pending.has(message.id)) {
        const { resolve, reject } = pending.get(message.id);
        pending.delete(message.id);
        if (message.error) reject(new Error(message.error.message + " " + (message.error.data || "")));
        else resolve(message.result);
      } else {
        for (const listener of listeners) listener(message);
      }
    }
  });
  exited.then(() => {
    for (const { reject } of pending.values()) reject(new Error("the browser exited: " + log));
    pending.clear();
  });
  function send(method, params = {}, sessionId) {
    const id = nextId++;
    writer.write(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }) + "\0");
    return new Promise((resolve, reject) => pending.set(id, { resolve, reject }));
  }

  async function open(url) {
    const { targetId } = await send("Target.createTarget", { url: "about:blank" });
    const { sessionId } = await send("Target.attachToTarget", { targetId, flatten: true });
    const call = (method, params) => send(method, params, sessionId);
    const errors = [];
    listeners.push((m) => {
      if (m.sessionId !== sessionId) return;
      if (m.method === "Runtime.exceptionThrown")
        errors.push(m.params.exceptionDetails.exception?.description || m.params.exceptionDetails.text);
    });
    await call("Runtime.enable");
    await call("Page.enable");
    await call("Page.navigate", { url });
    const page = {
      errors,
      call,
      async evaluate(expression) {
        const r = await call("Runtime.evaluate", { expression, awaitPromise: true, returnByValue: true });
        if (r.exceptionDetails)
          throw new Error((r.exceptionDetails.exception?.description || r.exceptionDetails.text) + " in " + expression);
        return r.result.value;
      },
      async waitFor(expression, timeoutMs, what) {
        const until = Date.now() + timeoutMs;
        for (;;) {
          let value;
          try {
            value = await page.evaluate(expression);
          } catch (e) {
            value = undefined; /* the page is still loading */
          }
          if (value) return value;
          if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what || expression}`);
          await new Promise((r) => setTimeout(r, 50));
        }
      },
      async setFiles(selector, files) {
        const { root } = await call("DOM.getDocument", { depth: 0 });
        const { nodeId } = await call("DOM.querySelector", { nodeId: root.nodeId, selector });
        if (!nodeId) throw new Error("no " + selector);
        await call("DOM.setFileInputFiles", { nodeId, files });
      },
    };
    return page;
  }

  async function close() {
    try {
      await Promise.race([send("Browser.close"), new Promise((r) => setTimeout(r, 5000))]);
    } catch (e) {
      /* it is gone already */
    }
    const timer = setTimeout(kill, 5000);
    await exited;
    clearTimeout(timer);
    process.removeListener("exit", kill);
    result.leftover = await endHelpers(profile);
    fs.rmSync(profile, { recursive: true, force: true });
  }
  const result = { open, close, pid: child.pid, leftover: 0 };
  return result;
}

module.exports = { launch };
