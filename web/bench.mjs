// Times the page on one large position against the native command: the file is pasted
// (hb), and the page reports the milliseconds from the paste to the value shown
// (data-total of #status) and those `hb_analyze` took in its worker (data-ms); the native
// time is `hackenbush analyze --json` on the same file, the whole process, run here.
// A measurement, not a test: `node web/bench.mjs FILE [RUNS]`, after web/build.sh and a
// release build (HACKENBUSH=target/release/hackenbush).

import { readFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { browser, hackenbush, paste, serve, settled } from "./harness.mjs";

const [file, runs = "5"] = process.argv.slice(2);
const text = readFileSync(file, "utf8");

/** The median of `times`. */
const median = (times) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];

const native = [];
/** One native run, timed as a whole process; returns the value it found. */
function nativeRun() {
  const start = process.hrtime.bigint();
  const run = spawnSync(hackenbush, ["analyze", "--json", file], { maxBuffer: 1 << 30 });
  native.push(Number(process.hrtime.bigint() - start) / 1e6);
  if (run.status !== 0) throw new Error(run.stderr.toString());
  return JSON.parse(run.stdout).positions[0].value;
}

const [server, base] = await serve();
const [context, close] = await browser();
const page = await context.newPage();
const inPage = [];
const whole = [];
try {
  const loading = performance.now();
  await page.goto(base);
  await settled(page);
  const loaded = performance.now() - loading;
  // A person pastes a while after the page shows its first value: a second by default.
  await page.waitForTimeout(Number(process.env.BENCH_PAUSE_MS ?? 1000));
  // Native and page runs take turns, so that both see the same load of the machine.
  for (let i = 0; i < Number(runs); i++) {
    const want = nativeRun();
    await paste(page, i % 2 ? text : `${text}\n`, 1);
    const got = await page.evaluate(() => document.getElementById("value").textContent);
    if (got !== want) throw new Error(`the page says ${got}, the command line ${want}`);
    const ms = await page.evaluate(() => Number(document.getElementById("status").dataset.ms));
    inPage.push(ms);
    whole.push(await page.evaluate(() => Number(document.getElementById("status").dataset.total)));
  }
  const value = await page.evaluate(() => document.getElementById("value").textContent);
  console.log(`value ${value} (the command line's, every run)`);
  console.log(`page opened to its first value shown: ${loaded.toFixed(0)} ms`);
} finally {
  await close();
  server.close();
}
const [n, w, t] = [median(native), median(inPage), median(whole)];
const all = (times) => times.map((ms) => ms.toFixed(0)).join(", ");
console.log(`native analyze --json (process, median of ${runs}): ${n.toFixed(1)} ms (${all(native)})`);
console.log(`page, pasted to the value shown (median of ${runs}): ${t.toFixed(1)} ms (${all(whole)})`);
console.log(`page, hb_analyze in the worker (median of ${runs}): ${w.toFixed(1)} ms (${all(inPage)})`);
console.log(`ratio, pasted to shown over native: ${(t / n).toFixed(2)}x`);
console.log(`first paste of the page, pasted to shown: ${whole[0].toFixed(1)} ms`);
