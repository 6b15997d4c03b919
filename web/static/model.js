// The drawn position: vertices { x, y, ground } and edges { u, v, colour }, in the
// drawing's coordinates (the ground line at y = 0, up is negative y). It is written as
// hb text (toHb), which is what the page values and keeps in the URL; the vertices'
// places ride along in a comment line `# at: NAME X Y ...`, which the command line
// ignores. Reading back (fromLayout) takes the graphs as the library read them and the
// places from that comment, or lays the graphs out when the text has none.
//
// No game logic here: which graph an edge belongs to and how edges are numbered follow
// from the hb grammar (grammars/hb.ebnf: edges numbered per graph in the order written),
// and every value, move and fall comes from the library.

/** A new, empty drawing. */
export function empty() {
  return { vertices: [], edges: [] };
}

/** A deep copy of `model`. */
export function copy(model) {
  return {
    vertices: model.vertices.map((v) => ({ ...v })),
    edges: model.edges.map((e) => ({ ...e })),
  };
}

/** The hb name of vertex `i` of `model`. */
function name(model, i) {
  return `${model.vertices[i].ground ? "g" : "v"}${i}`;
}

/**
 * The graphs of `model`: its parts joined by edges (union-find, no recursion), each with
 * its edges in drawing order, ordered by their first edge.
 */
function parts(model) {
  const parent = model.vertices.map((_, i) => i);
  const find = (i) => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]];
      i = parent[i];
    }
    return i;
  };
  for (const { u, v } of model.edges) parent[find(u)] = find(v);
  const byRoot = new Map();
  for (const [i, { u }] of model.edges.entries()) {
    const root = find(u);
    if (!byRoot.has(root)) byRoot.set(root, []);
    byRoot.get(root).push(i);
  }
  return [...byRoot.values()];
}

/**
 * `model` as hb text, and the number "G.E" of each of its edges (as `analyze --moves`
 * numbers them: graphs in the order written, edges from 1 within each).
 */
export function toHb(model) {
  const lines = [];
  const at = model.vertices.map((v, i) => `${name(model, i)} ${Math.round(v.x)} ${Math.round(v.y)}`);
  lines.push("# drawn on the hackenbush page; the vertices' places:");
  for (let i = 0; i < at.length; i += 8) lines.push(`# at: ${at.slice(i, i + 8).join(" ")}`);
  const refs = new Array(model.edges.length);
  for (const [g, edges] of parts(model).entries()) {
    lines.push("", "graph:");
    const ground = new Set();
    for (const e of edges) {
      for (const end of [model.edges[e].u, model.edges[e].v]) {
        if (model.vertices[end].ground) ground.add(end);
      }
    }
    if (ground.size > 0) lines.push(`ground: ${[...ground].map((v) => name(model, v)).join(" ")}`);
    let run = null;
    for (const [j, e] of edges.entries()) {
      const { u, v, colour } = model.edges[e];
      refs[e] = `${g + 1}.${j + 1}`;
      const chain = `${name(model, u)}-${name(model, v)}`;
      if (run && run.colour === colour) {
        run.chains.push(chain);
      } else {
        if (run) lines.push(line(run));
        run = { colour, chains: [chain] };
      }
    }
    if (run) lines.push(line(run));
  }
  return { text: `${lines.join("\n")}\n`, refs };
}

/** A line of edges of one colour; green is written without its colour. */
function line({ colour, chains }) {
  return colour === "green" ? chains.join("  ") : `${colour}: ${chains.join("  ")}`;
}

/** The places written in `text`'s `# at:` comment lines: name -> [x, y]. */
function places(text) {
  const at = new Map();
  for (const match of text.matchAll(/^# at: (.*)$/gm)) {
    const words = match[1].trim().split(/\s+/);
    for (let i = 0; i + 2 < words.length; i += 3) {
      const [x, y] = [Number(words[i + 1]), Number(words[i + 2])];
      if (Number.isFinite(x) && Number.isFinite(y)) at.set(words[i], [x, y]);
    }
  }
  return at;
}

/** Space between vertices laid out. */
const STEP = 50;

/**
 * The drawing of `layout` (what hb_layout gives: per graph its vertex count and names,
 * ground vertices and edges [u, v, colour]) read from `text`: with the places of its
 * `# at:` comment when every vertex has one, else laid out in layers above the ground.
 * Returns { model, refs }.
 */
export function fromLayout(layout, text) {
  const model = empty();
  const refs = [];
  const at = places(text);
  const named = layout.graphs.every((g) => g.names.every((n) => at.has(n)));
  let left = STEP / 2;
  const used = new Set();
  for (const [gi, graph] of layout.graphs.entries()) {
    const base = model.vertices.length;
    const ground = new Set(graph.ground);
    let placed;
    if (named) {
      placed = graph.names.map((n) => at.get(n));
    } else {
      const { xy, width } = layers(graph, left);
      placed = xy;
      left += width + STEP / 2;
    }
    for (let v = 0; v < graph.vertices; v++) {
      used.add(graph.names[v]);
      const [x, y] = placed[v];
      model.vertices.push({ x, y, ground: ground.has(v) });
    }
    for (const [ei, [u, v, colour]] of graph.edges.entries()) {
      model.edges.push({ u: base + u, v: base + v, colour });
      refs.push(`${gi + 1}.${ei + 1}`);
    }
  }
  // Vertices without edges live in the comment only; `g` names the ground ones.
  if (named) {
    for (const [n, [x, y]] of at) {
      if (!used.has(n)) model.vertices.push({ x, y, ground: n.startsWith("g") });
    }
  }
  return { model, refs };
}

/**
 * Places for the vertices of `graph` from `left`: each vertex at its distance from the
 * ground (breadth first, no recursion), ground vertices on it; a part not joined to the
 * ground floats from its first vertex at 1. Returns { xy, width }.
 */
function layers(graph, left) {
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
  const width = new Map();
  const xy = new Array(n);
  for (const v of order) {
    const slot = width.get(level[v]) ?? 0;
    width.set(level[v], slot + 1);
    xy[v] = [left + slot * STEP, -level[v] * STEP];
  }
  return { xy, width: Math.max(1, ...width.values()) * STEP };
}
