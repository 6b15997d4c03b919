// Times `hb_analyze` of one or more builds of the module alone, in Node, on one file: each
// module is called in turn, RUNS times, the first three not counted; prints the least,
// the first quartile and the median of each, and the value found. A measurement, not a
// test: `node web/bench-module.mjs FILE RUNS MODULE.wasm...`, after web/build.sh.

import { readFileSync } from "node:fs";

const [file, runs, ...paths] = process.argv.slice(2);
const text = readFileSync(file, "utf8");
const modules = [];
for (const path of paths) {
  modules.push((await WebAssembly.instantiate(readFileSync(path), {})).instance.exports);
}

/** Values `text` with `exports` as the page's worker does; returns [ms, value]. */
function once(exports) {
  const capacity = text.length * 3;
  const ptr = exports.hb_alloc(capacity);
  const bytes = new Uint8Array(exports.memory.buffer, ptr, capacity);
  const { written } = new TextEncoder().encodeInto(text, bytes);
  const start = performance.now();
  exports.hb_analyze(ptr, written, 0, 0, 0);
  const ms = performance.now() - start;
  const out = new Uint8Array(exports.memory.buffer, exports.hb_out_ptr(), exports.hb_out_len());
  exports.hb_free(ptr, capacity);
  return [ms, JSON.parse(new TextDecoder().decode(out)).positions[0]?.value];
}

const times = modules.map(() => []);
const values = modules.map(() => null);
for (let i = 0; i < Number(runs); i++) {
  for (const [k, exports] of modules.entries()) {
    const [ms, value] = once(exports);
    if (i >= 3) times[k].push(ms);
    values[k] = value;
  }
}
const at = (list, q) => [...list].sort((a, b) => a - b)[Math.floor((list.length - 1) * q)];
for (const [k, path] of paths.entries()) {
  const [least, quartile, median] = [0, 0.25, 0.5].map((q) => at(times[k], q).toFixed(1));
  console.log(`${path}: least ${least} ms, first quartile ${quartile} ms, median ${median} ms; value ${values[k]}`);
}
