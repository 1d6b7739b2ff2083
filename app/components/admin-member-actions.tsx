/**
 * The "Situação e acesso" section of the admin member page: deactivate or
 * activate, delete (soft; asks twice), reactivate a deleted member, and give
 * a broker login (asks twice). Each button posts its own `intent`.
 */
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { button } from "~/styles/ui.css";
import * as s from "./admin.css";
import * as m from "./admin-member.css";
import { DoubleCheckButton } from "./forms";

/** A section of the member page with its heading (`id` names it for `aria-labelledby`). */
export function MemberSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={s.form} aria-labelledby={id}>
      <h2 id={id} className={m.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** One member action: a form with its `intent`; `doubleCheck` asks "Tem certeza?" before posting. */
function ActionButton({
  intent,
  label,
  busy,
  doubleCheck = false,
}: {
  intent: string;
  label: string;
  busy: boolean;
  doubleCheck?: boolean;
}) {
  const className = `${button.outline} ${s.smallButton}`;
  return (
    <Form method="post" className={s.inlineForm}>
      <input type="hidden" name="intent" value={intent} />
      {doubleCheck ? (
        <DoubleCheckButton className={className} disabled={busy}>
          {label}
        </DoubleCheckButton>
      ) : (
        <button type="submit" className={className} disabled={busy}>
          {label}
        </button>
      )}
    </Form>
  );
}

/** The state of a member and the actions it allows. */
export function MemberStatusActions({
  member,
  busy,
}: {
  member: { active: boolean; deleted: boolean; hasLogin: boolean };
  busy: boolean;
}) {
  return (
    <MemberSection id="acoes-titulo" title="Situação e acesso">
      <div className={s.row}>
        {member.deleted ? (
          <ActionButton intent="reactivate" label="Reativar" busy={busy} />
        ) : (
          <>
            {member.active ? (
              <ActionButton intent="deactivate" label="Desativar" busy={busy} />
            ) : (
              <ActionButton intent="activate" label="Ativar" busy={busy} />
            )}
            <ActionButton intent="delete" label="Excluir" busy={busy} doubleCheck />
            {member.hasLogin ? null : (
              <ActionButton intent="promote" label="Dar acesso de corretor" busy={busy} doubleCheck />
            )}
          </>
        )}
      </div>
    </MemberSection>
  );
}
