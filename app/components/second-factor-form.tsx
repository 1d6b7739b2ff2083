/**
 * The second step of the login page's web SDK sign-in
 * (docs/decisions/0070-sign-in-through-the-firebase-web-sdk.md): the code of
 * the account's second factor, from an authenticator app or sent by SMS.
 * It exists only with JavaScript (the SDK asked for it), so it is a plain
 * form handled in the browser.
 */
import { type FormEvent, useState } from "react";
import * as s from "~/components/auth-form.css";
import { Field, FormAlert } from "~/components/forms";
import { button } from "~/styles/ui.css";

/** Props of {@link SecondFactorForm}. */
export interface SecondFactorFormProps {
  factor: "totp" | "phone";
  /** The factor's name or the masked phone number. */
  label: string;
  /** pt-BR message after a wrong or expired code. */
  message: string | null;
  busy: boolean;
  onSubmit(code: string): void;
  onCancel(): void;
}

/** Six digits, as both factors give them. */
const CODE_PATTERN = /^\d{6}$/;

/** The code field, "Confirmar" and "Voltar". */
export function SecondFactorForm(props: SecondFactorFormProps) {
  const [error, setError] = useState<string | null>(null);
  const intro =
    props.factor === "totp"
      ? `Digite o código de 6 dígitos do seu aplicativo autenticador (${props.label}).`
      : `Enviamos um código de 6 dígitos por SMS para ${props.label}.`;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get("code") ?? "").replace(/\s+/g, "");
    if (!CODE_PATTERN.test(code)) {
      setError("Digite os 6 dígitos do código.");
      return;
    }
    setError(null);
    props.onSubmit(code);
  };
  return (
    <form onSubmit={submit} noValidate className={s.form} aria-busy={props.busy || undefined}>
      <p className={s.intro}>Verificação em duas etapas. {intro}</p>
      <FormAlert message={props.message} />
      <Field
        label="Código de verificação"
        errors={error ? [error] : undefined}
        inputProps={{
          id: "login-codigo",
          name: "code",
          autoComplete: "one-time-code",
          inputMode: "numeric",
          maxLength: 8,
          required: true,
          autoFocus: true,
        }}
      />
      <button type="submit" className={button.dark} disabled={props.busy}>
        {props.busy ? "Confirmando…" : "Confirmar"}
      </button>
      <button type="button" className={button.outline} onClick={props.onCancel} disabled={props.busy}>
        Voltar
      </button>
    </form>
  );
}
