// The analysis, off the main thread: loads hackenbush.wasm and answers each request
// { id, op, text, format, flags, case, to } with { id, status, out, err, ms }: what the
// command line would print on stdout and stderr, its exit status, and the milliseconds
// the call took. op is "analyze" (analyze --json), "layout" (the edges to draw),
// "explain", "convert" (to the format numbered `to`) or "play" (`text` is the request
// of web/src/play.rs).

let exports = null;

async function load() {
  const response = fetch(new URL("hackenbush.wasm", import.meta.url));
  const { instance } = await WebAssembly.instantiateStreaming(response, {});
  return instance.exports;
}

let loading = load();

function read(ptr, len) {
  return new TextDecoder().decode(new Uint8Array(exports.memory.buffer, ptr, len));
}

/** Runs `op` on the bytes at `ptr`, `len` long. */
function run({ op, format = 0, flags = 0, case: n = 0, to = 0 }, ptr, len) {
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

function call(request) {
  // UTF-8 takes at most 3 bytes per UTF-16 unit: encoded straight into the module's
  // memory, without a copy in between.
  const capacity = request.text.length * 3;
  const ptr = exports.hb_alloc(capacity);
  const { written } = new TextEncoder().encodeInto(
    request.text,
    new Uint8Array(exports.memory.buffer, ptr, capacity),
  );
  const start = performance.now();
  const status = run(request, ptr, written);
  const ms = performance.now() - start;
  const out = read(exports.hb_out_ptr(), exports.hb_out_len());
  const err = read(exports.hb_err_ptr(), exports.hb_err_len());
  exports.hb_free(ptr, capacity);
  return { status, out, err, ms };
}

onmessage = async (event) => {
  const request = event.data;
  try {
    exports = await loading;
    postMessage({ id: request.id, ...call(request) });
  } catch (error) {
    // A trap leaves the module's memory as it was: start again from a fresh instance.
    loading = load();
    postMessage({ id: request.id, status: -1, out: "", err: `error: ${error}\n`, ms: 0 });
  }
};
