/**
 * What a `/busca` search understood (ADR 0087): the words it used as
 * removable chips, each a plain link to the same search without those words
 * (works without JavaScript), and the words it could not use ("Não
 * entendemos: metrô"). Styles are the shared chips of `./page-layout.css`.
 */
import { Link } from "@remix-run/react";
import * as layout from "./page-layout.css";

/** One chip: its pt-BR label and the search without its words. */
export interface QueryChipView {
  label: string;
  url: string;
}

/** The chips ("Entendemos:") and the words left out; nothing when there are neither. */
export function QueryChips({ chips, ignored }: { chips: readonly QueryChipView[]; ignored: readonly string[] }) {
  if (!chips.length && !ignored.length) return null;
  return (
    <>
      {chips.length ? (
        <div>
          <p id="palavras-usadas">Entendemos:</p>
          <ul className={layout.chips} aria-labelledby="palavras-usadas">
            {chips.map((chip) => (
              <li key={`${chip.label} ${chip.url}`}>
                <Link to={chip.url} className={layout.chip} aria-label={`Remover “${chip.label}” da busca`}>
                  {chip.label}
                  <span aria-hidden="true">×</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {ignored.length ? (
        <p>
          Não entendemos: <strong>{ignored.join(", ")}</strong>. Os resultados não consideram{" "}
          {ignored.length > 1 ? "essas palavras" : "essa palavra"}.
        </p>
      ) : null}
    </>
  );
}
