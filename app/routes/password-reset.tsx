/**
 * `/login-corretores/reset-de-senha` (docs/spec.txt §2, layout "empty";
 * ADR 0016): step 1 asks for the e-mail and mails a 6-digit code; step 2
 * takes the e-mail, the code and the new password (the identity service's
 * policy, at least 6 characters by default). Step 1 answers the same whether
 * or not the e-mail has an account (the work runs after the answer, so
 * timing tells nothing either); step 2 answers a wrong code the same way too,
 * its attempts counted per (e-mail, IP) and per e-mail whether or not the
 * account exists (docs/decisions/0065-sign-in-abuse-and-enumeration.md).
 * Origin check and rate limits on both steps.
 * Works without JavaScript: the action's answer renders step 2.
 *
 * `?token=…` (an invitation link mailed before the set-password page had its
 * own path) answers a 302 to `/login-corretores/definir-senha?token=…`.
 */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { authMailer } from "~/.server/api/context";
import { getIdentityBackend, getPasswordPolicy } from "~/.server/auth";
import { checkNewPassword, HIDE_PASSWORDS } from "~/.server/auth/password-form";
import { confirmResetCode, RESET_MESSAGES, requestPasswordReset } from "~/.server/auth/password-reset";
import { assertSameOrigin, authRateLimiters, tooManyAttemptsMessage } from "~/.server/auth/protection";
import { defaultTitle, getConfig } from "~/.server/config";
import { getDb } from "~/.server/db";
import { getSessionSecrets, redirectWithToast } from "~/.server/flash";
import { boundedReply, type ReplyOptions } from "~/.server/form-reply";
import { siteOrigin } from "~/.server/origin";
import {
  AuthCard,
  authPageMeta,
  EmailField,
  LoginLink,
  NewPasswordFields,
  usePostPending,
} from "~/components/auth-card";
import * as s from "~/components/auth-form.css";
import { FormAlert } from "~/components/forms";
import { Field } from "~/components/conform-fields";
import { RESET_REQUESTED_MESSAGE } from "~/lib/auth";
import { resetConfirmSchema, resetRequestSchema } from "~/lib/auth-forms";
import { privatePage, privatePageHeaders } from "~/lib/cache-control";
import { LOGIN_PATH, PASSWORD_RESET_PATH, SET_PASSWORD_PATH } from "~/lib/paths";
import { button } from "~/styles/ui.css";
import { useZodForm } from "~/components/use-zod-form";

/**
 * The step from the query (`?etapa=codigo` opens step 2, e.g. from the
 * e-mail's link) and the password policy; `?token=` goes to the set-password page.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const token = (params.get("token") ?? "").slice(0, 200);
  if (token) throw redirect(`${SET_PASSWORD_PATH}?token=${encodeURIComponent(token)}`, { headers: privatePage() });
  const step: "request" | "confirm" = params.get("etapa") === "codigo" ? "confirm" : "request";
  const policy = await getPasswordPolicy(getIdentityBackend());
  return data({ step, policy }, { headers: privatePage() });
}

/** Never cached. */
export const headers = privatePageHeaders;

/** Title and `noindex`. */
export const meta = authPageMeta("Redefinir a senha");

type Step = "request" | "confirm";
type ActionData = {
  step: Step;
  result: SubmissionResult<string[]> | null;
  notice: string | null;
  /** The address step 1 was asked for, filled into step 2. */
  email?: string;
};

function answer(reply: ActionData, status = 200, headers: Record<string, string> = {}) {
  return data(reply, { status, headers: privatePage(headers) });
}

/** Step 1: the code is mailed in the background; the answer is the same for any e-mail. */
async function requestCode(request: Request, formData: FormData, ip: string) {
  const submission = parseWithZod(formData, { schema: resetRequestSchema });
  const reply = (options?: ReplyOptions) => boundedReply(submission, resetRequestSchema, options);
  if (submission.status !== "success") return answer({ step: "request", result: reply(), notice: null }, 400);
  const limited = await authRateLimiters().consumeReset(ip, submission.value.email, "request");
  if (limited) {
    const result = reply({ formErrors: [tooManyAttemptsMessage(limited.retryAfterSeconds)] });
    return answer({ step: "request", result, notice: null }, 429, {
      "Retry-After": String(limited.retryAfterSeconds),
    });
  }
  // Not awaited: the answer must not depend on whether the account exists.
  void requestPasswordReset(
    { backend: getIdentityBackend(), db: getDb().db, secrets: getSessionSecrets() },
    {
      email: submission.value.email,
      mailer: authMailer(),
      resetPageUrl: `${siteOrigin(request)}${PASSWORD_RESET_PATH}?etapa=codigo`,
      siteTitle: defaultTitle(getConfig()),
    },
  ).catch((error: unknown) =>
    console.error(`[auth] falha ao enviar o código de redefinição: ${(error as Error).message}`),
  );
  const result = reply({ resetForm: true });
  return answer({ step: "confirm", result, notice: RESET_REQUESTED_MESSAGE, email: submission.value.email });
}

/**
 * Step 2: schema, rate limit, password policy, then the code (its own limits,
 * the same for any address); the passwords are never echoed.
 */
async function confirmCode(formData: FormData, ip: string) {
  const submission = parseWithZod(formData, { schema: resetConfirmSchema });
  const refuse = (options: ReplyOptions, status: number, headers?: Record<string, string>) =>
    answer(
      {
        step: "confirm",
        result: boundedReply(submission, resetConfirmSchema, { ...options, ...HIDE_PASSWORDS }),
        notice: null,
      },
      status,
      headers,
    );
  if (submission.status !== "success") return refuse({}, 400);
  const { email, code, newPassword } = submission.value;
  const backend = getIdentityBackend();
  const refusal = await checkNewPassword(backend, { ip, email, newPassword });
  if (refusal) return refuse(refusal.options, refusal.status, refusal.headers);
  const outcome = await confirmResetCode(
    { backend, db: getDb().db, secrets: getSessionSecrets() },
    { ip, email, code, newPassword },
  );
  if (outcome.limited) {
    const seconds = outcome.limited.retryAfterSeconds;
    return refuse({ formErrors: [tooManyAttemptsMessage(seconds)] }, 429, { "Retry-After": String(seconds) });
  }
  if (outcome.result !== "ok") return refuse({ formErrors: [RESET_MESSAGES[outcome.result]] }, 400);
  return redirectWithToast(
    LOGIN_PATH,
    { type: "success", title: "Senha alterada", description: "Entre com a nova senha.", duration: 6000 },
    { headers: privatePage() },
  );
}

/** Step 1 (`intent=request`) or step 2 (`intent=confirm`), after the Origin check; another intent → 400. */
export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const formData = await request.formData();
  const ip = context.clientIp ?? "unknown";
  const intent = formData.get("intent");
  if (intent === "request") return requestCode(request, formData, ip);
  if (intent === "confirm") return confirmCode(formData, ip);
  return answer({ step: "request", result: null, notice: null }, 400);
}

/** Step 1 or step 2. */
export default function PasswordResetPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const step = actionData?.step ?? data.step;
  return (
    <AuthCard
      titleId="reset-titulo"
      title="Redefinir a senha"
      links={
        <>
          <LoginLink />
          {step === "confirm" ? (
            <Link to={PASSWORD_RESET_PATH} className={s.link} reloadDocument>
              Pedir um novo código
            </Link>
          ) : null}
        </>
      }
    >
      {step === "request" ? (
        <RequestForm lastResult={actionData?.step === "request" ? actionData.result : null} />
      ) : (
        <ConfirmForm
          lastResult={actionData?.step === "confirm" && !actionData.notice ? actionData.result : null}
          notice={actionData?.notice ?? null}
          email={actionData?.email ?? ""}
          minLength={data.policy.minLength}
        />
      )}
    </AuthCard>
  );
}

type LastResult = SubmissionResult<string[]> | null | undefined;

function RequestForm({ lastResult }: { lastResult: LastResult }) {
  const pending = usePostPending();
  const [form, fields] = useZodForm(resetRequestSchema, { id: "reset-pedido", lastResult });
  return (
    <>
      <p className={s.intro}>Informe o e-mail da sua conta. Enviaremos um código para criar uma nova senha.</p>
      <Form method="post" {...getFormProps(form)} noValidate className={s.form}>
        <FormAlert id={form.errorId} message={form.errors?.[0]} />
        <input type="hidden" name="intent" value="request" />
        <EmailField field={fields.email} />
        <button type="submit" className={button.dark} disabled={pending}>
          {pending ? "Enviando…" : "Enviar código"}
        </button>
      </Form>
    </>
  );
}

function ConfirmForm(props: { lastResult: LastResult; notice: string | null; email: string; minLength: number }) {
  const pending = usePostPending();
  const [form, fields] = useZodForm(resetConfirmSchema, {
    id: "reset-codigo",
    lastResult: props.lastResult,
    defaultValue: { email: props.email },
  });
  return (
    <>
      {props.notice ? (
        <FormAlert tone="notice" message={props.notice} />
      ) : (
        <p className={s.intro}>Digite o código que enviamos por e-mail e escolha a nova senha.</p>
      )}
      <Form method="post" {...getFormProps(form)} noValidate className={s.form}>
        <FormAlert id={form.errorId} message={form.errors?.[0]} />
        <input type="hidden" name="intent" value="confirm" />
        <EmailField field={fields.email} />
        <Field
          field={fields.code}
          label="Código"
          inputProps={{ autoComplete: "one-time-code", inputMode: "numeric" }}
        />
        <NewPasswordFields
          newPassword={fields.newPassword}
          confirmPassword={fields.confirmPassword}
          minLength={props.minLength}
        />
        <button type="submit" className={button.dark} disabled={pending}>
          {pending ? "Salvando…" : "Salvar a nova senha"}
        </button>
      </Form>
    </>
  );
}
