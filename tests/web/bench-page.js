// The web page's timings in headless Chromium, for tests/bench-web.sh.
//
//   node tests/web/bench-page.js PAGE JOBS.json
//
// JOBS.json is a list of {label, link} (a #sample=... link) or {label, file, colors,
// maxWidth} (a picture given to the file input, with those options). For each, in one page of a
// fresh browser, the job runs twice (the second run finds the patterns the first searched),
// and one line of JSON is printed per run: {label, run, firstFrame (ms from navigation to the
// player's first frame, for a link opened in a new page), convertMs (from the job's start to
// its script, in the page), converterSeconds (the converter's own time, --stats)}.
"use strict";
const fs = require("fs");
const path = require("path");
const { launch } = require("./browser.js");

const [pagePath, jobsPath] = process.argv.slice(2);
const url = "file://" + path.resolve(pagePath);
const jobs = JSON.parse(fs.readFileSync(jobsPath, "utf8"));
const TIMEOUT = 600000;

async function main() {
  const browser = await launch();
  try {
    for (const job of jobs) {
      for (let run = 1; run <= 2; run++) {
        /* a new page each time: the link's first frame counts from the navigation */
        const page = await browser.open(job.link ? url + job.link : url);
        await page.waitFor(`document.body.dataset.state && document.body.dataset.state !== "loading"`, TIMEOUT);
        if (job.file) {
          await page.evaluate(`(() => {
            document.getElementById("colors").value = ${JSON.stringify(String(job.colors || ""))};
            document.getElementById("max-width").value = ${JSON.stringify(String(job.maxWidth || ""))}; })()`);
          await page.setFiles("#file", [path.resolve(job.file)]);
        }
        const state = await page.waitFor(
          `["playing", "failed"].includes(document.body.dataset.state) && document.body.dataset.state`, TIMEOUT);
        const t = await page.evaluate("window.tetrisTimes");
        const stats = await page.evaluate(`document.getElementById("stats").textContent`);
        const seconds = /converted in ([0-9.]+) s/.exec(stats);
        console.log(JSON.stringify({
          label: job.label, run, state,
          compiled: Math.round(t.compiled),
          firstFrame: job.link ? Math.round(t.firstFrame) : null,
          convertMs: Math.round(t.converted - t.jobStarted),
          converterSeconds: seconds ? Number(seconds[1]) : null,
        }));
        await page.call("Page.close").catch(() => {});
      }
    }
  } finally {
    await browser.close();
  }
}
main().catch((e) => { console.error(e.stack || e); process.exit(1); });
