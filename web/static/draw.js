// Draws a model (model.js) into the SVG: the ground line, every edge a path carrying
// data-edge="G.E" (with a wider transparent path over it, data-hit, to be clicked), every
// vertex a circle carrying data-vertex. Loops and parallel edges are drawn curved.

const SVG = "http://www.w3.org/2000/svg";

/** The smallest area drawn: room to draw in. */
const AREA = { left: 0, top: -360, right: 800, bottom: 40 };

function element(name, attributes) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  return node;
}

/** The path of edge `e` of `model`, the `twin`-th between its ends. */
function geometry(model, e, twin) {
  const { u, v } = model.edges[e];
  const [x1, y1] = [model.vertices[u].x, model.vertices[u].y];
  const [x2, y2] = [model.vertices[v].x, model.vertices[v].y];
  if (u === v) {
    const r = 20 + 8 * twin;
    return `M ${x1} ${y1} c ${-r} ${-2 * r} ${r} ${-2 * r} 0 0`;
  }
  // Parallel edges bend away from the straight line, alternately each side.
  const bend = twin === 0 ? 0 : (twin % 2 ? 1 : -1) * Math.ceil(twin / 2) * 16;
  const [mx, my] = [(x1 + x2) / 2, (y1 + y2) / 2];
  const length = Math.hypot(x2 - x1, y2 - y1) || 1;
  const [cx, cy] = [mx - ((y2 - y1) / length) * bend, my + ((x2 - x1) / length) * bend];
  return `M ${x1} ${y1} Q ${cx} ${cy} ${x2} ${y2}`;
}

/**
 * Draws `model`, its edges numbered `refs`, into `svg`. `classes(i)` gives extra classes
 * of edge i (its state: winning, gone, falling, selected); `shown(v)` whether vertex v
 * is drawn.
 */
export function draw(svg, model, refs, classes = () => "", shown = () => true) {
  svg.replaceChildren();
  let { left, top, right, bottom } = AREA;
  for (const { x, y } of model.vertices) {
    left = Math.min(left, x - 30);
    right = Math.max(right, x + 30);
    top = Math.min(top, y - 60);
    bottom = Math.max(bottom, y + 30);
  }
  svg.setAttribute("viewBox", `${left} ${top} ${right - left} ${bottom - top}`);
  const ground = element("line", { x1: left, y1: 0, x2: right, y2: 0, class: "ground" });
  const edges = element("g", { class: "edges" });
  const hits = element("g", { class: "hits" });
  const vertices = element("g", { class: "vertices" });
  const seen = new Map();
  for (const [i, { u, v, colour }] of model.edges.entries()) {
    const key = u < v ? `${u} ${v}` : `${v} ${u}`;
    const twin = seen.get(key) ?? 0;
    seen.set(key, twin + 1);
    const d = geometry(model, i, twin);
    const state = classes(i);
    const path = element("path", {
      d,
      class: `edge ${colour} ${state}`.trim(),
      "data-edge": refs[i],
    });
    const title = element("title", {});
    title.textContent = `edge ${refs[i]} (${colour})`;
    path.append(title);
    edges.append(path);
    // What is gone cannot be clicked, nor hide what stands beneath it.
    if (!/\b(gone|falling)\b/.test(state)) {
      hits.append(element("path", { d, class: "hit", "data-hit": String(i) }));
    }
  }
  for (const [i, { x, y, ground: grounded }] of model.vertices.entries()) {
    if (!shown(i)) continue;
    const r = grounded ? 6 : 5;
    vertices.append(element("circle", { cx: x, cy: y, r, "data-vertex": String(i), class: grounded ? "grounded" : "" }));
  }
  svg.append(ground, edges, hits, vertices);
}

/** Leaves the drawing empty but for `note`. */
export function drawNothing(svg, note) {
  svg.replaceChildren();
  svg.setAttribute("viewBox", "0 0 800 40");
  const text = element("text", { x: 10, y: 25 });
  text.textContent = note;
  svg.append(text);
}

/** A line from (x1, y1) to (x2, y2) drawn over `svg`, shown while an edge is dragged. */
export function rubberBand(svg, x1, y1, x2, y2) {
  let line = svg.querySelector(".rubber");
  if (!line) {
    line = element("line", { class: "rubber" });
    svg.append(line);
  }
  for (const [key, value] of Object.entries({ x1, y1, x2, y2 })) line.setAttribute(key, value);
}

/** Where the pointer `event` is, in the drawing's coordinates. */
export function pointAt(svg, event) {
  const matrix = svg.getScreenCTM().inverse();
  const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix);
  return [point.x, point.y];
}
