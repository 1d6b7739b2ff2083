/**
 * The one error style of the admin domain (users, members, redirects,
 * appearance): an expected refusal — not found, a conflict, a rule of the
 * agency — is thrown as an {@link AdminError}; the route turns it into its
 * HTTP status and pt-BR messages beside the fields (or JSON under `/api`).
 * Anything else is a bug or an outage and reaches the error boundary.
 */

/** Messages per form field; the key `""` holds form-level messages. */
export type FieldErrors = Record<string, string[]>;

/** An expected refusal of an admin operation, in pt-BR, with its HTTP status (400, 403, 404 or 409). */
export class AdminError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 403 | 404 | 409 = 400,
    readonly fieldErrors: FieldErrors = {},
  ) {
    super(message);
    this.name = "AdminError";
  }
}

/** True for an {@link AdminError} (also across module copies in tests). */
export function isAdminError(error: unknown): error is AdminError {
  return error instanceof AdminError || (error instanceof Error && error.name === "AdminError");
}
