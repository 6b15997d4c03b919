// The page in headless Chromium, checked against the command line: every hb example
// loaded through the URL (value, outcome, the JSON byte for byte, one drawn element per
// edge), every other example pasted in its format, and a malformed paste's located
// message, and an over-budget position's refusal; positions drawn by mouse events; games
// played to the end by clicks; the winning moves, what falls, the explanation and the
// copies out. Run by web/test.sh after the build; screenshots go to
// target/web-screenshots/.

import assert from "node:assert/strict";
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import { extname, join } from "node:path";
import {
  browser,
  clickAt,
  cli,
  dragAt,
  edgeAt,
  paste,
  root,
  serve,
  settled,
  shownAfter,
} from "./harness.mjs";

const FORMATS = { ".hb": 1, ".in": 2, ".json": 3, ".dot": 4, ".cgs": 5 };
const NAMES = ["", "hb", "christmas", "json", "dot", "cgsuite"];

const shots = join(root, "target", "web-screenshots");
mkdirSync(shots, { recursive: true });

const [server, base] = await serve();
const [context, close] = await browser();
let failures = 0;

async function check(name, body) {
  // WEB_ONLY=words runs only the checks whose names hold them (while working on one).
  if (process.env.WEB_ONLY && !name.includes(process.env.WEB_ONLY)) return;
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
    graphs: [...document.querySelectorAll("#graphs li")].map((li) => li.textContent),
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
  await page.setViewportSize({ width: 1100, height: 1000 });
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
      // Every graph's value, when there are several.
      const graphs = want.position.graphs.map((g) => `${g.name}: ${g.value}`);
      assert.deepEqual(got.graphs, graphs.length > 1 ? graphs : []);
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
  await check("misère play: the page's JSON is analyze --json --misere", async () => {
    for (const file of ["bowtie.hb", "red-blue-stalk.hb"]) {
      const text = readFileSync(join(root, "examples", file), "utf8");
      const run = cli(["analyze", "--json", "--misere", "--format", "hb", "-"], text);
      assert.equal(run.status, 0, run.err);
      await page.goto("about:blank");
      await page.goto(`${base}#hb=${encodeURIComponent(text)}`);
      await settled(page);
      const before = Number(await page.evaluate(() => document.body.dataset.shown));
      await page.check("#misere");
      await shownAfter(page, before);
      const got = await shown(page);
      assert.equal(got.json, run.out);
      assert.equal(got.outcome, JSON.parse(run.out).positions[0].outcome);
    }
  });
  await check("a large paste is valued whole, neither drawn nor kept in the text area", async () => {
    const gen = cli(["gen", "tree", "--edges", "12000", "--seed", "5"], "");
    assert.equal(gen.status, 0, gen.err);
    assert.ok(gen.out.length > 100000);
    const want = expected(gen.out, 1);
    await page.goto("about:blank");
    await page.goto(base);
    await settled(page);
    await paste(page, gen.out, 1);
    let got = await shown(page);
    assert.equal(got.json, want.out);
    assert.equal(got.edges, 0);
    assert.match(await page.textContent("#drawing"), /12000 edges: too many to draw/);
    assert.equal(await page.inputValue("#text"), "");
    assert.match(await page.getAttribute("#text", "placeholder"), /characters pasted/);
    // Read again in another format it is still the position (recognised: hb).
    const before = Number(await page.evaluate(() => document.body.dataset.shown));
    await page.selectOption("#format", "0");
    await shownAfter(page, before);
    got = await shown(page);
    assert.equal(got.value, want.position.value);
  });
  await drawing(page);
  await playing(page);
  await seeing(page);
  await exchanging(page);
} finally {
  await close();
  server.close();
}
if (failures > 0) {
  console.log(`${failures} failed`);
  process.exit(1);
}
console.log("every check passed");

/** What the command line says of hb `text`: { value, outcome } of its position. */
function valued(text) {
  const run = cli(["analyze", "--json", "--format", "hb", "-"], text);
  assert.equal(run.status, 0, run.err);
  const { value, outcome } = JSON.parse(run.out).positions[0];
  return { value, outcome };
}

/** A fresh, empty page to draw on. */
async function blank(page) {
  await page.goto("about:blank");
  await page.goto(base);
  await settled(page);
}

/** The page's value, outcome, text and edges drawn, once it has valued what it holds. */
async function drawn(page) {
  await settled(page);
  const got = await shown(page);
  const text = await page.inputValue("#text");
  return { ...got, text };
}

/** The drawing tests: positions drawn, edited and undone by mouse and keys. */
async function drawing(page) {
  await check("a bowtie drawn by mouse is valued as the command line values it", async () => {
    await blank(page);
    await clickAt(page, 200, 0); // the ground vertex g
    await dragAt(page, [200, 0], [200, -60]); // g-a, a new
    await dragAt(page, [200, -60], [150, -120]); // a-b
    await dragAt(page, [150, -120], [200, -170]); // b-c
    await dragAt(page, [200, -170], [200, -60]); // c-a
    await dragAt(page, [200, -60], [260, -120]); // a-d
    await dragAt(page, [260, -120], [290, -60]); // d-e
    await dragAt(page, [290, -60], [200, -60]); // e-a
    const got = await drawn(page);
    assert.equal(got.edges, 7);
    // The page's hb, and the bowtie as written by hand, as the command line values them.
    assert.deepEqual({ value: got.value, outcome: got.outcome }, valued(got.text));
    assert.deepEqual(valued(got.text), valued("ground: g\ng-a a-b-c-a a-d-e-a\n"));
    assert.equal(got.value, "*");
    assert.deepEqual(got.numbers, expected(got.text, 1).numbers);
    // The fragment is the drawing: loading it again draws the same position.
    const hash = await page.evaluate(() => location.hash);
    assert.equal(hash, `#hb=${encodeURIComponent(got.text)}`);
    const places = () =>
      page.evaluate(() =>
        [...document.querySelectorAll("#drawing circle")].map((c) => `${c.getAttribute("cx")},${c.getAttribute("cy")}`).sort(),
      );
    const drawnAt = await places();
    await page.goto("about:blank");
    await page.goto(`${base}${hash}`);
    await settled(page);
    assert.deepEqual(await places(), drawnAt);
    assert.equal((await shown(page)).value, got.value);
    await page.locator("#drawing").screenshot({ path: join(shots, "bowtie.png") });
  });

  const coloured = "ground: g\nblue: g-a a-b\nred: g-c\nblue: b-b\ng-a\n";
  await check("a coloured position with a loop and parallel edges, drawn", async () => {
    await blank(page);
    await clickAt(page, 400, 0);
    await page.keyboard.press("b");
    await dragAt(page, [400, 0], [400, -60]); // blue g-a
    await dragAt(page, [400, -60], [400, -120]); // blue a-b
    await page.keyboard.press("r");
    await dragAt(page, [400, 0], [500, -70]); // red g-c
    await page.keyboard.press("b");
    await dragAt(page, [400, -120], [400, -120], [[440, -170], [360, -170]]); // blue loop b-b
    await page.keyboard.press("g");
    await dragAt(page, [400, 0], [400, -60]); // green g-a, beside the blue one
    const got = await drawn(page);
    assert.equal(got.edges, 5);
    assert.deepEqual({ value: got.value, outcome: got.outcome }, valued(got.text));
    assert.deepEqual(valued(got.text), valued(coloured));
    const colours = await page.evaluate(() =>
      [...document.querySelectorAll("#drawing .edge")].map((e) => e.classList[1]).sort(),
    );
    assert.deepEqual(colours, ["blue", "blue", "blue", "green", "red"]);
    await page.locator("#drawing").screenshot({ path: join(shots, "coloured.png") });
  });

  await check("deleting, undoing and moving, drawn", async () => {
    // Goes on from the coloured position drawn above.
    const before = await drawn(page);
    const red = await page.evaluate(() => document.querySelector("#drawing .edge.red").dataset.edge);
    await page.check("input[name=tool][value=delete]");
    await page.mouse.click(...(await edgeAt(page, red)));
    let got = await drawn(page);
    assert.equal(got.edges, 4);
    assert.deepEqual(valued(got.text), valued(coloured.replace("red: g-c\n", "")));
    assert.deepEqual({ value: got.value, outcome: got.outcome }, valued(got.text));
    // Ctrl+Z brings the red edge back.
    await page.keyboard.press("Control+z");
    got = await drawn(page);
    assert.equal(got.edges, 5);
    assert.equal(got.text, before.text);
    assert.equal(got.value, before.value);
    // Select the loop and press Delete.
    await page.check("input[name=tool][value=draw]");
    const loop = await page.evaluate(() =>
      [...document.querySelectorAll("#drawing .edge")].find((e) => e.getAttribute("d").includes(" c ")).dataset.edge,
    );
    await page.mouse.click(...(await edgeAt(page, loop)));
    await page.keyboard.press("Delete");
    got = await drawn(page);
    assert.equal(got.edges, 4);
    assert.deepEqual(valued(got.text), valued(coloured.replace("blue: b-b\n", "")));
    await page.click("#undo");
    got = await drawn(page);
    assert.equal(got.text, before.text);
    // Shift+drag moves a vertex: the value stays, its place is written.
    await page.keyboard.down("Shift");
    await dragAt(page, [400, -120], [330, -150]);
    await page.keyboard.up("Shift");
    got = await drawn(page);
    assert.equal(got.edges, 5);
    assert.equal(got.value, before.value);
    assert.notEqual(got.text, before.text);
    assert.match(got.text, / 330 -150\b/);
    // A click on the red edge's top puts it on the ground: the red edge joins two ground
    // vertices.
    await clickAt(page, 500, -70);
    got = await drawn(page);
    assert.deepEqual(valued(got.text), valued(coloured.replace("red: g-c", "ground: c\nred: g-c")));
    assert.deepEqual({ value: got.value, outcome: got.outcome }, valued(got.text));
  });
}

/** The edges standing in the game shown, with their colours: [[ref, colour], ...]. */
async function standingEdges(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll("#drawing .edge:not(.gone):not(.falling)")].map((e) => [
      e.dataset.edge,
      e.classList[1],
    ]),
  );
}

/**
 * Plays hb `text` to the end in the page, the player on `side` ("L" or "R"), `first`
 * ("you" or "me") moving first, in misère play or not, always cutting the standing edge
 * `pick` chooses among those the player may cut. Returns { winner, message }.
 */
async function playOut(page, text, { side = "L", first = "you", misere = false, pick = (edges) => edges[0] }) {
  await page.goto("about:blank");
  await page.goto(`${base}#hb=${encodeURIComponent(text)}`);
  await settled(page);
  await page.setChecked("#misere", misere);
  await settled(page);
  await page.check("input[name=mode][value=play]");
  await page.selectOption("#side", side);
  await page.selectOption("#first", first);
  await page.click("#start");
  const mine = side === "L" ? ["blue", "green"] : ["red", "green"];
  for (let moves = 0; moves < 200; moves++) {
    await page.waitForFunction(() => ["you", "over"].includes(document.body.dataset.turn));
    if ((await page.evaluate(() => document.body.dataset.turn)) === "over") break;
    const cuts = await page.evaluate(() => document.body.dataset.cuts);
    const edges = (await standingEdges(page)).filter(([, colour]) => mine.includes(colour));
    assert.ok(edges.length > 0, "the page says it is my move, but I have no edge");
    await page.mouse.click(...(await edgeAt(page, pick(edges)[0])));
    await page.waitForFunction(
      (cuts) => document.body.dataset.cuts !== cuts && document.body.dataset.turn !== "me",
      cuts,
    );
  }
  return page.evaluate(() => ({
    winner: document.body.dataset.winner,
    message: document.getElementById("game").textContent,
  }));
}

/** Who wins `text` with `first` to move: "me" or "you", as the command line says. */
function winnerOf(text, { side = "L", first = "you", misere = false }) {
  const run = cli(["analyze", "--json", "--format", "hb", ...(misere ? ["--misere"] : []), "-"], text);
  assert.equal(run.status, 0, run.err);
  const { outcome } = JSON.parse(run.out).positions[0];
  const starter = first === "you" ? "you" : "me";
  const other = first === "you" ? "me" : "you";
  const leftPlayer = side === "L" ? "you" : "me";
  const rightPlayer = side === "L" ? "me" : "you";
  return { N: starter, P: other, L: leftPlayer, R: rightPlayer }[outcome];
}

/** The play tests: games to the end by clicks; hint and undo. */
async function playing(page) {
  const bowtie = readFileSync(join(root, "examples", "bowtie.hb"), "utf8");
  const stalk = readFileSync(join(root, "examples", "red-blue-stalk.hb"), "utf8");
  const tree = readFileSync(join(root, "examples", "red-blue-tree.hb"), "utf8");
  const twins = "ground: g\ng-a\ng-b-c\ng-d-e\n";
  const games = [
    ["green, the computer first", bowtie, { first: "me" }],
    ["green, a second-player win, you first", twins.replace("g-b-c\n", "g-b\n"), { first: "you" }],
    ["green, you first", bowtie, { first: "you", pick: (e) => e[e.length - 1] }],
    ["coloured, you Right", stalk, { side: "R", first: "you" }],
    ["coloured, you Right, the computer first", tree, { side: "R", first: "me", pick: (e) => e[e.length - 1] }],
    ["coloured, you Left", tree, { side: "L", first: "you" }],
    ["misère, the computer first", bowtie, { first: "me", misere: true }],
    ["misère, you first", twins, { first: "you", misere: true, pick: (e) => e[e.length - 1] }],
  ];
  for (const [name, text, options] of games) {
    await check(`a game played to the end by clicks: ${name}`, async () => {
      const should = winnerOf(text, options);
      const { winner, message } = await playOut(page, text, options);
      assert.ok(winner === "me" || winner === "you", message);
      assert.match(message, winner === "me" ? /I win\.$/ : /You win\.$/);
      // The computer wins every game it can win.
      if (should === "me") assert.equal(winner, "me", message);
      if (name === "coloured, you Right") {
        // The message and the drawing (once the last edges have fallen): from the play bar
        // to the drawing's foot.
        await page.waitForTimeout(800);
        const top = await page.locator("#play-tools").boundingBox();
        const foot = await page.locator("#drawing").boundingBox();
        const clip = { x: foot.x, y: top.y, width: foot.width, height: foot.y + foot.height - top.y };
        await page.screenshot({ path: join(shots, "finished-game.png"), clip });
      }
    });
  }

  await check("hint names a winning cut of the command line's, and undo takes back", async () => {
    const run = cli(["analyze", "--json", "--moves", "--format", "hb", "-"], bowtie);
    const wins = JSON.parse(run.out).positions[0].moves.left.map((m) => `${m.graph}.${m.edge}`);
    await page.goto("about:blank");
    await page.goto(`${base}#hb=${encodeURIComponent(bowtie)}`);
    await settled(page);
    await page.check("input[name=mode][value=play]");
    await page.waitForFunction(() => document.body.dataset.turn === "you");
    const all = (await standingEdges(page)).length;
    await page.click("#hint");
    await page.waitForFunction(() => document.getElementById("game").dataset.hint);
    const hint = await page.evaluate(() => document.getElementById("game").dataset.hint);
    assert.ok(wins.includes(hint), `${hint} is not among ${wins}`);
    await page.mouse.click(...(await edgeAt(page, "1.1")));
    await page.waitForFunction(() => document.body.dataset.cuts === "2" && document.body.dataset.turn !== "me");
    assert.ok((await standingEdges(page)).length < all);
    await page.click("#take-back");
    await page.waitForFunction(() => document.body.dataset.cuts === "0");
    assert.equal((await standingEdges(page)).length, all);
  });
}

/** Loads hb `text` through the URL and waits until it is valued. */
async function load(page, text) {
  await page.goto("about:blank");
  await page.goto(`${base}#hb=${encodeURIComponent(text)}`);
  await settled(page);
}

/** The See tests: winning moves shown, what falls on hover, the explanation. */
async function seeing(page) {
  const examples = ["bowtie.hb", "red-blue-tree.hb", "mixed-cycle.hb", "tour.hb"];
  for (const file of examples) {
    await check(`the winning moves shown are the command line's: examples/${file}`, async () => {
      const text = readFileSync(join(root, "examples", file), "utf8");
      const run = cli(["analyze", "--json", "--moves", "--format", "hb", "-"], text);
      assert.equal(run.status, 0, run.err);
      const { moves } = JSON.parse(run.out).positions[0];
      await load(page, text);
      const before = Number(await page.evaluate(() => document.body.dataset.shown));
      await page.check("#show-moves");
      await shownAfter(page, before);
      for (const side of ["left", "right"]) {
        const want = moves[side].map((m) => `${m.graph}.${m.edge}`).sort();
        const got = await page.evaluate(
          (side) =>
            [...document.querySelectorAll("#drawing [data-wins]")]
              .filter((e) => e.dataset.wins.split(" ").includes(side))
              .map((e) => e.dataset.edge)
              .sort(),
          side,
        );
        assert.deepEqual(got, want, side);
      }
      const winning = await page.evaluate(() => document.querySelectorAll("#drawing .edge.winning").length);
      const union = new Set([...moves.left, ...moves.right].map((m) => `${m.graph}.${m.edge}`));
      assert.equal(winning, union.size);
      await page.uncheck("#show-moves");
    });
  }

  await check("hovering an edge shades what would fall, as play cuts it", async () => {
    const text = readFileSync(join(root, "examples", "bowtie.hb"), "utf8");
    await load(page, text);
    // The stalk of the bowtie (edge 1.1) holds all of it; the foot of the stalk of three
    // (2.1) holds its three edges.
    for (const [edge, falls] of [
      ["1.1", ["1.1", "1.2", "1.3", "1.4", "1.5", "1.6", "1.7"]],
      ["2.1", ["2.1", "2.2", "2.3"]],
      ["1.3", ["1.3"]],
    ]) {
      await page.mouse.move(...(await edgeAt(page, edge)));
      await page.waitForFunction(
        (edge) => document.querySelector(`#drawing [data-edge="${edge}"]`).classList.contains("would-fall"),
        edge,
      );
      const got = await page.evaluate(() =>
        [...document.querySelectorAll("#drawing .edge.would-fall")].map((e) => e.dataset.edge).sort(),
      );
      assert.deepEqual(got, falls);
      await page.mouse.move(5, 5);
      await page.waitForFunction(() => document.querySelectorAll("#drawing .would-fall").length === 0);
    }
  });

  for (const [file, misere] of [
    ["bowtie.hb", false],
    ["red-blue-tree.hb", false],
    ["bowtie.hb", true],
  ]) {
    await check(`the Explain panel is hackenbush explain${misere ? " --misere" : ""}: examples/${file}`, async () => {
      const text = readFileSync(join(root, "examples", file), "utf8");
      const run = cli(["explain", "--format", "hb", ...(misere ? ["--misere"] : []), "-"], text);
      assert.equal(run.status, 0, run.err);
      await load(page, text);
      if (misere) {
        await page.check("#misere");
        await settled(page);
      }
      await page.click("#explain-panel summary");
      await page.waitForFunction(() => document.getElementById("explain").dataset.done);
      assert.equal(await page.evaluate(() => document.getElementById("explain").textContent), run.out);
    });
  }
}

/** The Exchange tests: copies out through the library's writers; a case of several. */
async function exchanging(page) {
  const targets = { 1: "hb", 3: "json", 4: "dot", 5: "cgsuite" };
  for (const file of ["bowtie.hb", "red-blue-tree.hb", "mixed-cycle.hb"]) {
    for (const [to, name] of Object.entries(targets)) {
      await check(`copied out as ${name}: examples/${file}, as hackenbush convert writes it`, async () => {
        const text = readFileSync(join(root, "examples", file), "utf8");
        const run = cli(["convert", "--to", name, "--format", "hb", "-"], text);
        await load(page, text);
        await page.click("#export-panel summary");
        await page.click(`button[data-to="${to}"]`);
        await page.waitForFunction((to) => document.getElementById("export").dataset.to === to, to);
        assert.equal(await page.inputValue("#export"), run.out);
        const error = await page.evaluate(() => document.getElementById("export-error").textContent);
        assert.equal(error, run.err);
        await page.evaluate(() => delete document.getElementById("export").dataset.to);
      });
    }
  }

  await check("copied out as cgsuite with --renumber, as hackenbush convert writes it", async () => {
    const text = readFileSync(join(root, "examples", "red-blue-tree.hb"), "utf8");
    const run = cli(["convert", "--to", "cgsuite", "--renumber", "--format", "hb", "-"], text);
    assert.equal(run.status, 0, run.err);
    await load(page, text);
    await page.click("#export-panel summary");
    await page.check("#renumber");
    await page.click('button[data-to="5"]');
    await page.waitForFunction(() => document.getElementById("export").dataset.to === "5");
    assert.equal(await page.inputValue("#export"), run.out);
    await page.evaluate(() => delete document.getElementById("export").dataset.to);
  });

  await check("a christmas paste of several test cases: each case chosen", async () => {
    const text = readFileSync(join(root, "examples", "shapes.in"), "utf8");
    await page.goto("about:blank");
    await page.goto(base);
    await settled(page);
    await paste(page, text, 2);
    const cases = JSON.parse(cli(["analyze", "--json", "--format", "christmas", "-"], text).out).positions.length;
    assert.ok(cases > 1);
    for (let n = 1; n <= cases; n++) {
      const want = cli(["analyze", "--json", "--case", String(n), "--format", "christmas", "-"], text);
      assert.equal(want.status, 0, want.err);
      await page.fill("#case", String(n));
      await page.dispatchEvent("#case", "change");
      await settled(page);
      const got = await shown(page);
      assert.equal(got.json, want.out);
      const position = JSON.parse(want.out).positions[0];
      assert.equal(got.value, position.value);
      assert.equal(got.edges, position.graphs.reduce((sum, g) => sum + g.edges, 0));
      // And copied out: the case chosen, as hb.
      const hb = cli(["convert", "--to", "hb", "--case", String(n), "--format", "christmas", "-"], text);
      await page.click("#export-panel summary");
      await page.click('button[data-to="1"]');
      await page.waitForFunction(() => document.getElementById("export").dataset.to === "1");
      assert.equal(await page.inputValue("#export"), hb.out);
      await page.evaluate(() => delete document.getElementById("export").dataset.to);
      await page.click("#export-panel summary");
    }
  });
}
