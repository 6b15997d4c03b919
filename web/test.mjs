// The page in headless Chromium, checked against the command line: every hb example
// loaded through the URL (value, outcome, the JSON byte for byte, one drawn element per
// edge), every other example pasted in its format, and a malformed paste's located
// message, and an over-budget position's refusal. Run by web/test.sh after the build.

import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { extname, join } from "node:path";
import { browser, cli, paste, root, serve, shownAfter } from "./harness.mjs";

const FORMATS = { ".hb": 1, ".in": 2, ".json": 3, ".dot": 4, ".cgs": 5 };
const NAMES = ["", "hb", "christmas", "json", "dot", "cgsuite"];

const [server, base] = await serve();
const [context, close] = await browser();
let failures = 0;

async function check(name, body) {
  try {
    await body();
    console.log(`ok   ${name}`);
  } catch (error) {
    failures++;
    console.log(`FAIL ${name}\n${error.stack ?? error}`);
  }
}

/** What the page shows. */
async function shown(page) {
  return page.evaluate(() => ({
    value: document.getElementById("value").textContent,
    outcome: document.getElementById("outcome").textContent,
    json: document.getElementById("json").textContent,
    error: document.getElementById("error").textContent,
    edges: document.querySelectorAll("#drawing [data-edge]").length,
    numbers: [...document.querySelectorAll("#drawing [data-edge]")].map((e) => e.dataset.edge),
  }));
}

/** What the command line says of `text` in `format`, and the edge numbers of its moves. */
function expected(text, format) {
  const run = cli(["analyze", "--json", "--format", NAMES[format], "-"], text);
  const report = JSON.parse(run.out);
  const position = report.positions[0];
  const numbers = position.graphs.flatMap((g, i) =>
    Array.from({ length: g.edges }, (_, j) => `${i + 1}.${j + 1}`),
  );
  return { ...run, position, numbers };
}

try {
  const page = await context.newPage();
  page.on("pageerror", (error) => console.log(`page error: ${error}`));
  const examples = readdirSync(join(root, "examples")).sort();
  for (const file of examples.filter((f) => extname(f) === ".hb")) {
    await check(`#hb= of examples/${file}`, async () => {
      const text = readFileSync(join(root, "examples", file), "utf8");
      const want = expected(text, 1);
      assert.equal(want.status, 0, want.err);
      // A fresh load each time: the page reads the fragment on load.
      await page.goto("about:blank");
      await page.goto(`${base}#hb=${encodeURIComponent(text)}`);
      await shownAfter(page, 0);
      const got = await shown(page);
      assert.equal(got.value, want.position.value);
      assert.equal(got.outcome, want.position.outcome);
      // The CLI's stdin and the page's text are both named <stdin>.
      assert.equal(got.json, want.out);
      assert.equal(got.edges, want.numbers.length);
      assert.deepEqual(got.numbers, want.numbers);
      assert.equal(got.error, want.err);
    });
  }
  for (const file of examples.filter((f) => extname(f) !== ".hb" && FORMATS[extname(f)])) {
    const format = FORMATS[extname(file)];
    await check(`${NAMES[format]} pasted: examples/${file}`, async () => {
      const text = readFileSync(join(root, "examples", file), "utf8");
      const want = expected(text, format);
      await paste(page, text, format);
      const got = await shown(page);
      assert.equal(got.json, want.out);
      assert.equal(got.value, want.position.value);
      assert.equal(got.outcome, want.position.outcome);
      assert.equal(got.edges, want.numbers.length);
      assert.equal(got.error, want.err);
    });
  }
  await check("a new fragment is read without a reload", async () => {
    const text = "ground: g\ng-a a-b\n";
    const want = expected(text, 1);
    const before = Number(await page.evaluate(() => document.body.dataset.shown));
    await page.evaluate((hash) => {
      location.hash = hash;
    }, `#hb=${encodeURIComponent(text)}`);
    await shownAfter(page, before);
    const got = await shown(page);
    assert.equal(got.value, want.position.value);
    assert.equal(got.json, want.out);
    assert.equal(got.edges, 2);
  });
  await check("a malformed paste shows the located message", async () => {
    const text = "ground: g\ng-a\nred: a-\n";
    const run = cli(["analyze", "--json", "--format", "hb", "-"], text);
    assert.equal(run.status, 2);
    assert.match(run.err, / --> <stdin>:3:/);
    await paste(page, text, 1);
    const got = await shown(page);
    assert.equal(got.error, run.err);
    assert.equal(got.json, run.out);
    assert.equal(got.value, "");
    assert.equal(await page.isVisible("#error"), true);
  });
  await check("an over-budget position shows the refusal", async () => {
    const gen = cli(["gen", "cycle", "--edges", "70", "--colours", "blue,red", "--seed", "3"], "");
    assert.equal(gen.status, 0, gen.err);
    const run = cli(["analyze", "--json", "--format", "hb", "-"], gen.out);
    assert.equal(run.status, 3, run.err);
    assert.match(run.err, /is not valued/);
    await paste(page, gen.out, 1);
    const got = await shown(page);
    assert.equal(got.error, run.err);
    assert.equal(got.json, run.out);
    assert.equal(got.value, "");
  });
} finally {
  await close();
  server.close();
}
if (failures > 0) {
  console.log(`${failures} failed`);
  process.exit(1);
}
console.log("every check passed");
