/**
 * The hidden inputs every public contact form carries besides its fields
 * ({@link LEAD_FORM_FIELDS}; `app/.server/leads/form-guard.ts` checks them):
 * the idempotency key, the signed render time (minimum fill time), the
 * "answer JSON" mark once the page is hydrated, and the honeypot, a text
 * input people never see nor reach (off screen, out of the tab order,
 * hidden from assistive tech) and bots fill.
 */
import { LEAD_FORM_FIELDS } from "~/lib/lead-fields";
import { honeypot } from "~/styles/ui.css";

/** Props of {@link SpamGuardFields}. */
export interface SpamGuardFieldsProps {
  /** The rendered form's idempotency key (`useEnhancedForm`'s, renewed after each sending). */
  idempotencyKey: string;
  /** `<ms since epoch>.<hex HMAC>`: the last answer's token, else the page's (`LeadFormTokens`). */
  startedAt: string;
  /** The page is hydrated: the action answers JSON (a toast) instead of redirecting. */
  enhanced: boolean;
}

/** The anti-spam and idempotency inputs of a contact form (see the module comment). */
export function SpamGuardFields({ idempotencyKey, startedAt, enhanced }: SpamGuardFieldsProps) {
  return (
    <>
      <input type="hidden" name={LEAD_FORM_FIELDS.idempotencyKey} value={idempotencyKey} />
      <input type="hidden" name={LEAD_FORM_FIELDS.startedAt} value={startedAt} />
      {enhanced ? <input type="hidden" name={LEAD_FORM_FIELDS.enhanced} value="1" /> : null}
      <div className={honeypot} aria-hidden="true">
        <label>
          Não preencha este campo
          <input type="text" name={LEAD_FORM_FIELDS.honeypot} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
    </>
  );
}
