/**
 * Free text from the CRM (a listing's or condominium's description) as
 * paragraphs in the detail pages' prose style. Vista sends plain text with
 * line breaks, never HTML, so it is rendered as text (React escapes it).
 */
import * as p from "./detail-page.css";

/** Paragraphs of a text: split on line breaks (one or more), trimmed, blanks dropped. */
export function paragraphs(text: string): string[] {
  return text
    .split(/\r?\n+/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/** `<div class="prose">` with one `<p>` per paragraph of `text`. */
export function Prose({ text }: { text: string }) {
  return (
    <div className={p.prose}>
      {paragraphs(text).map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
    </div>
  );
}
