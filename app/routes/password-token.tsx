/**
 * `/login-corretores/definir-senha?token=…` (layout "empty"; ADR 0018): the
 * page an invitation or a "Reenviar convite" e-mail links to. Only the new
 * password and its confirmation, for the account the single-use token
 * names; on success the token is spent and the browser goes to the login
 * page. Origin check, the reset rate limits and the identity service's
 * password policy. Without a token it sends the visitor to the reset page.
 * Links mailed before this page existed point at
 * `/login-corretores/reset-de-senha?token=…`, which redirects here.
 */
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  redirect,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { getIdentityBackend, getPasswordPolicy } from "~/.server/auth";
import { redeemSetPasswordToken } from "~/.server/auth/invitation";
import { checkNewPassword, HIDE_PASSWORDS } from "~/.server/auth/password-form";
import { assertSameOrigin } from "~/.server/auth/protection";
import { getDb } from "~/.server/db";
import { getSessionSecrets, redirectWithToast } from "~/.server/flash";
import { boundedReply, type ReplyOptions } from "~/.server/form-reply";
import { AuthCard, authPageMeta, LoginLink, NewPasswordFields, usePostPending } from "~/components/auth-card";
import * as s from "~/components/auth-form.css";
import { FormAlert } from "~/components/forms";
import { privatePage, privatePageHeaders, TOKEN_PAGE_REFERRER_POLICY } from "~/lib/cache-control";
import { LOGIN_PATH, PASSWORD_RESET_PATH } from "~/lib/paths";
import { setPasswordSchema } from "~/lib/users";
import { button } from "~/styles/ui.css";
import { useZodForm } from "~/components/use-zod-form";

/** The token of the link (at most 200 characters) and the password policy; no token → the reset page. */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = (new URL(request.url).searchParams.get("token") ?? "").slice(0, 200);
  if (!token) throw redirect(PASSWORD_RESET_PATH, { headers: privatePage() });
  const policy = await getPasswordPolicy(getIdentityBackend());
  return data({ token, minLength: policy.minLength }, { headers: privatePage() });
}

/**
 * Headers of the document: never cached ({@link privatePageHeaders}), not
 * indexed, and no Referer off the site (the URL carries the single-use token).
 */
export const headers: HeadersFunction = (args) => {
  const headers = new Headers(privatePageHeaders(args));
  headers.set("X-Robots-Tag", "noindex");
  headers.set("Referrer-Policy", TOKEN_PAGE_REFERRER_POLICY);
  return headers;
};

/** Title and `noindex`. */
export const meta = authPageMeta("Redefinir a senha");

/** Link no longer valid: used, expired, replaced by a newer invitation, or never issued. */
const SPENT_LINK =
  "Este link não vale mais (já usado ou expirado). Peça um novo convite ao administrador ou use “Esqueci a senha”.";

/**
 * Sets the password: Origin check, schema (400), rate limit (429), password
 * policy (400), then the token is redeemed (400 when it no longer holds) and
 * the browser goes to the login page with a toast. The passwords are never echoed.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const submission = parseWithZod(await request.formData(), { schema: setPasswordSchema });
  const answer = (options: ReplyOptions, status: number, headers: Record<string, string> = {}) =>
    data(
      { result: boundedReply(submission, setPasswordSchema, { ...options, ...HIDE_PASSWORDS }) },
      { status, headers: privatePage(headers) },
    );
  if (submission.status !== "success") return answer({}, 400);
  const backend = getIdentityBackend();
  const { token, newPassword } = submission.value;
  const refusal = await checkNewPassword(backend, { ip: context.clientIp ?? "unknown", email: "", newPassword });
  if (refusal) return answer(refusal.options, refusal.status, refusal.headers);
  const outcome = await redeemSetPasswordToken(
    { backend, db: getDb().db, secrets: getSessionSecrets() },
    { token, newPassword },
  );
  if (outcome !== "ok") return answer({ formErrors: [SPENT_LINK] }, 400);
  return redirectWithToast(
    LOGIN_PATH,
    { type: "success", title: "Senha criada", description: "Entre com o seu e-mail e a nova senha.", duration: 6000 },
    { headers: privatePage() },
  );
}

/** The set-password form. */
export default function PasswordTokenPage() {
  const { token, minLength } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = usePostPending();
  const [form, fields] = useZodForm(setPasswordSchema, { id: "reset-convite", lastResult: actionData?.result });
  return (
    <AuthCard titleId="reset-titulo" title="Redefinir a senha" links={<LoginLink />}>
      <p className={s.intro}>Escolha a senha da sua conta. Depois, entre com o seu e-mail e esta senha.</p>
      <Form method="post" {...getFormProps(form)} noValidate className={s.form}>
        <FormAlert id={form.errorId} message={form.errors?.[0]} />
        <input type="hidden" name="intent" value="token" />
        <input type="hidden" name="token" value={token} />
        <NewPasswordFields
          newPassword={fields.newPassword}
          confirmPassword={fields.confirmPassword}
          minLength={minLength}
        />
        <button type="submit" className={button.dark} disabled={pending}>
          {pending ? "Salvando…" : "Criar a senha"}
        </button>
      </Form>
    </AuthCard>
  );
}
