/**
 * The parts of `/admin/lgpd` (LGPD art. 18, 19 and 37; ADR 0031): the data
 * subjects' requests with their deadline, the records found for a person
 * (grouped by source, with the exports and the destructive actions on their
 * leads) and the audit trail. Each part draws what the page's loader sends.
 */
import { Form, Link } from "@remix-run/react";
import { formatSaoPaulo, LEAD_STATUS_LABELS } from "~/lib/lead-inbox";
import { ADMIN_PRIVACY_EXPORT_PATH, ADMIN_PRIVACY_PATH } from "~/lib/paths";
import type { LgpdRequest } from "~/lib/privacy-requests";
import { button } from "~/styles/ui.css";
import { AdminTable } from "./admin-list";
import { DoubleCheckButton, FormAlert, TextareaField } from "./forms";
import * as s from "./admin.css";
import * as css from "./admin-privacy.css";

/** Most characters of a reason (the server's bound, `PRIVACY_REASON_MAX`). */
const REASON_MAX = 500;

/** pt-BR labels of the audit trail's actions. */
const ACTION_LABELS: Record<string, string> = {
  export: "Exportação",
  anonymise: "Anonimização",
  delete: "Exclusão",
  retention: "Retenção automática",
};

/** "vence hoje", "vence em N dias", "atrasado há N dias" (same rule as `deadlineText` on the server). */
function deadlineText(daysLeft: number): string {
  if (daysLeft === 0) return "vence hoje";
  const days = Math.abs(daysLeft);
  const unit = days === 1 ? "dia" : "dias";
  return daysLeft > 0 ? `vence em ${days} ${unit}` : `atrasado há ${days} ${unit}`;
}

/** "dd/mm/aaaa" of a YYYY-MM-DD date. */
const brDate = (isoDate: string) => isoDate.split("-").reverse().join("/");

/** A record's non-empty fields as "campo: valor" lines. */
function fieldLines(fields: Record<string, unknown>): string {
  return Object.entries(fields)
    .filter(([, value]) => value !== null && value !== "")
    .map(([key, value]) => `${key}: ${typeof value === "object" ? JSON.stringify(value) : String(value)}`)
    .join("\n");
}

/** The destructive actions offered on a person's leads, in page order: each becomes a {@link PrivacyActionForm}. */
const PRIVACY_ACTIONS = [
  {
    intent: "anonymise",
    title: "Anonimizar",
    description:
      "Troca nome, e-mail, telefone, mensagem e localização dos contatos e o destinatário dos envios por “[anonimizado]”. Tipo, imóvel, datas e status ficam para as estatísticas.",
    buttonLabel: "Anonimizar os dados",
  },
  {
    intent: "delete",
    title: "Excluir",
    description:
      "Apaga os contatos desta pessoa e os seus envios. Usuários e membros da equipe não são apagados aqui: use os links “Abrir”.",
    buttonLabel: "Excluir os contatos",
  },
] as const;

/** The records found for the person searched for, by source. */
export interface PrivacySearchView {
  subject: { value: string };
  groups: {
    key: string;
    label: string;
    records: { id: string; date: string | null; fields: Record<string, unknown>; manageHref?: string | null }[];
  }[];
  /** Records over all groups. */
  total: number;
}

/** One entry of the audit trail (ISO time; `action` one of {@link ACTION_LABELS}' keys). */
export interface PrivacyAuditRow {
  id: string;
  at: string;
  adminEmail: string;
  action: string;
  subjectHash: string | null;
  reason: string;
  counts: Record<string, number>;
}

/** "Pedidos de titulares": the requests with their deadline and status, and a link to search each person's data. */
export function PrivacyRequests({ requests }: { requests: readonly LgpdRequest[] }) {
  return (
    <section aria-labelledby="pedidos-lgpd">
      <h2 id="pedidos-lgpd" className={s.heading}>
        Pedidos de titulares
      </h2>
      {requests.length === 0 ? (
        <p className={s.muted}>Nenhum pedido recebido.</p>
      ) : (
        <AdminTable columns={["Recebido", "Titular", "Solicitação", "Prazo", "Status", "Dados"]} testId="pedidos-lgpd">
          {requests.map((item) => {
            const contact = item.email ?? item.phone ?? "";
            const open = item.status !== "concluido";
            return (
              <tr key={item.id} data-testid="pedido-lgpd">
                <td className={`${s.cell} ${s.nowrap}`}>{formatSaoPaulo(item.receivedAt)}</td>
                <td className={s.cell}>
                  {item.name ?? "—"}
                  {contact ? <div className={s.muted}>{contact}</div> : null}
                </td>
                <td className={s.cell}>{item.request ?? "—"}</td>
                <td className={`${s.cell} ${s.nowrap}`}>
                  {brDate(item.dueDate)}
                  {open ? (
                    <div className={item.daysLeft < 0 ? css.overdue : s.muted}>{deadlineText(item.daysLeft)}</div>
                  ) : null}
                </td>
                <td className={s.cell}>
                  <span className={`${s.badge} ${s.badgeTone[item.status]}`}>{LEAD_STATUS_LABELS[item.status]}</span>
                </td>
                <td className={s.cell}>
                  {contact && contact !== "[anonimizado]" ? (
                    <Link to={`${ADMIN_PRIVACY_PATH}?${new URLSearchParams({ q: contact })}`}>Buscar dados</Link>
                  ) : (
                    "—"
                  )}
                </td>
              </tr>
            );
          })}
        </AdminTable>
      )}
      <p className={s.muted}>O status de cada pedido muda na caixa de leads (filtro “Pedido LGPD”).</p>
    </section>
  );
}

/**
 * The records of the person searched for (`q`): counts by source, the
 * exports, a table per source and, when the person has leads, the forms that
 * anonymise or delete them (`busy` while one is sent; `actionError` the
 * refusal of the last one sent).
 */
export function PrivacySearchResult(props: {
  q: string;
  search: PrivacySearchView;
  busy: boolean;
  actionError?: { intent: string; error: string };
}) {
  const { q, search, busy, actionError } = props;
  const leadCount = search.groups.find((group) => group.key === "leads")?.records.length ?? 0;
  const exportHref = (format: "json" | "csv") =>
    `${ADMIN_PRIVACY_EXPORT_PATH}?${new URLSearchParams({ q, formato: format })}`;
  return (
    <section aria-labelledby="resultado-titular" data-testid="resultado-titular">
      <h2 id="resultado-titular" className={s.heading}>
        {search.total === 0
          ? `Nenhum registro de ${search.subject.value}`
          : `${search.total} ${search.total === 1 ? "registro" : "registros"} de ${search.subject.value}`}
      </h2>
      <ul className={s.row} aria-label="Contagem por origem" data-testid="contagens">
        {search.groups.map((group) => (
          <li key={group.key} className={`${s.badge} ${s.badgeTone.neutral}`} data-source={group.key}>
            {group.label}: {group.records.length}
          </li>
        ))}
      </ul>
      {search.total > 0 ? (
        <p className={s.row}>
          <a href={exportHref("json")} className={button.outline} download data-testid="exportar-json">
            Exportar JSON
          </a>
          <a href={exportHref("csv")} className={button.outline} download data-testid="exportar-csv">
            Exportar CSV
          </a>
          <span className={s.muted}>Para entregar ao titular (LGPD art. 18, II e V; art. 19).</span>
        </p>
      ) : null}

      {search.groups
        .filter((group) => group.records.length > 0)
        .map((group) => (
          <section key={group.key} aria-label={group.label} data-testid={`origem-${group.key}`}>
            <h3 className={s.heading}>
              {group.label} ({group.records.length})
            </h3>
            <AdminTable columns={["Data", "Dados", "Gerenciar"]}>
              {group.records.map((record) => (
                <tr key={record.id}>
                  <td className={`${s.cell} ${s.nowrap}`}>{record.date ? formatSaoPaulo(record.date) : "—"}</td>
                  <td className={s.cell}>
                    <p className={css.fields}>{fieldLines(record.fields)}</p>
                  </td>
                  <td className={s.cell}>
                    {record.manageHref ? <Link to={record.manageHref}>Abrir</Link> : "Nesta página"}
                  </td>
                </tr>
              ))}
            </AdminTable>
          </section>
        ))}

      {leadCount > 0 ? (
        <div className={css.actions}>
          {PRIVACY_ACTIONS.map((privacyAction) => (
            <PrivacyActionForm
              key={privacyAction.intent}
              {...privacyAction}
              q={q}
              busy={busy}
              error={actionError?.intent === privacyAction.intent ? actionError.error : undefined}
            />
          ))}
        </div>
      ) : search.total > 0 ? (
        <p className={s.muted}>
          Nenhum contato (lead) desta pessoa. Usuários e membros da equipe são alterados nas suas próprias páginas
          (links “Abrir”).
        </p>
      ) : null}
    </section>
  );
}

/** "Registro das ações": the audit trail of exports, anonymisations, deletions and automatic retention. */
export function PrivacyAuditTrail({ audit }: { audit: readonly PrivacyAuditRow[] }) {
  return (
    <section aria-labelledby="registro-acoes">
      <h2 id="registro-acoes" className={s.heading}>
        Registro das ações
      </h2>
      {audit.length === 0 ? (
        <p className={s.muted}>Nenhuma ação registrada.</p>
      ) : (
        <AdminTable
          columns={["Data e hora", "Ação", "Quem", "Titular (hash)", "Motivo", "Registros"]}
          testId="registro-lgpd"
        >
          {audit.map((entry) => (
            <tr key={entry.id} data-testid="acao-lgpd">
              <td className={`${s.cell} ${s.nowrap}`}>{formatSaoPaulo(entry.at)}</td>
              <td className={s.cell}>{ACTION_LABELS[entry.action] ?? entry.action}</td>
              <td className={s.cell}>{entry.adminEmail || "Sistema"}</td>
              <td className={s.cell} title={entry.subjectHash ?? undefined}>
                {entry.subjectHash ? `${entry.subjectHash.slice(0, 12)}…` : "—"}
              </td>
              <td className={s.cell}>{entry.reason || "—"}</td>
              <td className={s.cell}>
                {Object.entries(entry.counts)
                  .filter(([, count]) => count > 0)
                  .map(([key, count]) => `${key}: ${count}`)
                  .join(", ") || "0"}
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </section>
  );
}

/** One destructive form: the reason (required, {@link REASON_MAX} characters) and a double-check button. */
function PrivacyActionForm(props: {
  intent: "anonymise" | "delete";
  q: string;
  busy: boolean;
  error?: string;
  title: string;
  description: string;
  buttonLabel: string;
}) {
  const id = `motivo-${props.intent}`;
  return (
    <Form method="post" className={s.form} aria-label={props.title} data-testid={`form-${props.intent}`}>
      <h3 className={s.heading}>{props.title}</h3>
      <p className={s.muted}>{props.description}</p>
      <FormAlert message={props.error} />
      <input type="hidden" name="intent" value={props.intent} />
      <input type="hidden" name="q" value={props.q} />
      <TextareaField
        label="Motivo"
        hint="Obrigatório; fica no registro das ações (até 500 caracteres)."
        textareaProps={{ id, name: "reason", required: true, maxLength: REASON_MAX, rows: 3 }}
      />
      <DoubleCheckButton
        className={button.dark}
        disabled={props.busy}
        confirmLabel={`Confirmar: ${props.buttonLabel.toLowerCase()}`}
      >
        {props.buttonLabel}
      </DoubleCheckButton>
    </Form>
  );
}
