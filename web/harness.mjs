// What the page's tests and measurements share: web/dist/ served by a tiny static server,
// Debian's Chromium driven by playwright-core (no browser download), the command line.

import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

export const web = fileURLToPath(new URL(".", import.meta.url));
export const root = join(web, "..");
const dist = join(web, "dist");

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
};

/** Serves web/dist/ on a free port of 127.0.0.1; resolves to [server, base URL]. */
export function serve() {
  const server = createServer((request, response) => {
    const path = new URL(request.url, "http://localhost").pathname;
    const file = normalize(join(dist, path === "/" ? "index.html" : path));
    const type = TYPES[extname(file)];
    if (!file.startsWith(dist) || !type) {
      response.writeHead(404).end();
      return;
    }
    try {
      const body = readFileSync(file);
      response.writeHead(200, { "content-type": type }).end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      resolve([server, `http://127.0.0.1:${server.address().port}/`]);
    });
  });
}

/** Debian's Chromium, headless, with a fresh profile; resolves to [context, close]. */
export async function browser() {
  const profile = mkdtempSync(join(tmpdir(), "hackenbush-web-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  const close = async () => {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  };
  return [context, close];
}

/** The command line: $HACKENBUSH, else the debug build at the root. */
export const hackenbush = process.env.HACKENBUSH ?? join(root, "target", "debug", "hackenbush");

/** Runs the command line with `args` and `input` on stdin: { status, out, err }. */
export function cli(args, input) {
  const run = spawnSync(hackenbush, args, { input, maxBuffer: 1 << 30, encoding: "utf8" });
  if (run.error) throw run.error;
  return { status: run.status, out: run.stdout, err: run.stderr };
}

/** Waits until the page has shown its request after `before` (body[data-shown]). */
export async function shownAfter(page, before) {
  await page.waitForFunction(
    (before) => Number(document.body.dataset.shown ?? 0) > before,
    before,
    { timeout: 120000 },
  );
  return Number(await page.evaluate(() => document.body.dataset.shown));
}

/** Pastes `text` into the text area in the format numbered `format`, and waits for it. */
export async function paste(page, text, format) {
  const before = Number((await page.evaluate(() => document.body.dataset.shown)) ?? 0);
  // As a paste does: the whole text at once, then the change event (typing a large
  // position key by key would take minutes).
  await page.evaluate(
    ([text, format]) => {
      document.getElementById("format").value = String(format);
      const area = document.getElementById("text");
      area.value = text;
      area.dispatchEvent(new Event("change"));
    },
    [text, format],
  );
  await shownAfter(page, before);
}

/** Waits until the page has valued the position it holds (after a drawing's debounce). */
export async function settled(page) {
  await page.waitForFunction(
    () => {
      const { version, valued } = document.body.dataset;
      return version !== undefined && version === valued;
    },
    null,
    { timeout: 30000 },
  );
}

/** Where the point (x, y) of the drawing is on the screen. */
export async function screenAt(page, x, y) {
  return page.evaluate(
    ([x, y]) => {
      const svg = document.getElementById("drawing");
      svg.scrollIntoView({ block: "nearest" });
      const point = new DOMPoint(x, y).matrixTransform(svg.getScreenCTM());
      return [point.x, point.y];
    },
    [x, y],
  );
}

/** Where the middle of edge `ref` ("G.E") is drawn, on the screen. */
export async function edgeAt(page, ref) {
  return page.evaluate((ref) => {
    const path = document.querySelector(`#drawing [data-edge="${ref}"]`);
    path.scrollIntoView({ block: "nearest" });
    const middle = path.getPointAtLength(path.getTotalLength() / 2);
    const point = new DOMPoint(middle.x, middle.y).matrixTransform(path.getScreenCTM());
    return [point.x, point.y];
  }, ref);
}

/** Clicks the drawing at (x, y). */
export async function clickAt(page, x, y) {
  const [sx, sy] = await screenAt(page, x, y);
  await page.mouse.click(sx, sy);
}

/** Drags across the drawing from (x1, y1) to (x2, y2), through `via` points on the way. */
export async function dragAt(page, [x1, y1], [x2, y2], via = []) {
  const [sx, sy] = await screenAt(page, x1, y1);
  await page.mouse.move(sx, sy);
  await page.mouse.down();
  for (const [x, y] of [...via, [x2, y2]]) {
    const [tx, ty] = await screenAt(page, x, y);
    await page.mouse.move(tx, ty, { steps: 4 });
  }
  await page.mouse.up();
}
