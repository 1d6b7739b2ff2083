/**
 * The receipt of an LGPD request, sent by the lead outbox (channel
 * `email_holder`). It lives with the privacy code (`../privacy/receipt`):
 * a fixed text with the protocol number that repeats nothing the requester
 * typed (docs/decisions/0064-public-forms-mail-only-what-the-agency-wrote.md).
 */
export { LGPD_ANSWER_DAYS, renderLgpdReceiptEmail, type LgpdReceiptEmailOptions } from "../privacy/receipt";
