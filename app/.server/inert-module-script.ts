/**
 * Makes what Remix's `<Scripts>` writes inert (its module preload links and
 * its inline module script, which imports the route modules and the client
 * entry), so that the browser does not fetch a single script while it lays
 * out and paints the page. `<ModuleLoader>` (app/components/module-loader.tsx)
 * sets them going once the page has been painted, with this module's
 * {@link moduleLoaderSource} (ADR 0049).
 *
 * The elements keep their place, text and nonce, so React hydrates them as
 * rendered; only the links' `rel` ({@link INERT_PRELOAD_REL}) and the script's
 * type ({@link INERT_MODULE_TYPE}, which browsers do not run) change.
 *
 * Where `<Scripts>`' output begins and how its module script's attributes are
 * written are Remix's and React's internals: `~/lib/framework-internals`
 * holds them, and `npm run build` checks them against what `<Scripts>`
 * renders (docs/decisions/0078).
 */
import { Transform } from "node:stream";
import { SCRIPTS_MODULE_PRELOAD_START, SCRIPTS_MODULE_SCRIPT_ATTRIBUTES } from "~/lib/framework-internals";

/** The type the module script is given: a data block the browser neither fetches nor runs. */
export const INERT_MODULE_TYPE = "text/x-module-after-paint";

/** How `<Scripts>` begins: its module preloads (without the nonce), then its two inline scripts. */
const PRELOADS_START = Buffer.from(SCRIPTS_MODULE_PRELOAD_START);
/** How React writes the attributes of `<Scripts>`' module script (after its `nonce`). */
const MODULE_ATTRIBUTES = Buffer.from(SCRIPTS_MODULE_SCRIPT_ATTRIBUTES);
const INERT_ATTRIBUTES = ` type="${INERT_MODULE_TYPE}"`;
/** The inert `rel` they are given until the loader sets it back (React hydrates a `<link>` whatever its `rel`). */
export const INERT_PRELOAD_REL = "x-modulepreload-after-paint";
/** Bytes held at most while looking for the module script (far above the context script's size, ADR 0049). */
const MAX_HELD_BYTES = 1_000_000;

/** Length of the longest tail of `data` that is a beginning of `marker`. */
function partialTail(data: Buffer, marker: Buffer): number {
  let keep = Math.min(marker.length - 1, data.length);
  while (keep > 0 && !data.subarray(data.length - keep).equals(marker.subarray(0, keep))) keep--;
  return keep;
}

/**
 * A byte stream that rewrites `<Scripts>`' output (however the chunks split
 * it): its module preload links and its module script are made inert
 * ({@link INERT_PRELOAD_REL}, {@link INERT_MODULE_TYPE}). Every other byte passes untouched and at once,
 * except from the first preload link to the module script's attributes, which
 * are held and rewritten together (at most {@link MAX_HELD_BYTES}; beyond
 * that the document goes out as rendered).
 */
export function createInertModuleScriptTransform(): Transform {
  let state: "before" | "holding" | "done" = "before";
  let held = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (state === "done") return callback(null, chunk);
      const data = held.length ? Buffer.concat([held, chunk]) : chunk;
      held = Buffer.alloc(0);
      if (state === "before") {
        const at = data.indexOf(PRELOADS_START);
        const attributesAt = at === -1 ? data.indexOf(MODULE_ATTRIBUTES) : -1;
        if (at === -1 && attributesAt === -1) {
          const keep = Math.max(partialTail(data, PRELOADS_START), partialTail(data, MODULE_ATTRIBUTES));
          held = Buffer.from(data.subarray(data.length - keep));
          return callback(null, data.subarray(0, data.length - keep));
        }
        state = "holding";
        const from = at === -1 ? attributesAt : at;
        this.push(data.subarray(0, from));
        return this._transform(data.subarray(from), _encoding, callback);
      }
      // Holding: from the first preload link on, until the module script's attributes.
      const attributesAt = data.indexOf(MODULE_ATTRIBUTES);
      if (attributesAt === -1) {
        if (data.length > MAX_HELD_BYTES) {
          state = "done";
          return callback(null, data);
        }
        held = Buffer.from(data);
        return callback();
      }
      state = "done";
      const before = data
        .subarray(0, attributesAt)
        .toString("utf8")
        .replaceAll(SCRIPTS_MODULE_PRELOAD_START, `<link rel="${INERT_PRELOAD_REL}" href="`);
      callback(
        null,
        Buffer.concat([Buffer.from(before + INERT_ATTRIBUTES), data.subarray(attributesAt + MODULE_ATTRIBUTES.length)]),
      );
    },
    flush(callback) {
      callback(null, held.length ? held : undefined);
    },
  });
}

/** The longest the loader waits for the first contentful paint, ms (after the document is parsed). */
const MAX_WAIT_MS = 2_000;

/**
 * The loader's source (`<ModuleLoader>`): once the document is parsed and its
 * first contentful paint reported (Paint Timing; the next frame where the
 * browser lacks it, at once in a hidden tab, which paints nothing, and after
 * {@link MAX_WAIT_MS} at the latest), it gives the inert preload links back
 * their `rel` and adds a module script with the text of the inert one, both
 * with this script's nonce. Plain ES5: it runs as written, before any module.
 */
export const moduleLoaderSource = `(function () {
  var nonce = document.currentScript ? document.currentScript.nonce : "";
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var links = document.querySelectorAll('link[rel="${INERT_PRELOAD_REL}"]');
    for (var i = 0; i < links.length; i++) {
      if (nonce) links[i].nonce = nonce;
      links[i].rel = "modulepreload";
    }
    var inert = document.querySelector('script[type="${INERT_MODULE_TYPE}"]');
    if (!inert) return;
    var script = document.createElement("script");
    script.type = "module";
    if (nonce) script.nonce = nonce;
    script.text = inert.text;
    document.body.appendChild(script);
  }
  function afterPaint() {
    if (document.visibilityState === "hidden") return start();
    setTimeout(start, ${MAX_WAIT_MS});
    var types = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
    if (!types || types.indexOf("paint") === -1) {
      return requestAnimationFrame(function () { setTimeout(start, 0); });
    }
    new PerformanceObserver(function (list, observer) {
      if (list.getEntriesByName("first-contentful-paint").length) {
        observer.disconnect();
        start();
      }
    }).observe({ type: "paint", buffered: true });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", afterPaint);
  else afterPaint();
})();`;
