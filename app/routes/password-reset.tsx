/**
 * `/login-corretores/reset-de-senha` (docs/spec.txt §2, layout "empty"):
 * step 1 asks for the e-mail and mails a 6-digit code; step 2 takes the
 * e-mail, the code and the new password (the identity service's policy, at
 * least 6 characters by default). Step 1 answers the same whether or not the
 * e-mail has an account (the work runs after the answer, so timing tells
 * nothing either). Origin check and rate limits on both steps. Works
 * without JavaScript: the action's answer renders step 2.
 *
 * `?token=…` (the invitation link of issue 6 item 1, ADR 0018) opens a third
 * form: only the new password, for the account the token names.
 */
import { type FieldMetadata, getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { getIdentityBackend, getPasswordPolicy } from "~/.server/auth";
import { redeemSetPasswordToken } from "~/.server/auth/invitation";
import { confirmPasswordReset, RESET_MESSAGES, requestPasswordReset } from "~/.server/auth/password-reset";
import { assertSameOrigin, authRateLimiters, tooManyAttemptsMessage } from "~/.server/auth/protection";
import { defaultTitle, getConfig } from "~/.server/config";
import { getDb } from "~/.server/db";
import { getSessionSecrets, redirectWithToast } from "~/.server/flash";
import { boundedReply } from "~/.server/form-reply";
import { mailerFromConfig } from "~/.server/mail/transport";
import { singleton } from "~/.server/singleton";
import { AuthField } from "~/components/auth-fields";
import * as s from "~/components/auth-form.css";
import { passwordProblems, RESET_REQUESTED_MESSAGE, resetConfirmSchema, resetRequestSchema } from "~/lib/auth";
import { setPasswordSchema } from "~/lib/users";
import { button } from "~/styles/ui.css";
import { LOGIN_PATH, PASSWORD_RESET_PATH } from "~/lib/paths";
import { siteOrigin } from "~/.server/origin";

const PRIVATE = { "Cache-Control": "private, no-store" };

/**
 * Step from the query (`?etapa=codigo` opens step 2, e.g. from the e-mail's
 * link; `?token=` the set-password form of an invitation) and the password policy.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const token = (params.get("token") ?? "").slice(0, 200);
  const step: "request" | "confirm" | "token" = token
    ? "token"
    : params.get("etapa") === "codigo"
      ? "confirm"
      : "request";
  const policy = await getPasswordPolicy(getIdentityBackend());
  return json({ step, policy, token }, { headers: PRIVATE });
}

/** Never cached. */
export const headers = () => PRIVATE;

/** Title and `noindex`. */
export const meta: MetaFunction = ({ matches }) => {
  const root = matches.find((match) => match.id === "root")?.data as { theme?: { title?: string } } | undefined;
  return [
    { title: `Redefinir a senha – Área do corretor | ${root?.theme?.title ?? "Imobiliária"}` },
    { name: "robots", content: "noindex" },
  ];
};

const intentSchema = z.object({ intent: z.enum(["request", "confirm", "token"]) });

function resetMailer() {
  return singleton("auth-mailer", () => mailerFromConfig(getConfig()));
}

/** Step 1 (`intent=request`) or step 2 (`intent=confirm`). */
export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const formData = await request.formData();
  const intent = intentSchema.safeParse({ intent: formData.get("intent") });
  if (!intent.success)
    return json({ step: "request" as const, result: null, notice: null }, { status: 400, headers: PRIVATE });
  const ip = context.clientIp ?? "unknown";
  const backend = getIdentityBackend();
  const db = getDb().db;

  if (intent.data.intent === "token") {
    const submission = parseWithZod(formData, { schema: setPasswordSchema });
    const hide = { hideFields: ["newPassword", "confirmPassword"] };
    if (submission.status !== "success")
      return json(
        { step: "token" as const, result: boundedReply(submission, setPasswordSchema, hide), notice: null },
        { status: 400, headers: PRIVATE },
      );
    const limited = await authRateLimiters().consumeReset(ip, "", "confirm");
    if (limited) {
      return json(
        {
          step: "token" as const,
          result: boundedReply(submission, setPasswordSchema, {
            formErrors: [tooManyAttemptsMessage(limited.retryAfterSeconds)],
            ...hide,
          }),
          notice: null,
        },
        { status: 429, headers: { ...PRIVATE, "Retry-After": String(limited.retryAfterSeconds) } },
      );
    }
    const problems = passwordProblems(submission.value.newPassword, await getPasswordPolicy(backend));
    if (problems.length) {
      return json(
        {
          step: "token" as const,
          result: boundedReply(submission, setPasswordSchema, { fieldErrors: { newPassword: problems }, ...hide }),
          notice: null,
        },
        { status: 400, headers: PRIVATE },
      );
    }
    const outcome = await redeemSetPasswordToken(
      { backend, db, secrets: getSessionSecrets() },
      { token: submission.value.token, newPassword: submission.value.newPassword },
    );
    if (outcome !== "ok") {
      const message =
        "Este link não vale mais (já usado ou expirado). Peça um novo convite ao administrador ou use “Esqueci a senha”.";
      return json(
        {
          step: "token" as const,
          result: boundedReply(submission, setPasswordSchema, { formErrors: [message], ...hide }),
          notice: null,
        },
        { status: 400, headers: PRIVATE },
      );
    }
    return redirectWithToast(
      LOGIN_PATH,
      { type: "success", title: "Senha criada", description: "Entre com o seu e-mail e a nova senha.", duration: 6000 },
      { headers: PRIVATE },
    );
  }

  if (intent.data.intent === "request") {
    const submission = parseWithZod(formData, { schema: resetRequestSchema });
    if (submission.status !== "success") {
      return json(
        { step: "request" as const, result: boundedReply(submission, resetRequestSchema), notice: null },
        { status: 400, headers: PRIVATE },
      );
    }
    const limited = await authRateLimiters().consumeReset(ip, submission.value.email, "request");
    if (limited) {
      return json(
        {
          step: "request" as const,
          result: boundedReply(submission, resetRequestSchema, {
            formErrors: [tooManyAttemptsMessage(limited.retryAfterSeconds)],
          }),
          notice: null,
        },
        { status: 429, headers: { ...PRIVATE, "Retry-After": String(limited.retryAfterSeconds) } },
      );
    }
    const config = getConfig();
    const origin = siteOrigin(request);
    // Not awaited: the answer must not depend on whether the account exists.
    void requestPasswordReset(
      { backend, db, secrets: getSessionSecrets() },
      {
        email: submission.value.email,
        mailer: resetMailer(),
        resetPageUrl: `${origin}${PASSWORD_RESET_PATH}?etapa=codigo`,
        siteTitle: defaultTitle(config),
      },
    ).catch((error: unknown) =>
      console.error(`[auth] falha ao enviar o código de redefinição: ${(error as Error).message}`),
    );
    return json(
      {
        step: "confirm" as const,
        result: boundedReply(submission, resetRequestSchema, { resetForm: true }),
        notice: RESET_REQUESTED_MESSAGE,
        email: submission.value.email,
      },
      { headers: PRIVATE },
    );
  }

  const submission = parseWithZod(formData, { schema: resetConfirmSchema });
  if (submission.status !== "success") {
    return json(
      {
        step: "confirm" as const,
        result: boundedReply(submission, resetConfirmSchema, { hideFields: ["newPassword", "confirmPassword"] }),
        notice: null,
      },
      { status: 400, headers: PRIVATE },
    );
  }
  const limited = await authRateLimiters().consumeReset(ip, submission.value.email, "confirm");
  if (limited) {
    return json(
      {
        step: "confirm" as const,
        result: boundedReply(submission, resetConfirmSchema, {
          formErrors: [tooManyAttemptsMessage(limited.retryAfterSeconds)],
          hideFields: ["newPassword", "confirmPassword"],
        }),
        notice: null,
      },
      { status: 429, headers: { ...PRIVATE, "Retry-After": String(limited.retryAfterSeconds) } },
    );
  }
  const problems = passwordProblems(submission.value.newPassword, await getPasswordPolicy(backend));
  if (problems.length) {
    return json(
      {
        step: "confirm" as const,
        result: boundedReply(submission, resetConfirmSchema, {
          fieldErrors: { newPassword: problems },
          hideFields: ["newPassword", "confirmPassword"],
        }),
        notice: null,
      },
      { status: 400, headers: PRIVATE },
    );
  }
  const outcome = await confirmPasswordReset(
    { backend, db, secrets: getSessionSecrets() },
    { email: submission.value.email, code: submission.value.code, newPassword: submission.value.newPassword },
  );
  if (outcome !== "ok") {
    return json(
      {
        step: "confirm" as const,
        result: boundedReply(submission, resetConfirmSchema, {
          formErrors: [RESET_MESSAGES[outcome]],
          hideFields: ["newPassword", "confirmPassword"],
        }),
        notice: null,
      },
      { status: 400, headers: PRIVATE },
    );
  }
  return redirectWithToast(
    LOGIN_PATH,
    { type: "success", title: "Senha alterada", description: "Entre com a nova senha.", duration: 6000 },
    { headers: PRIVATE },
  );
}

/** Step 1 or step 2. */
export default function PasswordResetPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const step = actionData?.step ?? data.step;
  return (
    <section className={s.card} aria-labelledby="reset-titulo">
      <h1 id="reset-titulo" className={s.title}>
        Redefinir a senha
      </h1>
      {step === "token" ? (
        <TokenForm
          lastResult={actionData?.step === "token" ? actionData.result : null}
          token={data.token}
          minLength={data.policy.minLength}
        />
      ) : step === "request" ? (
        <RequestForm lastResult={actionData?.step === "request" ? actionData.result : null} />
      ) : (
        <ConfirmForm
          lastResult={actionData?.step === "confirm" && !actionData.notice ? actionData.result : null}
          notice={actionData?.notice ?? null}
          email={actionData && "email" in actionData ? actionData.email : ""}
          minLength={data.policy.minLength}
        />
      )}
      <div className={s.links}>
        <Link to={LOGIN_PATH} className={s.link}>
          Voltar para o login
        </Link>
        {step === "confirm" ? (
          <Link to={PASSWORD_RESET_PATH} className={s.link} reloadDocument>
            Pedir um novo código
          </Link>
        ) : null}
      </div>
    </section>
  );
}

type LastResult = SubmissionResult<string[]> | null | undefined;

function usePending() {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formMethod?.toLowerCase() === "post";
}

function RequestForm({ lastResult }: { lastResult: LastResult }) {
  const pending = usePending();
  const [form, fields] = useForm({
    id: "reset-pedido",
    lastResult,
    constraint: getZodConstraint(resetRequestSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetRequestSchema }),
  });
  return (
    <>
      <p className={s.intro}>Informe o e-mail da sua conta. Enviaremos um código para criar uma nova senha.</p>
      <Form method="post" {...getFormProps(form)} noValidate className={s.form}>
        {form.errors?.length ? (
          <p id={form.errorId} className={s.alert} role="alert">
            {form.errors[0]}
          </p>
        ) : null}
        <input type="hidden" name="intent" value="request" />
        <AuthField field={fields.email} label="E-mail" type="email" autoComplete="username" inputMode="email" />
        <button type="submit" className={button.dark} disabled={pending}>
          {pending ? "Enviando…" : "Enviar código"}
        </button>
      </Form>
    </>
  );
}

function ConfirmForm(props: { lastResult: LastResult; notice: string | null; email: string; minLength: number }) {
  const pending = usePending();
  const [form, fields] = useForm({
    id: "reset-codigo",
    lastResult: props.lastResult,
    defaultValue: { email: props.email },
    constraint: getZodConstraint(resetConfirmSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetConfirmSchema }),
  });
  return (
    <>
      {props.notice ? (
        <p className={s.notice} role="status">
          {props.notice}
        </p>
      ) : (
        <p className={s.intro}>Digite o código que enviamos por e-mail e escolha a nova senha.</p>
      )}
      <Form method="post" {...getFormProps(form)} noValidate className={s.form}>
        {form.errors?.length ? (
          <p id={form.errorId} className={s.alert} role="alert">
            {form.errors[0]}
          </p>
        ) : null}
        <input type="hidden" name="intent" value="confirm" />
        <AuthField field={fields.email} label="E-mail" type="email" autoComplete="username" inputMode="email" />
        <AuthField field={fields.code} label="Código" type="text" autoComplete="one-time-code" inputMode="numeric" />
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

function TokenForm(props: { lastResult: LastResult; token: string; minLength: number }) {
  const pending = usePending();
  const [form, fields] = useForm({
    id: "reset-convite",
    lastResult: props.lastResult,
    constraint: getZodConstraint(setPasswordSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: setPasswordSchema }),
  });
  return (
    <>
      <p className={s.intro}>Escolha a senha da sua conta. Depois, entre com o seu e-mail e esta senha.</p>
      <Form method="post" {...getFormProps(form)} noValidate className={s.form}>
        {form.errors?.length ? (
          <p id={form.errorId} className={s.alert} role="alert">
            {form.errors[0]}
          </p>
        ) : null}
        <input type="hidden" name="intent" value="token" />
        <input type="hidden" name="token" value={props.token} />
        <NewPasswordFields
          newPassword={fields.newPassword}
          confirmPassword={fields.confirmPassword}
          minLength={props.minLength}
        />
        <button type="submit" className={button.dark} disabled={pending}>
          {pending ? "Salvando…" : "Criar a senha"}
        </button>
      </Form>
    </>
  );
}

/** "Nova senha" (with the policy's minimum) and "Repita a nova senha": the code form and the invitation form share them. */
function NewPasswordFields(props: {
  newPassword: FieldMetadata<string>;
  confirmPassword: FieldMetadata<string>;
  minLength: number;
}) {
  return (
    <>
      <AuthField
        field={props.newPassword}
        label="Nova senha"
        type="password"
        autoComplete="new-password"
        hint={`Pelo menos ${props.minLength} caracteres.`}
      />
      <AuthField
        field={props.confirmPassword}
        label="Repita a nova senha"
        type="password"
        autoComplete="new-password"
      />
    </>
  );
}
