/**
 * The forms of the lead page (`/painel/leads/:id`, ADR 0081), each a plain
 * POST (works without JavaScript):
 * - the one-tap replies (`intent=reply&channel=…`): the server records the
 *   reply, then redirects to `wa.me`, `mailto:` or `tel:`;
 * - the status form: the kind's statuses and, for "perdido", the reason. The
 *   reason select is always there until the page is hydrated (without
 *   JavaScript the server checks it and answers beside it); afterwards it shows
 *   only while "Perdido" is chosen;
 * - the note form (1–2000 characters; a note is not a response to the client).
 */
import { Form } from "@remix-run/react";
import { useEffect, useState } from "react";
import { FormAlert, SelectField, TextareaField } from "../forms";
import * as s from "../admin.css";
import * as l from "./lead-page.css";
import type { LeadKind, LeadStatus } from "~/domain/lead";
import { LEAD_STATUS_LABELS } from "~/lib/lead-inbox";
import {
  type LeadPageActionError,
  LOST_REASONS,
  NOTE_MAX,
  REPLY_CHANNEL_LABELS,
  type ReplyChannel,
  statusesFor,
} from "~/lib/lead-workflow";
import { button } from "~/styles/ui.css";

/** Props every form of the page takes: a form is being sent, and the last refusal. */
interface FormProps {
  busy: boolean;
  actionError?: LeadPageActionError;
}

/** The one-tap reply buttons of the channels the lead has a contact for. */
export function ReplyButtons({ channels, busy, actionError }: FormProps & { channels: readonly ReplyChannel[] }) {
  return (
    <section aria-labelledby="responder" className={l.section}>
      <h2 id="responder" className={s.heading}>
        Responder
      </h2>
      {channels.length === 0 ? (
        <p className={s.muted}>Este contato não deixou telefone nem e-mail.</p>
      ) : (
        <Form method="post" className={l.replies}>
          <input type="hidden" name="intent" value="reply" />
          {channels.map((channel) => (
            <button
              key={channel}
              type="submit"
              name="channel"
              value={channel}
              className={channel === "whatsapp" ? button.primary : button.outline}
              disabled={busy}
            >
              {REPLY_CHANNEL_LABELS[channel]}
            </button>
          ))}
        </Form>
      )}
      <FormAlert className={s.alert} message={actionError?.intent === "reply" ? actionError.error : null} />
    </section>
  );
}

/** The status form of a lead of `kind` now in `status` (with its lost reason, if any). */
export function StatusForm({
  kind,
  status,
  lostReason,
  busy,
  actionError,
}: FormProps & { kind: LeadKind; status: LeadStatus; lostReason: string | null }) {
  const [chosen, setChosen] = useState<string>(status);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  useEffect(() => setChosen(status), [status]);
  const error = (field: "status" | "lostReason") =>
    actionError?.intent === "status" && actionError.field === field ? [actionError.error] : undefined;
  const offersReason = kind !== "lgpd";
  return (
    <section aria-labelledby="status" className={l.section}>
      <h2 id="status" className={s.heading}>
        Status
      </h2>
      <Form method="post" className={l.statusForm}>
        <input type="hidden" name="intent" value="status" />
        <SelectField
          label="Status do contato"
          className={l.statusField}
          errors={error("status")}
          selectProps={{
            id: "status-contato",
            name: "status",
            value: chosen,
            onChange: (event) => setChosen(event.currentTarget.value),
            className: s.inlineControl,
          }}
        >
          {statusesFor(kind).map((option) => (
            <option key={option} value={option}>
              {LEAD_STATUS_LABELS[option]}
            </option>
          ))}
        </SelectField>
        {offersReason && (!hydrated || chosen === "perdido") ? (
          <SelectField
            label="Motivo da perda"
            hint={hydrated ? undefined : "Só para o status Perdido."}
            className={l.statusField}
            errors={error("lostReason")}
            selectProps={{
              id: "motivo-perda",
              name: "lostReason",
              defaultValue: lostReason ?? "",
              className: s.inlineControl,
            }}
          >
            <option value="">Escolha o motivo</option>
            {LOST_REASONS.map((reason) => (
              <option key={reason} value={reason}>
                {reason}
              </option>
            ))}
          </SelectField>
        ) : null}
        <button type="submit" className={`${button.dark} ${s.smallButton}`} disabled={busy}>
          Salvar status
        </button>
      </Form>
      <FormAlert
        className={s.alert}
        message={actionError?.intent === "status" && !actionError.field ? actionError.error : null}
      />
    </section>
  );
}

/** The note form. */
export function NoteForm({ busy, actionError }: FormProps) {
  const error = actionError?.intent === "note" ? [actionError.error] : undefined;
  return (
    <section aria-labelledby="anotacao" className={l.section}>
      <h2 id="anotacao" className={s.heading}>
        Anotação
      </h2>
      <Form method="post" className={l.section}>
        <input type="hidden" name="intent" value="note" />
        <TextareaField
          label="Nova anotação"
          hint="Fica no histórico do contato; o cliente não a vê."
          errors={error}
          textareaProps={{ id: "anotacao-texto", name: "note", required: true, maxLength: NOTE_MAX, rows: 3 }}
        />
        <button type="submit" className={`${button.outline} ${s.smallButton}`} disabled={busy}>
          Salvar anotação
        </button>
      </Form>
    </section>
  );
}
