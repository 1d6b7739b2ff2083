/**
 * `/login-corretores` (docs/spec.txt §2, layout "empty"): the
 * broker login. The form posts e-mail and password to this route's action,
 * which signs in through the Identity Toolkit API on the server, so it works
 * without JavaScript; with JavaScript Conform validates in the browser first.
 * With a real Firebase project and JavaScript the page signs in through the
 * Firebase web SDK instead (loaded on submit), so the project's password
 * policy, reCAPTCHA, App Check and multi-factor sign-in apply, and posts the
 * ID token, which the action exchanges for the session
 * (docs/decisions/0070-sign-in-through-the-firebase-web-sdk.md).
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
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { getIdentityBackend, getOptionalUser, getPasswordPolicy } from "~/.server/auth";
import { webSignInConfig } from "~/.server/auth/firebase";
import { assertSameOrigin } from "~/.server/auth/protection";
import { AuthCard, authPageMeta, EmailField, usePostPending } from "~/components/auth-card";
import * as s from "~/components/auth-form.css";
import { FormAlert } from "~/components/forms";
import { Field } from "~/components/conform-fields";
import { SecondFactorForm } from "~/components/second-factor-form";
import { useWebSignIn } from "~/components/use-web-sign-in";
import { useZodForm } from "~/components/use-zod-form";
import { landingPath, safeRedirectPath } from "~/lib/auth";
import { loginSchema } from "~/lib/auth-forms";
import { privatePage, privatePageHeaders } from "~/lib/cache-control";
import { RECAPTCHA_CONTAINER_ID } from "~/lib/firebase-web-sign-in";
import { PASSWORD_RESET_PATH } from "~/lib/paths";
import { button } from "~/styles/ui.css";
import { idTokenSignIn, passwordSignIn } from "./login.server";

/**
 * A signed-in user goes straight on; otherwise the form, with the password
 * policy's minimum length and, with a real project, the web SDK's configuration.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  // "" when absent or unsafe: the user then lands on the area of their role.
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), "");
  const user = await getOptionalUser(request);
  if (user) throw redirect(redirectTo || landingPath(user.role), { headers: privatePage() });
  const backend = getIdentityBackend();
  const policy = await getPasswordPolicy(backend);
  return data(
    { redirectTo, minLength: policy.minLength, firebaseWeb: webSignInConfig(backend) },
    { headers: privatePage() },
  );
}

/** Never cached: the answer depends on the visitor's session. */
export const headers = privatePageHeaders;

/** Title and `noindex`. */
export const meta = authPageMeta("Entrar");

/**
 * Signs in: Origin check, then the form's e-mail and password
 * ({@link passwordSignIn}) or, from the web SDK, its ID token
 * ({@link idTokenSignIn}, `intent=id-token`); a session row, its signed
 * cookie and a redirect with a welcome toast, or the form with the refusal.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const formData = await request.formData();
  const client = { ip: context.clientIp, userAgent: request.headers.get("User-Agent") };
  return formData.get("intent") === "id-token" ? idTokenSignIn(formData, client) : passwordSignIn(formData, client);
}

/** The login form, and with the web SDK its second-factor step. */
export default function LoginPage() {
  const { redirectTo, minLength, firebaseWeb } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const web = useWebSignIn(firebaseWeb, redirectTo);
  const pending = usePostPending() || web.busy;
  const [form, fields] = useZodForm(loginSchema, {
    id: "login",
    lastResult: actionData?.result,
    onSubmit: web.onSubmit,
  });
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
      {web.codeStep ? (
        <SecondFactorForm
          factor={web.codeStep.factor}
          label={web.codeStep.label}
          message={web.message}
          busy={web.busy}
          onSubmit={web.submitCode}
          onCancel={web.cancel}
        />
      ) : (
        <>
          <p className={s.intro}>Entre com o e-mail e a senha da sua conta.</p>
          <Form method="post" {...getFormProps(form)} noValidate className={s.form} aria-busy={pending || undefined}>
            <FormAlert id={form.errorId} message={web.message ?? form.errors?.[0]} />
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
        </>
      )}
      {firebaseWeb ? <div id={RECAPTCHA_CONTAINER_ID} /> : null}
    </AuthCard>
  );
}
