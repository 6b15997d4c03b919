// The analysis, off the main thread: loads the library compiled to WebAssembly and answers
// each request { id, op, text, format, flags, case, to } with { id, status, out, err, ms }:
// what the command line would print on stdout and stderr, its exit status, and the
// milliseconds the call took. op is "analyze" (analyze --json), "layout" (the edges to
// draw), "explain", "convert" (to the format numbered `to`) or "play" (`text` is the
// request of web/src/play.rs).
//
// Two modules of the same crate (web/build.sh): analysis.wasm, built for speed, values
// every paste and drawing (analyze, layout) and is loaded with the page; hackenbush.wasm,
// built for size, holds everything and is loaded on the first explain, convert or play,
// so that the first load stays small (web/README.md, "Measured").

/** The operations of analysis.wasm; every other one is hackenbush.wasm's. */
const FAST = new Set(["analyze", "layout"]);

/** Each module's exports, or the promise of them; hackenbush.wasm only once asked for. */
const modules = { "analysis.wasm": load("analysis.wasm"), "hackenbush.wasm": null };

async function load(name) {
  const response = fetch(new URL(name, import.meta.url));
  const { instance } = await WebAssembly.instantiateStreaming(response, {});
  return instance.exports;
}

/** The exports of the module that answers `op`, loaded if it is not yet. */
function moduleFor(op) {
  const name = FAST.has(op) ? "analysis.wasm" : "hackenbush.wasm";
  modules[name] ??= load(name);
  return [name, modules[name]];
}

function read(exports, ptr, len) {
  return new TextDecoder().decode(new Uint8Array(exports.memory.buffer, ptr, len));
}

/** Runs `op` on the bytes at `ptr`, `len` long. */
function run(exports, { op, format = 0, flags = 0, case: n = 0, to = 0 }, ptr, len) {
  switch (op) {
    case "analyze":
      return exports.hb_analyze(ptr, len, format, flags, n);
    case "layout":
      return exports.hb_layout(ptr, len, format, n);
    case "explain":
      return exports.hb_explain(ptr, len, format, flags, n);
    case "convert":
      return exports.hb_convert(ptr, len, format, to, flags, n);
    case "play":
      return exports.hb_play(ptr, len);
    default:
      throw new Error(`no such operation: ${op}`);
  }
}

function call(exports, request) {
  // UTF-8 takes at most 3 bytes per UTF-16 unit: encoded straight into the module's
  // memory, without a copy in between.
  const capacity = request.text.length * 3;
  const ptr = exports.hb_alloc(capacity);
  const { written } = new TextEncoder().encodeInto(
    request.text,
    new Uint8Array(exports.memory.buffer, ptr, capacity),
  );
  const start = performance.now();
  const status = run(exports, request, ptr, written);
  const ms = performance.now() - start;
  const out = read(exports, exports.hb_out_ptr(), exports.hb_out_len());
  const err = read(exports, exports.hb_err_ptr(), exports.hb_err_len());
  exports.hb_free(ptr, capacity);
  return { status, out, err, ms };
}

/** The edges of the tree that warms analysis.wasm up (see `warm`). */
const WARM_EDGES = 100000;
let warmed = false;

/**
 * Values a tree of WARM_EDGES edges with analysis.wasm once, after the page has its first
 * answer: the browser first runs a module's code as compiled in haste and compiles for
 * speed only the functions that have run a while, in the background, and the module's
 * memory grows on the first large input. Without this, the first large paste of a fresh
 * page took 3 to 7 times the native command (web/README.md, "Measured"). A request that
 * comes meanwhile waits for it (a few tenths of a second at most, once).
 */
async function warm() {
  const exports = await modules["analysis.wasm"];
  const lines = [];
  for (let v = 2; v <= WARM_EDGES + 1; v += 10) {
    const edges = [];
    for (let w = v; w < v + 10 && w <= WARM_EDGES + 1; w++) edges.push(`${(w * 7919) % (w - 1) + 1}-${w}`);
    lines.push(edges.join("  "));
  }
  call(exports, { op: "analyze", text: `graph: warm\nground: 1\n${lines.join("\n")}\n` });
}

onmessage = async (event) => {
  const request = event.data;
  const [name, loading] = moduleFor(request.op);
  try {
    postMessage({ id: request.id, ...call(await loading, request) });
    if (!warmed && name === "analysis.wasm") {
      warmed = true;
      setTimeout(warm, 0);
    }
  } catch (error) {
    // A trap leaves the module's memory as it was: start again from a fresh instance.
    modules[name] = load(name);
    postMessage({ id: request.id, status: -1, out: "", err: `error: ${error}\n`, ms: 0 });
  }
};
