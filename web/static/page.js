// The page: reads a position from the URL fragment (#hb= and the URI-encoded hb text)
// or the text area, has the worker value it as `hackenbush analyze --json` would, and
// draws it. The body's data-shown attribute is the request last shown in full (for tests).

const worker = new Worker(new URL("worker.js", import.meta.url), { type: "module" });
const pending = new Map();
let next = 0;

worker.onmessage = (event) => {
  const reply = event.data;
  pending.get(reply.id)?.(reply);
  pending.delete(reply.id);
};

/** Asks the worker for `op` ("analyze" or "layout") of `text` in the format numbered `format`. */
function ask(op, text, format, flags = 0) {
  const id = next++;
  return new Promise((resolve) => {
    pending.set(id, resolve);
    worker.postMessage({ id, op, text, format, flags });
  });
}

const $ = (id) => document.getElementById(id);

/** The most edges drawn: beyond, the value is shown and the drawing left out. */
const MAX_DRAWN = 20000;

let shown = 0;

/** Values and draws `text`, read in the format numbered `format`. */
async function show(text, format) {
  const request = ++shown;
  const start = performance.now();
  $("status").textContent = "valuing…";
  const analysis = await ask("analyze", text, format);
  if (request !== shown) return;
  $("json").textContent = analysis.out;
  const report = analysis.out ? JSON.parse(analysis.out) : { positions: [] };
  const position = report.positions[0];
  $("value").textContent = position ? position.value : "";
  $("outcome").textContent = position ? position.outcome : "";
  $("error").textContent = analysis.err;
  $("error").hidden = analysis.err === "";
  const cases = report.positions.length;
  const more = cases > 1 ? `; ${cases} positions, the first shown` : "";
  $("status").textContent =
    analysis.status === 0
      ? `valued in ${analysis.ms.toFixed(1)} ms${more}`
      : `exit status ${analysis.status}, as the command line's`;
  $("status").dataset.ms = analysis.ms;
  const edges = position ? position.graphs.reduce((sum, g) => sum + g.edges, 0) : 0;
  if (edges > MAX_DRAWN) {
    drawNothing(`${edges} edges: too many to draw`);
  } else {
    const drawing = position ? await ask("layout", text, format) : null;
    if (request !== shown) return;
    draw(drawing && drawing.status === 0 ? JSON.parse(drawing.out) : { graphs: [] });
  }
  $("status").dataset.total = performance.now() - start;
  document.body.dataset.shown = String(request);
}

const SVG = "http://www.w3.org/2000/svg";

function element(name, attributes) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  return node;
}

/**
 * The layers of a graph: each vertex's distance from the ground (breadth first, no
 * recursion), ground vertices at 0; a part not joined to the ground floats from its
 * first vertex at 1.
 */
function layers(graph) {
  const n = graph.vertices;
  const around = Array.from({ length: n }, () => []);
  for (const [u, v] of graph.edges) {
    around[u].push(v);
    around[v].push(u);
  }
  const level = new Array(n).fill(-1);
  const order = [];
  const visit = (starts, first) => {
    const queue = [];
    for (const s of starts) {
      if (level[s] === -1) {
        level[s] = first;
        queue.push(s);
      }
    }
    for (let i = 0; i < queue.length; i++) {
      const u = queue[i];
      order.push(u);
      for (const v of around[u]) {
        if (level[v] === -1) {
          level[v] = level[u] + 1;
          queue.push(v);
        }
      }
    }
  };
  visit(graph.ground, 0);
  for (let s = 0; s < n; s++) visit([s], 1);
  return { level, order };
}

/** Leaves the drawing empty but for `note`. */
function drawNothing(note) {
  const svg = $("drawing");
  svg.replaceChildren();
  svg.setAttribute("viewBox", "0 0 400 40");
  svg.setAttribute("width", 400);
  const text = element("text", { x: 10, y: 25 });
  text.textContent = note;
  svg.append(text);
}

/** Draws the graphs side by side on one ground line; every edge carries data-edge="G.E". */
function draw(drawing) {
  const svg = $("drawing");
  svg.replaceChildren();
  const step = 50;
  const edgesLayer = element("g", {});
  const verticesLayer = element("g", {});
  let left = step / 2;
  let height = 1;
  for (const [gi, graph] of drawing.graphs.entries()) {
    const { level, order } = layers(graph);
    const width = new Map();
    const x = new Array(graph.vertices);
    for (const v of order) {
      const slot = width.get(level[v]) ?? 0;
      width.set(level[v], slot + 1);
      x[v] = left + slot * step;
    }
    const widest = Math.max(1, ...width.values());
    height = Math.max(height, ...width.keys());
    const at = (v) => [x[v], -level[v] * step];
    const seen = new Map();
    for (const [ei, [u, v, colour]] of graph.edges.entries()) {
      const [x1, y1] = at(u);
      const [x2, y2] = at(v);
      const key = u < v ? `${u} ${v}` : `${v} ${u}`;
      const twin = seen.get(key) ?? 0;
      seen.set(key, twin + 1);
      let d;
      if (u === v) {
        const r = 12 + 6 * twin;
        d = `M ${x1} ${y1} c ${-r} ${-2 * r} ${r} ${-2 * r} 0 0`;
      } else {
        // Parallel edges bend away from the straight line, alternately each side.
        const bend = twin === 0 ? 0 : (twin % 2 ? 1 : -1) * Math.ceil(twin / 2) * 14;
        const [mx, my] = [(x1 + x2) / 2, (y1 + y2) / 2];
        const length = Math.hypot(x2 - x1, y2 - y1) || 1;
        const [cx, cy] = [mx - ((y2 - y1) / length) * bend, my + ((x2 - x1) / length) * bend];
        d = `M ${x1} ${y1} Q ${cx} ${cy} ${x2} ${y2}`;
      }
      const path = element("path", { d, class: `edge ${colour}`, "data-edge": `${gi + 1}.${ei + 1}` });
      const title = element("title", {});
      title.textContent = `graph ${gi + 1}, edge ${ei + 1} (${colour})`;
      path.append(title);
      edgesLayer.append(path);
    }
    for (let v = 0; v < graph.vertices; v++) {
      const [cx, cy] = at(v);
      verticesLayer.append(element("circle", { cx, cy, r: 5 }));
    }
    left += widest * step + step / 2;
  }
  const top = -(height + 1) * step;
  const ground = element("line", { x1: 0, y1: 0, x2: left, y2: 0, class: "ground" });
  svg.setAttribute("viewBox", `0 ${top} ${left} ${-top + 10}`);
  svg.setAttribute("width", left);
  svg.append(ground, edgesLayer, verticesLayer);
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

function onFragment() {
  const text = fromFragment();
  if (text === null) return;
  $("text").value = text;
  $("format").value = "1";
  show(text, 1);
}

$("text").addEventListener("change", () => {
  const text = $("text").value;
  const format = Number($("format").value);
  if (format === 1) history.replaceState(null, "", `#hb=${encodeURIComponent(text)}`);
  show(text, format);
});
$("format").addEventListener("change", () => show($("text").value, Number($("format").value)));
addEventListener("hashchange", onFragment);
onFragment();
