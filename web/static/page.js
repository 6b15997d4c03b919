// The page: a position read from the URL fragment (#hb= and the URI-encoded hb text), the
// text area (any format the command line reads) or drawn by mouse; valued by the worker as
// `hackenbush analyze --json` would, explained, written out, and played against the
// opponent of `hackenbush play`. Every answer comes from the library (worker.js); the page
// draws and keeps the game's moves. Text from the input is shown by textContent only.
//
// For tests, the body carries data-shown (the last request shown in full), data-turn
// ("you", "me" or "over" in a game) and the elements their ids.

import { copy, empty, fromLayout, toHb } from "./model.js";
import { draw, drawNothing, pointAt, rubberBand } from "./draw.js";

const worker = new Worker(new URL("worker.js", import.meta.url), { type: "module" });
const pending = new Map();
let next = 0;

worker.onmessage = (event) => {
  const reply = event.data;
  pending.get(reply.id)?.(reply);
  pending.delete(reply.id);
};

/** Asks the worker for `op` of `text` (see worker.js). */
function ask(op, text, options = {}) {
  const id = next++;
  return new Promise((resolve) => {
    pending.set(id, resolve);
    worker.postMessage({ id, op, text, ...options });
  });
}

const $ = (id) => document.getElementById(id);
const svg = $("drawing");

/** The most edges drawn: beyond, the value is shown and the drawing left out. */
const MAX_DRAWN = 2000;
/** The longest text kept in the URL fragment: a longer one would make every paste slow. */
const MAX_FRAGMENT = 100000;
/** How near the ground line (in drawing units) a click makes a ground vertex. */
const SNAP = 16;
/** How near a vertex a click or a drop is on it. */
const NEAR = 12;

/** What the page holds: the text, how to read it, the drawing of it, and the game. */
const state = {
  text: "",
  format: 1,
  case: 0,
  model: empty(),
  refs: [],
  drawn: false,
  undo: [],
  selected: null,
  wins: { left: new Set(), right: new Set() },
  falls: new Set(),
  game: null,
  version: 0,
  large: false,
};

/** The options of a request about the position held. */
function reading(flags = 0) {
  return { format: state.format, case: state.case, flags };
}

const misere = () => $("misere").checked;
const mode = () => document.querySelector("input[name=mode]:checked").value;
const tool = () => document.querySelector("input[name=tool]:checked").value;
const colour = () => document.querySelector("input[name=colour]:checked").value;

let shown = 0;

/** Values the position held; draws it anew from its text when `relayout`. */
async function show(relayout) {
  const request = ++shown;
  const start = performance.now();
  const { text, version } = state;
  $("status").textContent = "valuing…";
  const flags = misere() ? 2 : 0;
  const analysis = await ask("analyze", text, reading(flags));
  if (request !== shown) return;
  $("json").textContent = analysis.out;
  const report = analysis.out ? JSON.parse(analysis.out) : { positions: [] };
  const position = report.positions[0];
  $("value").textContent = position ? position.value : "";
  $("outcome").textContent = position ? position.outcome : "";
  $("who").textContent = position ? who(position.outcome) : "";
  listGraphs(position ? position.graphs : []);
  $("error").textContent = analysis.err;
  $("error").hidden = analysis.err === "";
  const cases = report.positions.length;
  const more = cases > 1 ? `; ${cases} positions, the first shown (choose another by its case)` : "";
  $("status").textContent =
    analysis.status === 0
      ? `valued in ${analysis.ms.toFixed(1)} ms${more}`
      : `exit status ${analysis.status}, as the command line's`;
  $("status").dataset.ms = analysis.ms;
  const edges = position ? position.graphs.reduce((sum, g) => sum + g.edges, 0) : 0;
  if (relayout) {
    if (edges > MAX_DRAWN) {
      state.drawn = false;
      drawNothing(svg, `${edges} edges: too many to draw (the value above is the whole position's)`);
    } else if (position) {
      const drawing = await ask("layout", text, reading());
      if (request !== shown) return;
      if (drawing.status === 0) {
        ({ model: state.model, refs: state.refs } = fromLayout(JSON.parse(drawing.out), text));
        state.drawn = true;
      }
    } else if (analysis.status !== 0 && state.text.trim() !== "") {
      state.drawn = false;
      drawNothing(svg, "nothing to draw: the text is not read");
    }
  }
  await winning(request);
  if (request !== shown) return;
  render();
  refreshExplain();
  $("status").dataset.total = performance.now() - start;
  document.body.dataset.valued = String(version);
  document.body.dataset.shown = String(request);
}

/** The most graphs listed with their values. */
const MAX_LISTED = 30;

/** Lists each graph's name and value, as `analyze` gives them. */
function listGraphs(graphs) {
  const items = graphs.slice(0, MAX_LISTED).map((graph, i) => {
    const item = document.createElement("li");
    item.textContent = `${graph.name ?? `graph ${i + 1}`}: ${graph.value}`;
    return item;
  });
  if (graphs.length > MAX_LISTED) {
    const more = document.createElement("li");
    more.textContent = `… and ${graphs.length - MAX_LISTED} more graphs`;
    items.push(more);
  }
  // One graph is the position itself: its value is shown above.
  $("graphs").replaceChildren(...(graphs.length > 1 ? items : []));
}

/** Says who wins, from an outcome class. */
function who(outcome) {
  const said = { L: "Left (blue) wins", R: "Right (red) wins", N: "the first player wins", P: "the second player wins" };
  return said[outcome] ? `(${said[outcome]}${misere() ? ", misère play" : ""})` : "";
}

/** The winning moves of each side, when shown: from `analyze --json --moves`. */
async function winning(request) {
  state.wins = { left: new Set(), right: new Set() };
  if (!$("show-moves").checked || !state.drawn) return;
  const flags = 1 | (misere() ? 2 : 0);
  const analysis = await ask("analyze", state.text, reading(flags));
  if (request !== shown || analysis.status !== 0) return;
  const moves = JSON.parse(analysis.out).positions[0]?.moves;
  if (!moves) return;
  for (const side of ["left", "right"]) {
    state.wins[side] = new Set(moves[side].map((m) => `${m.graph}.${m.edge}`));
  }
}

/** Draws the position held, each edge in its state. */
function render() {
  if (!state.drawn) return;
  const game = state.game;
  // In a game, the vertices still holding a standing edge (and the ground's).
  const touched = new Set();
  if (game) {
    for (const [i, { u, v }] of state.model.edges.entries()) {
      if (game.standing.has(state.refs[i])) touched.add(u).add(v);
    }
  }
  draw(svg, state.model, state.refs, (i) => {
    const ref = state.refs[i];
    const classes = [];
    if (game) {
      if (!game.standing.has(ref)) classes.push(game.falling.has(ref) ? "falling" : "gone");
      if (game.hint === ref) classes.push("hinted");
    } else {
      if (state.wins.left.has(ref) || state.wins.right.has(ref)) classes.push("winning");
      if (i === state.selected) classes.push("selected");
    }
    if (state.falls.has(ref)) classes.push("would-fall");
    return classes.join(" ");
  }, (v) => !game || state.model.vertices[v].ground || touched.has(v));
  for (const path of svg.querySelectorAll("[data-edge]")) {
    const ref = path.dataset.edge;
    const sides = ["left", "right"].filter((side) => state.wins[side].has(ref));
    if (sides.length > 0 && !game) path.dataset.wins = sides.join(" ");
  }
}

// ---------------------------------------------------------------- the text and the URL

/** Notes that the position held changes: the page is settled when it is valued. */
function changing() {
  state.version++;
  document.body.dataset.version = String(state.version);
}

/** Holds `text` in the format numbered `format`; writes the fragment for hb. */
function hold(text, format) {
  changing();
  state.text = text;
  state.format = format;
  state.large = false;
  state.selected = null;
  state.falls = new Set();
  if (format === 1) {
    const hash = text.length <= MAX_FRAGMENT ? `#hb=${encodeURIComponent(text)}` : "#";
    history.replaceState(null, "", hash);
  }
}

/** The hb text in the fragment `#hb=...`, if it holds one. */
function fromFragment() {
  const hash = location.hash;
  if (!hash.startsWith("#hb=")) return null;
  try {
    return decodeURIComponent(hash.slice(4));
  } catch {
    return null;
  }
}

function onFragment(first = false) {
  const text = fromFragment();
  if (text === null || (text === state.text && !first)) return;
  $("text").value = text;
  $("format").value = "1";
  stopGame();
  hold(text, 1);
  state.undo = [];
  show(true);
}

function onPaste() {
  // The text area is empty when it held a large paste: that text is still the position.
  const text = state.large && $("text").value === "" ? state.text : $("text").value;
  const format = Number($("format").value);
  stopGame();
  state.undo.push({ text: state.text, format: state.format });
  hold(text, format);
  // A large paste is held, not shown: laying out megabytes of text in the text area
  // would keep the page busy for seconds (measured in web/README.md).
  state.large = text.length > MAX_FRAGMENT;
  if (state.large) {
    $("text").value = "";
    $("text").placeholder = `${text.length} characters pasted: valued whole, not shown here (copy it out below)`;
  }
  show(true);
}

$("text").addEventListener("change", onPaste);
$("format").addEventListener("change", onPaste);
$("case").addEventListener("change", () => {
  state.case = Math.max(0, Number($("case").value) || 0);
  stopGame();
  changing();
  show(true);
});
addEventListener("hashchange", () => onFragment());

// ---------------------------------------------------------------- drawing by mouse

let timer = null;

/** The drawing changed: it is the position now, written as hb; valued shortly. */
function changed(before) {
  state.undo.push(before);
  const { text, refs } = toHb(state.model);
  state.refs = refs;
  state.drawn = true;
  hold(text, 1);
  $("text").value = text;
  $("format").value = "1";
  state.wins = { left: new Set(), right: new Set() };
  render();
  clearTimeout(timer);
  timer = setTimeout(() => show(false), 120);
}

/** The vertex near `[x, y]`, if any. */
function vertexAt([x, y]) {
  let best = null;
  let least = NEAR;
  for (const [i, v] of state.model.vertices.entries()) {
    const d = Math.hypot(v.x - x, v.y - y);
    if (d <= least) [best, least] = [i, d];
  }
  return best;
}

/** A new vertex at `[x, y]`, on the ground when near it; returns its index. */
function addVertex([x, y]) {
  // Whole units: the places written into the hb text are the places drawn.
  [x, y] = [Math.round(x), Math.round(y)];
  const ground = Math.abs(y) <= SNAP;
  state.model.vertices.push({ x, y: ground ? 0 : Math.min(y, -SNAP - 1), ground });
  return state.model.vertices.length - 1;
}

function deleteEdge(i) {
  state.model.edges.splice(i, 1);
  state.selected = null;
}

function deleteVertex(i) {
  const model = state.model;
  model.edges = model.edges
    .filter((e) => e.u !== i && e.v !== i)
    .map((e) => ({ ...e, u: e.u > i ? e.u - 1 : e.u, v: e.v > i ? e.v - 1 : e.v }));
  model.vertices.splice(i, 1);
  state.selected = null;
}

/** The state to go back to by undo. */
function snapshot() {
  return { text: state.text, format: state.format };
}

let drag = null;

svg.addEventListener("pointerdown", (event) => {
  if (mode() !== "draw" || !state.drawn || event.button !== 0) return;
  const point = pointAt(svg, event);
  const from = vertexAt(point);
  const hit = event.target.dataset?.hit;
  drag = {
    from,
    start: point,
    moved: false,
    moving: tool() === "move" || event.shiftKey,
    edge: hit === undefined ? null : Number(hit),
    before: snapshot(),
    model: copy(state.model),
  };
  event.preventDefault();
});

svg.addEventListener("pointermove", (event) => {
  const point = pointAt(svg, event);
  if (!drag) return;
  if (Math.hypot(point[0] - drag.start[0], point[1] - drag.start[1]) > 4) drag.moved = true;
  if (!drag.moved || drag.from === null) return;
  if (drag.moving) {
    const vertex = state.model.vertices[drag.from];
    vertex.x = Math.round(point[0]);
    vertex.y = vertex.ground ? 0 : Math.min(Math.round(point[1]), -SNAP - 1);
    render();
  } else if (tool() === "draw") {
    const { x, y } = state.model.vertices[drag.from];
    rubberBand(svg, x, y, point[0], point[1]);
  }
});

svg.addEventListener("pointerup", (event) => {
  if (!drag) return;
  const point = pointAt(svg, event);
  const { from, moved, moving, edge, before } = drag;
  drag = null;
  svg.querySelector(".rubber")?.remove();
  if (moving) {
    if (moved && from !== null) changed(before);
    return;
  }
  if (tool() === "delete") {
    if (moved) return;
    if (from !== null) deleteVertex(from);
    else if (edge !== null) deleteEdge(edge);
    else return;
    changed(before);
    return;
  }
  if (tool() !== "draw") return;
  if (!moved) {
    if (from !== null) {
      // A click on a vertex puts it on the ground, or lifts it off.
      const vertex = state.model.vertices[from];
      vertex.ground = !vertex.ground;
      vertex.y = vertex.ground ? 0 : -2 * SNAP;
      changed(before);
      return;
    }
    if (edge !== null) {
      state.selected = state.selected === edge ? null : edge;
      render();
      return;
    }
    addVertex(point);
    changed(before);
    return;
  }
  if (from === null) return;
  const to = vertexAt(point) ?? addVertex(point);
  state.model.edges.push({ u: from, v: to, colour: colour() });
  changed(before);
});

function undo() {
  if (state.game) return takeBack();
  const before = state.undo.pop();
  if (!before) return;
  stopGame();
  hold(before.text, before.format);
  $("text").value = before.text;
  $("format").value = String(before.format);
  show(true);
}

$("undo").addEventListener("click", undo);
$("clear").addEventListener("click", () => {
  const before = snapshot();
  state.model = empty();
  changed(before);
});

addEventListener("keydown", (event) => {
  const typing = event.target instanceof HTMLTextAreaElement || event.target instanceof HTMLInputElement && event.target.type !== "radio" && event.target.type !== "checkbox";
  if (typing) return;
  if ((event.ctrlKey || event.metaKey) && event.key === "z") {
    event.preventDefault();
    undo();
    return;
  }
  const colours = { g: "green", b: "blue", r: "red" };
  if (colours[event.key] && !event.ctrlKey && !event.metaKey) {
    document.querySelector(`input[name=colour][value=${colours[event.key]}]`).checked = true;
  } else if ((event.key === "Delete" || event.key === "Backspace") && state.selected !== null && !state.game) {
    const before = snapshot();
    deleteEdge(state.selected);
    changed(before);
  }
});

$("show-moves").addEventListener("change", () => show(false));
$("misere").addEventListener("change", () => {
  if (state.game) startGame();
  show(false);
});

// ---------------------------------------------------------------- what falls, on hover

let hovered = null;

svg.addEventListener("pointerover", async (event) => {
  const hit = event.target.dataset?.hit;
  if (hit === undefined || drag) return;
  const ref = state.refs[Number(hit)];
  hovered = ref;
  const game = state.game;
  if (game && !game.standing.has(ref)) return;
  const answer = await ask("play", request({ ask: "falls", edge: ref }));
  if (hovered !== ref || answer.status !== 0) return;
  state.falls = new Set(JSON.parse(answer.out).falls);
  shade();
});

/** Shades what would fall (state.falls) without drawing anew: a click may be under way. */
function shade() {
  for (const path of svg.querySelectorAll("[data-edge]")) {
    path.classList.toggle("would-fall", state.falls.has(path.dataset.edge));
  }
}

svg.addEventListener("pointerout", (event) => {
  if (event.target.dataset?.hit === undefined) return;
  hovered = null;
  if (state.falls.size === 0) return;
  state.falls = new Set();
  shade();
});

// ---------------------------------------------------------------- the explanation

let explained = 0;

/** Fills the Explain panel when it is open: what `hackenbush explain` prints. */
async function refreshExplain() {
  const request = ++explained;
  $("explain").textContent = "";
  if (!$("explain-panel").open) return;
  $("explain").textContent = "explaining…";
  const flags = misere() ? 2 : 0;
  const answer = await ask("explain", state.text, reading(flags));
  if (request !== explained) return;
  $("explain").textContent = answer.out + answer.err;
  $("explain").dataset.done = String(request);
}

$("explain-panel").addEventListener("toggle", refreshExplain);

// ---------------------------------------------------------------- copying out

for (const button of document.querySelectorAll("button[data-to]")) {
  button.addEventListener("click", async () => {
    const to = Number(button.dataset.to);
    const flags = $("renumber").checked ? 4 : 0;
    const answer = await ask("convert", state.text, { ...reading(flags), to });
    $("export").value = answer.out;
    $("export").dataset.to = String(to);
    $("export-error").textContent = answer.err;
    $("export-error").hidden = answer.err === "";
  });
}

$("copy").addEventListener("click", () => {
  navigator.clipboard?.writeText($("export").value).catch(() => {
    $("export").select();
  });
});

// ---------------------------------------------------------------- play

const sideName = { L: "Left (blue)", R: "Right (red)" };

/** A request to the game (web/src/play.rs) on the position held, after the cuts made. */
function request(question) {
  const game = state.game;
  return JSON.stringify({
    text: state.text,
    format: state.format,
    case: state.case || 1,
    misere: misere(),
    cuts: game ? game.cuts : [],
    ...question,
  });
}

/** Asks the game `question`; its answer, or null when the library refused (shown). */
async function askGame(question) {
  const answer = await ask("play", request(question));
  if (answer.status !== 0) {
    $("game").textContent = answer.err.replace(/^error: /, "").trim();
    return null;
  }
  return JSON.parse(answer.out);
}

function setTurn(turn, message) {
  document.body.dataset.turn = turn;
  if (state.game) document.body.dataset.cuts = String(state.game.cuts.length);
  if (message !== undefined) $("game").textContent = message;
}

/** Takes in the game's state `answer`: what stands, what just fell. */
function standing(answer) {
  const game = state.game;
  const before = game.standing;
  game.standing = new Set(answer.standing);
  game.falling = new Set([...before].filter((ref) => !game.standing.has(ref)));
  game.left = answer.left;
  game.right = answer.right;
  game.hint = null;
  state.falls = new Set();
  render();
}

/** Whether the game is over with `side` to move; then says who won. */
function over(side) {
  const game = state.game;
  const turn = side === "L" ? game.left : game.right;
  if (turn === "can") return false;
  const mover = side === game.you ? "You have" : "I have";
  // Normal play: who cannot move loses; misère play: wins.
  const youWin = (turn === "won") === (side === game.you);
  const rule = turn === "won" ? "misère play: who cannot cut wins" : "who cannot cut loses";
  setTurn("over", `${mover} no edge to cut (${rule}). ${youWin ? "You win." : "I win."}`);
  game.winner = youWin ? "you" : "me";
  document.body.dataset.winner = game.winner;
  return true;
}

async function startGame() {
  if (!state.drawn) {
    $("game").textContent = "Draw or load a position to play.";
    return;
  }
  const you = $("side").value;
  const first = $("first").value;
  const game = {
    you,
    me: you === "L" ? "R" : "L",
    cuts: [],
    standing: new Set(state.refs),
    falling: new Set(),
    hint: null,
    left: "can",
    right: "can",
    winner: null,
  };
  state.game = game;
  delete document.body.dataset.winner;
  delete $("game").dataset.hint;
  setTurn("me", "");
  const answer = await askGame({ ask: "state" });
  if (!answer || state.game !== game) return;
  standing(answer);
  const rules = misere() ? "misère: whoever cannot cut wins" : "whoever cannot cut loses";
  $("game").textContent = `You are ${sideName[you]} (${rules}).`;
  if (first === "me") await reply();
  else if (!over(you)) setTurn("you", `${$("game").textContent} Your move: click an edge to cut.`);
}

function stopGame() {
  if (!state.game) return;
  state.game = null;
  delete document.body.dataset.turn;
  delete document.body.dataset.winner;
  $("game").textContent = "";
  render();
}

/** The computer's move, then the player's turn (or the end). */
async function reply() {
  const game = state.game;
  if (over(game.me)) return;
  setTurn("me", "Thinking…");
  const answer = await askGame({ ask: "choose", side: game.me });
  if (!answer || state.game !== game) return;
  const { edge } = answer.choice;
  game.cuts.push([game.me, edge]);
  const after = await askGame({ ask: "state" });
  if (!after || state.game !== game) return;
  standing(after);
  const note = answer.refused ? ` (beyond the analysis: ${answer.refused}; I cut what keeps the most play)` : "";
  if (!over(game.you)) {
    setTurn("you", `I cut ${edge}${note}. Your move.`);
  }
}

/** The player cuts edge `ref`. */
async function cut(ref) {
  const game = state.game;
  if (document.body.dataset.turn !== "you" || !game.standing.has(ref)) return;
  game.cuts.push([game.you, ref]);
  setTurn("me");
  const answer = await askGame({ ask: "state" });
  if (!answer) {
    game.cuts.pop();
    setTurn("you");
    return;
  }
  standing(answer);
  await reply();
}

async function hint() {
  const game = state.game;
  if (!game || document.body.dataset.turn !== "you") return;
  const answer = await askGame({ ask: "choose", side: game.you });
  if (!answer || state.game !== game) return;
  const choice = answer.choice;
  game.hint = choice && choice.winning ? choice.edge : null;
  $("game").textContent = !choice
    ? "Hint: you have no edge to cut."
    : choice.winning
      ? `Hint: cut ${choice.edge}; it wins.`
      : `Hint: no cut wins against perfect play; ${choice.edge} keeps the most play.`;
  $("game").dataset.hint = choice && choice.winning ? choice.edge : "none";
  render();
}

/** Takes back the player's last cut and the reply. */
async function takeBack() {
  const game = state.game;
  if (!game || document.body.dataset.turn === "me") return;
  const last = game.cuts.map(([side]) => side).lastIndexOf(game.you);
  if (last < 0) return;
  game.cuts.length = last;
  delete document.body.dataset.winner;
  const answer = await askGame({ ask: "state" });
  if (!answer) return;
  standing(answer);
  game.falling = new Set();
  render();
  setTurn("you", "Taken back. Your move.");
}

$("start").addEventListener("click", startGame);
$("hint").addEventListener("click", hint);
$("take-back").addEventListener("click", takeBack);

svg.addEventListener("click", (event) => {
  if (!state.game) return;
  const hit = event.target.dataset?.hit;
  if (hit !== undefined) cut(state.refs[Number(hit)]);
});

for (const input of document.querySelectorAll("input[name=mode]")) {
  input.addEventListener("change", () => {
    const playing = mode() === "play";
    $("draw-tools").hidden = playing;
    $("play-tools").hidden = !playing;
    if (playing) startGame();
    else stopGame();
  });
}

onFragment(true);
if (fromFragment() === null) {
  changing();
  show(true);
}
