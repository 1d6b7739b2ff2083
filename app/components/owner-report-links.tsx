/**
 * The owner's report links on the listing's private page (ADR 0083): the form
 * that creates one (owner's name and e-mail, both optional, and the monthly
 * e-mail checkbox, the owner's consent), the new link shown once with its
 * WhatsApp and e-mail share buttons, and the listing's links with their
 * openings and a "Revogar" button. Plain Remix forms: works without JavaScript.
 */
import { Form, useNavigation } from "@remix-run/react";
import {
  OWNER_EMAIL_MAX,
  OWNER_NAME_MAX,
  OWNER_REPORT_INTENTS,
  OWNER_REPORT_TTL_DAYS,
  type OwnerReportActionData,
  type OwnerReportLinkSummary,
} from "~/lib/owner-report";
import { saoPauloDate, saoPauloFormat } from "~/lib/sao-paulo-time";
import { button } from "~/styles/ui.css";
import * as a from "./admin.css";
import { CheckboxField, Field, FormAlert } from "./forms";
import * as s from "./owner-report.css";

/** "28/11/2026 14:35" in São Paulo time (digits only: the same text on the server and in the browser). */
function dateTime(iso: string): string {
  const at = new Date(iso);
  return `${dayOf(iso)} ${saoPauloFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(at)}`;
}

/** "28/11/2026": the São Paulo day of an instant. */
function dayOf(iso: string): string {
  const [year, month, day] = saoPauloDate(new Date(iso)).split("-");
  return `${day}/${month}/${year}`;
}

/** The new link, shown this once, with its share buttons. */
function CreatedLink({ created }: { created: Extract<OwnerReportActionData, { kind: "created" }> }) {
  return (
    <div className={s.section} role="status" data-testid="owner-report-created">
      <p>
        <strong>Link criado.</strong> Copie e envie agora: por segurança ele não será mostrado de novo (para reenviar,
        crie outro link).
      </p>
      <code className={s.secret} data-testid="owner-report-url">
        {created.url}
      </code>
      <div className={s.actions}>
        <a className={button.primary} href={created.whatsappHref} target="_blank" rel="noopener noreferrer">
          Enviar por WhatsApp
        </a>
        <a className={button.outline} href={created.mailtoHref}>
          Enviar por e-mail
        </a>
      </div>
      {created.monthly ? (
        <p className={a.muted}>O proprietário receberá o resumo mensal em {created.ownerEmail}.</p>
      ) : null}
    </div>
  );
}

/** The create form (filled again with the typed values after a refusal). */
function CreateForm({ data }: { data: OwnerReportActionData | undefined }) {
  const navigation = useNavigation();
  const invalid = data?.kind === "invalid" ? data : undefined;
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === OWNER_REPORT_INTENTS.create;
  return (
    <Form method="post" className={s.section} key={data?.kind === "created" ? data.url : "form"}>
      <input type="hidden" name="intent" value={OWNER_REPORT_INTENTS.create} />
      <FormAlert message={invalid?.errors.form} />
      <Field
        label="Nome do proprietário"
        optional
        errors={[invalid?.errors.nomeProprietario]}
        inputProps={{
          name: "nomeProprietario",
          maxLength: OWNER_NAME_MAX,
          autoComplete: "off",
          defaultValue: invalid?.values.nomeProprietario,
        }}
      />
      <Field
        label="E-mail do proprietário"
        optional
        hint="Só para o relatório mensal, e apenas se ele pedir."
        errors={[invalid?.errors.emailProprietario]}
        inputProps={{
          name: "emailProprietario",
          type: "email",
          maxLength: OWNER_EMAIL_MAX,
          autoComplete: "off",
          defaultValue: invalid?.values.emailProprietario,
        }}
      />
      <CheckboxField
        label="O proprietário pediu o relatório mensal por e-mail"
        inputProps={{ name: "mensal", value: "on", defaultChecked: invalid?.values.mensal }}
      />
      <div>
        <button type="submit" className={button.primary} disabled={busy}>
          Criar link do relatório
        </button>
      </div>
    </Form>
  );
}

/** One link of the list. */
function LinkRow({ link, now }: { link: OwnerReportLinkSummary; now: number }) {
  const expired = new Date(link.expiresAt).getTime() <= now;
  const state = link.revokedAt
    ? `Revogado em ${dateTime(link.revokedAt)}`
    : expired
      ? "Expirado"
      : `Válido até ${dayOf(link.expiresAt)}`;
  return (
    <li className={a.card} data-testid="owner-report-link">
      <p>
        <strong>{link.ownerName || "Proprietário"}</strong>
        {link.ownerEmail ? ` · ${link.ownerEmail}` : ""}
      </p>
      <p className={a.muted}>
        Criado por {link.createdByName || "—"} em {dateTime(link.createdAt)} · {state}
      </p>
      <p className={a.muted}>
        {link.views === 1 ? "1 abertura" : `${link.views} aberturas`}
        {link.lastViewedAt ? ` · última em ${dateTime(link.lastViewedAt)}` : ""}
        {link.monthlyOptIn ? (link.unsubscribedAt ? " · e-mail mensal cancelado" : " · recebe o e-mail mensal") : ""}
      </p>
      {link.revocable ? (
        <Form method="post" className={a.inlineForm}>
          <input type="hidden" name="intent" value={OWNER_REPORT_INTENTS.revoke} />
          <input type="hidden" name="relatorio" value={link.id} />
          <button type="submit" className={`${button.outline} ${a.smallButton}`}>
            Revogar
          </button>
        </Form>
      ) : null}
    </li>
  );
}

/** Props of {@link OwnerReportLinks}. */
export interface OwnerReportLinksProps {
  links: OwnerReportLinkSummary[];
  /** The answer of the page's action, if the page was rendered after a post. */
  actionData: OwnerReportActionData | undefined;
  /** ISO time the loader ran (decides "Expirado" the same way on server and browser). */
  now: string;
}

/** The whole section. */
export function OwnerReportLinks({ links, actionData, now }: OwnerReportLinksProps) {
  const refused = actionData?.kind === "refused" ? actionData.message : undefined;
  return (
    <section className={s.section} aria-labelledby="relatorio-proprietario" data-testid="owner-report-links">
      <h2 id="relatorio-proprietario" className={s.heading}>
        Relatório do proprietário
      </h2>
      <p className={a.muted}>
        Um link pessoal para o proprietário acompanhar visualizações, contatos, visitas e o preço por m² do bairro, sem
        dados de interessados. Vale {OWNER_REPORT_TTL_DAYS} dias e pode ser revogado.
      </p>
      <FormAlert message={refused} />
      {actionData?.kind === "revoked" ? <FormAlert tone="notice" message="Link revogado." /> : null}
      {actionData?.kind === "created" ? <CreatedLink created={actionData} /> : null}
      <CreateForm data={actionData} />
      {links.length ? (
        <ul className={a.list}>
          {links.map((link) => (
            <LinkRow key={link.id} link={link} now={new Date(now).getTime()} />
          ))}
        </ul>
      ) : (
        <p className={a.muted}>Nenhum link criado para este imóvel.</p>
      )}
    </section>
  );
}
