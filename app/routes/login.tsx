/**
 * `/login-corretores` (docs/spec.txt §2, layout "empty"): the
 * broker login. The form posts e-mail and password to this route's action,
 * which signs in through the Identity Toolkit API on the server, so it works
 * without JavaScript; with JavaScript Conform validates in the browser first.
 * Protected by an Origin check and rate limits per IP and per e-mail; the
 * identity errors a user can meet get Portuguese messages beside the form.
 * A successful sign-in creates a server-side session (IP and User-Agent
 * recorded) whose token goes into the signed session cookie
 * (docs/decisions/0020-server-side-sessions.md). After signing in the user
 * goes back to `redirectTo` (same-site paths only).
 */
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import {
  getIdentityBackend,
  getOptionalUser,
  getPasswordPolicy,
  serializeSessionCookie,
  SIGN_IN_STATUS,
  signInWithEmailPassword,
  SignInRefused,
} from "~/.server/auth";
import { authRateLimiters, assertSameOrigin, tooManyAttemptsMessage } from "~/.server/auth/protection";
import { getDb } from "~/.server/db";
import { boundedReply } from "~/.server/form-reply";
import { redirectWithToast } from "~/.server/flash";
import { AuthField } from "~/components/auth-fields";
import * as s from "~/components/auth-form.css";
import { loginSchema, safeRedirectPath } from "~/lib/auth";
import { button } from "~/styles/ui.css";
import { PASSWORD_RESET_PATH } from "~/lib/paths";

const PRIVATE = { "Cache-Control": "private, no-store" };

/** A signed-in user goes straight on; otherwise the form, with the password policy's minimum length. */
export async function loader({ request }: LoaderFunctionArgs) {
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"));
  if (await getOptionalUser(request)) throw redirect(redirectTo, { headers: PRIVATE });
  const policy = await getPasswordPolicy(getIdentityBackend());
  return json({ redirectTo, minLength: policy.minLength }, { headers: PRIVATE });
}

/** Never cached: the answer depends on the visitor's session. */
export const headers = () => PRIVATE;

/** Title and `noindex`. */
export const meta: MetaFunction = ({ matches }) => {
  const root = matches.find((match) => match.id === "root")?.data as { theme?: { title?: string } } | undefined;
  return [
    { title: `Entrar – Área do corretor | ${root?.theme?.title ?? "Imobiliária"}` },
    { name: "robots", content: "noindex" },
  ];
};

/**
 * Signs in: Origin check, zod, rate limits (429), Identity Toolkit; then a
 * session row, its signed cookie and a redirect to `redirectTo` with a welcome toast.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: loginSchema });
  if (submission.status !== "success") {
    return json(
      { result: boundedReply(submission, loginSchema, { hideFields: ["password"] }) },
      { status: 400, headers: PRIVATE },
    );
  }
  const { email, password } = submission.value;
  const limited = await authRateLimiters().consumeLogin(context.clientIp ?? "unknown", email);
  if (limited) {
    return json(
      {
        result: boundedReply(submission, loginSchema, {
          formErrors: [tooManyAttemptsMessage(limited.retryAfterSeconds)],
          hideFields: ["password"],
        }),
      },
      { status: 429, headers: { ...PRIVATE, "Retry-After": String(limited.retryAfterSeconds) } },
    );
  }
  try {
    const signedIn = await signInWithEmailPassword(getIdentityBackend(), getDb().db, email, password, {
      kind: "browser",
      ip: context.clientIp,
      userAgent: request.headers.get("User-Agent"),
    });
    await authRateLimiters().resetLogin(context.clientIp ?? "unknown", email);
    const firstName = signedIn.user.displayName.split(/\s+/)[0] || signedIn.user.email;
    return redirectWithToast(
      safeRedirectPath(submission.value.redirectTo),
      { type: "success", title: `Olá, ${firstName}!`, description: "Você entrou na área do corretor." },
      { headers: { ...PRIVATE, "Set-Cookie": await serializeSessionCookie(signedIn.token) } },
    );
  } catch (error) {
    if (!(error instanceof SignInRefused)) throw error;
    return json(
      { result: boundedReply(submission, loginSchema, { formErrors: [error.userMessage], hideFields: ["password"] }) },
      { status: SIGN_IN_STATUS[error.reason], headers: PRIVATE },
    );
  }
}

/** The login form. */
export default function LoginPage() {
  const { redirectTo, minLength } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formMethod?.toLowerCase() === "post";
  const [form, fields] = useForm({
    id: "login",
    lastResult: actionData?.result,
    constraint: getZodConstraint(loginSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
  });
  return (
    <section className={s.card} aria-labelledby="login-titulo">
      <h1 id="login-titulo" className={s.title}>
        Área do corretor
      </h1>
      <p className={s.intro}>Entre com o e-mail e a senha da sua conta.</p>
      <Form method="post" {...getFormProps(form)} noValidate className={s.form} aria-busy={pending || undefined}>
        {form.errors?.length ? (
          <p id={form.errorId} className={s.alert} role="alert">
            {form.errors[0]}
          </p>
        ) : null}
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <AuthField field={fields.email} label="E-mail" type="email" autoComplete="username" inputMode="email" />
        <AuthField
          field={fields.password}
          label="Senha"
          type="password"
          autoComplete="current-password"
          hint={`A senha tem pelo menos ${minLength} caracteres.`}
        />
        <button type="submit" className={button.dark} disabled={pending}>
          {pending ? "Entrando…" : "Entrar"}
        </button>
      </Form>
      <div className={s.links}>
        <Link to={PASSWORD_RESET_PATH} className={s.link}>
          Esqueci minha senha
        </Link>
        <Link to="/" className={s.link}>
          Voltar para o site
        </Link>
      </div>
    </section>
  );
}
