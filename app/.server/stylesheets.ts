/**
 * The text of the built stylesheets, for the document to carry inline on a
 * first load (docs/decisions/0045-inline-stylesheets.md). The Express server
 * calls {@link setStylesheetDirectory} once at start with the client build's
 * folder; until then (development, tests) nothing is inlined and pages link
 * their stylesheets as Remix does. Kept on `globalThis` (see `singleton`)
 * because the Express server and the Remix server bundle each load their own
 * copy of this module.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { singleton } from "./singleton";

/** A built stylesheet's URL: `/assets/<name>.css`, nothing else. */
const STYLESHEET_HREF = /^\/assets\/[A-Za-z0-9._-]+\.css$/;

/**
 * Largest stylesheet carried inline (bytes, before compression). Larger files
 * stay links: their text would make every document heavier than the request
 * it saves.
 */
export const MAX_INLINE_STYLESHEET_BYTES = 32 * 1024;

interface StylesheetStore {
  /** The client build's folder (`build/client`), or null: inline nothing. */
  directory: string | null;
  /** Text by href; null when the file is missing, too large or cannot sit in `<style>`. */
  texts: Map<string, string | null>;
}

const state = singleton<StylesheetStore>("stylesheets", () => ({ directory: null, texts: new Map() }));

/**
 * Sets the folder the built stylesheets are read from (`build/client`; an
 * href `/assets/x.css` is `<directory>/assets/x.css`), or null to inline
 * nothing. Forgets what was read before.
 */
export function setStylesheetDirectory(directory: string | null): void {
  state.directory = directory;
  state.texts.clear();
}

/**
 * The text of the built stylesheet at `href`, read once and kept for the
 * process (hashed asset names never change content). Undefined when no
 * directory is set, when `href` is not a built stylesheet's URL, when the file
 * is missing or larger than {@link MAX_INLINE_STYLESHEET_BYTES}, or when its
 * text contains `</style` (it would end the element early). Never throws.
 */
export function builtStylesheetText(href: string): string | undefined {
  const directory = state.directory;
  if (!directory || !STYLESHEET_HREF.test(href)) return undefined;
  let text = state.texts.get(href);
  if (text === undefined) {
    text = readStylesheet(path.join(directory, href));
    state.texts.set(href, text);
  }
  return text ?? undefined;
}

function readStylesheet(file: string): string | null {
  try {
    const text = readFileSync(file, "utf8");
    if (Buffer.byteLength(text) > MAX_INLINE_STYLESHEET_BYTES || /<\/style/i.test(text)) return null;
    return text;
  } catch {
    return null;
  }
}
