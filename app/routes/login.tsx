/**
 * `/login-corretores` (docs/spec.txt §2, layout "empty"): the
 * broker login. The form posts e-mail and password to this route's action,
 * which signs in through the Identity Toolkit API on the server, so it works
 * without JavaScript; with JavaScript Conform validates in the browser first.
 * Protected by an Origin check and the sign-in limits (failures per e-mail
 * and IP, per IP, and a per-e-mail ceiling that never keeps a correct
 * password out; docs/decisions/0065-sign-in-abuse-and-enumeration.md); the
 * identity errors a user can meet get Portuguese messages beside the form.
 * A successful sign-in creates a server-side session (IP and User-Agent
 * recorded) whose token goes into the signed session cookie
 * (docs/decisions/0020-server-side-sessions.md). After signing in the user
 * goes back to `redirectTo` (same-site paths only), or without one to the
 * area of their role (`landingPath`: admins `/admin`, brokers `/painel`).
 */
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import {
  getIdentityBackend,
  getOptionalUser,
  getPasswordPolicy,
  serializeSessionCookie,
  SIGN_IN_STATUS,
  signInProtected,
  SignInRefused,
} from "~/.server/auth";
import { assertSameOrigin } from "~/.server/auth/protection";
import { getDb } from "~/.server/db";
import { boundedReply } from "~/.server/form-reply";
import { redirectWithToast } from "~/.server/flash";
import { AuthCard, authPageMeta, EmailField, usePostPending } from "~/components/auth-card";
import * as s from "~/components/auth-form.css";
import { FormAlert } from "~/components/forms";
import { Field } from "~/components/conform-fields";
import { landingPath, safeRedirectPath } from "~/lib/auth";
import { loginSchema } from "~/lib/auth-forms";
import { privatePage, privatePageHeaders } from "~/lib/cache-control";
import { PASSWORD_RESET_PATH } from "~/lib/paths";
import { button } from "~/styles/ui.css";
import { useZodForm } from "~/components/use-zod-form";

/** A signed-in user goes straight on; otherwise the form, with the password policy's minimum length. */
export async function loader({ request }: LoaderFunctionArgs) {
  // "" when absent or unsafe: the user then lands on the area of their role.
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), "");
  const user = await getOptionalUser(request);
  if (user) throw redirect(redirectTo || landingPath(user.role), { headers: privatePage() });
  const policy = await getPasswordPolicy(getIdentityBackend());
  return json({ redirectTo, minLength: policy.minLength }, { headers: privatePage() });
}

/** Never cached: the answer depends on the visitor's session. */
export const headers = privatePageHeaders;

/** Title and `noindex`. */
export const meta = authPageMeta("Entrar");

/**
 * Signs in: Origin check, zod, then {@link signInProtected} (rate limits, 429
 * with `Retry-After`; Identity Toolkit); then a
 * session row, its signed cookie and a redirect to `redirectTo` with a welcome toast.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: loginSchema });
  if (submission.status !== "success") {
    return json(
      { result: boundedReply(submission, loginSchema, { hideFields: ["password"] }) },
      { status: 400, headers: privatePage() },
    );
  }
  const { email, password } = submission.value;
  try {
    const signedIn = await signInProtected(getIdentityBackend(), getDb().db, email, password, {
      kind: "browser",
      ip: context.clientIp,
      userAgent: request.headers.get("User-Agent"),
    });
    const firstName = signedIn.user.displayName.split(/\s+/)[0] || signedIn.user.email;
    const admin = signedIn.user.role === "admin";
    return redirectWithToast(
      safeRedirectPath(submission.value.redirectTo, "") || landingPath(signedIn.user.role),
      {
        type: "success",
        title: `Olá, ${firstName}!`,
        description: admin ? "Você entrou na administração do site." : "Você entrou na área do corretor.",
      },
      { headers: privatePage({ "Set-Cookie": await serializeSessionCookie(signedIn.token) }) },
    );
  } catch (error) {
    if (!(error instanceof SignInRefused)) throw error;
    const retryAfter = error.retryAfterSeconds ? { "Retry-After": String(error.retryAfterSeconds) } : undefined;
    return json(
      { result: boundedReply(submission, loginSchema, { formErrors: [error.userMessage], hideFields: ["password"] }) },
      { status: SIGN_IN_STATUS[error.reason], headers: privatePage(retryAfter) },
    );
  }
}

/** The login form. */
export default function LoginPage() {
  const { redirectTo, minLength } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = usePostPending();
  const [form, fields] = useZodForm(loginSchema, { id: "login", lastResult: actionData?.result });
  return (
    <AuthCard
      titleId="login-titulo"
      title="Área do corretor"
      links={
        <>
          <Link to={PASSWORD_RESET_PATH} className={s.link}>
            Esqueci minha senha
          </Link>
          <Link to="/" className={s.link}>
            Voltar para o site
          </Link>
        </>
      }
    >
      <p className={s.intro}>Entre com o e-mail e a senha da sua conta.</p>
      <Form method="post" {...getFormProps(form)} noValidate className={s.form} aria-busy={pending || undefined}>
        <FormAlert id={form.errorId} message={form.errors?.[0]} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <EmailField field={fields.email} />
        <Field
          field={fields.password}
          type="password"
          label="Senha"
          hint={`A senha tem pelo menos ${minLength} caracteres.`}
          inputProps={{ autoComplete: "current-password" }}
        />
        <button type="submit" className={button.dark} disabled={pending}>
          {pending ? "Entrando…" : "Entrar"}
        </button>
      </Form>
    </AuthCard>
  );
}
