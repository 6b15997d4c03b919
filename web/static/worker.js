// The analysis, off the main thread: loads hackenbush.wasm and answers each request
// { id, op: "analyze" | "layout", text, format, flags } with
// { id, status, out, err, ms }: what the command line would print on stdout and stderr,
// its exit status, and the milliseconds the call took.

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

function call({ op, text, format, flags }) {
  const bytes = new TextEncoder().encode(text);
  const ptr = exports.hb_alloc(bytes.length);
  new Uint8Array(exports.memory.buffer, ptr, bytes.length).set(bytes);
  const start = performance.now();
  const status =
    op === "layout"
      ? exports.hb_layout(ptr, bytes.length, format)
      : exports.hb_analyze(ptr, bytes.length, format, flags);
  const ms = performance.now() - start;
  const out = read(exports.hb_out_ptr(), exports.hb_out_len());
  const err = read(exports.hb_err_ptr(), exports.hb_err_len());
  exports.hb_free(ptr, bytes.length);
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
