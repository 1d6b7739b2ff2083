/**
 * Process dependencies of the users API and pages: the
 * identity backend, the database and the invitation mail settings
 * (set-password link on `PUBLIC_URL` or the request's origin).
 */
import { siteOrigin } from "../origin";
import { getIdentityBackend } from "../auth/firebase";
import { defaultTitle, getConfig } from "../config";
import { getDb } from "../db";
import { getSessionSecrets } from "../flash";
import { mailerFromConfig } from "../mail/transport";
import { singleton } from "../singleton";
import type { InvitationMail, UserAdminDeps } from "../users/manage";
import { SET_PASSWORD_PATH } from "~/lib/paths";

/** The process's backend and database. */
export function userAdminDeps(): UserAdminDeps {
  return { backend: getIdentityBackend(), db: getDb().db };
}

/** The process mailer shared with the password reset. */
export function authMailer() {
  return singleton("auth-mailer", () => mailerFromConfig(getConfig()));
}

/** Invitation mail settings for a request (the link points at the set-password page). */
export function invitationMail(request: Request): InvitationMail {
  return {
    mailer: authMailer(),
    secret: getSessionSecrets()[0]!,
    setPasswordUrl: `${siteOrigin(request)}${SET_PASSWORD_PATH}`,
    siteTitle: defaultTitle(getConfig()),
  };
}
