/**
 * A lead's history on its page (ADR 0081), oldest first: when, who (or "Sistema"
 * for routing and reminders) and what happened, in pt-BR (`historyText`).
 */
import * as s from "../admin.css";
import * as l from "./lead-page.css";
import { formatSaoPaulo } from "~/lib/lead-inbox";
import { historyText, type LeadHistoryItem } from "~/lib/lead-workflow";

/** The history section. */
export function LeadHistory({ entries }: { entries: readonly LeadHistoryItem[] }) {
  return (
    <section aria-labelledby="historico" className={l.section}>
      <h2 id="historico" className={s.heading}>
        Histórico
      </h2>
      {entries.length === 0 ? (
        <p className={s.muted}>Nada registrado ainda.</p>
      ) : (
        <ol className={l.history} aria-labelledby="historico">
          {entries.map((entry) => (
            <li key={entry.id} className={l.historyItem} data-testid="historico-item">
              <span className={s.muted}>
                <time dateTime={entry.at}>{formatSaoPaulo(entry.at)}</time> · {entry.actorName || "Sistema"}
              </span>
              <br />
              {historyText(entry)}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
