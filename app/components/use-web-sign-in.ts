/**
 * The login page's web SDK sign-in as React state
 * (docs/decisions/0070-sign-in-through-the-firebase-web-sdk.md): with a real
 * project the form's submit goes to the Firebase web SDK first (loaded then),
 * a second factor is asked for when the account has one, and the ID token is
 * posted to the page's action, which opens the session. Without a project
 * configuration (the embedded emulator) nothing changes: the form posts its
 * e-mail and password to the server.
 */
import { useSubmit } from "@remix-run/react";
import { type FormEvent, useState } from "react";
import { type FirebaseWebConfig, startWebSignIn, type WebSignInStep } from "~/lib/firebase-web-sign-in";
import { SIGN_IN_MESSAGES } from "~/lib/sign-in-messages";

/** What {@link useWebSignIn} gives the login page. */
export interface WebSignIn {
  /** Conform's `onSubmit` for the login form; undefined without a project (the form posts as it is). */
  onSubmit?: (event: FormEvent<HTMLFormElement>, context: { formData: FormData }) => void;
  /** The SDK is working (signing in, sending or checking a code). */
  busy: boolean;
  /** The second-factor step when one is asked for. */
  codeStep: Extract<WebSignInStep, { kind: "code" }> | null;
  /** pt-BR refusal of the SDK, shown beside the form. */
  message: string | null;
  /** Checks the second factor's code. */
  submitCode(code: string): void;
  /** Leaves the second-factor step for the form. */
  cancel(): void;
}

/** The web SDK sign-in of the login page for `config` (null: the server path only). */
export function useWebSignIn(config: FirebaseWebConfig | null, redirectTo: string): WebSignIn {
  const submit = useSubmit();
  const [busy, setBusy] = useState(false);
  const [codeStep, setCodeStep] = useState<WebSignIn["codeStep"]>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [email, setEmail] = useState("");

  const settle = (step: WebSignInStep, signedInEmail: string) => {
    setBusy(false);
    if (step.kind === "done") {
      setCodeStep(null);
      const fields = { intent: "id-token", email: signedInEmail, idToken: step.idToken, redirectTo };
      submit(step.appCheckToken ? { ...fields, appCheckToken: step.appCheckToken } : fields, { method: "post" });
    } else if (step.kind === "code") {
      setCodeStep(step);
      setMessage(step.message ?? null);
    } else {
      setCodeStep(null);
      setMessage(step.message);
    }
  };
  const failed = () => settle({ kind: "error", message: SIGN_IN_MESSAGES.NETWORK }, email);

  const onSubmit = config
    ? (event: FormEvent<HTMLFormElement>, { formData }: { formData: FormData }) => {
        event.preventDefault();
        const typed = String(formData.get("email") ?? "").trim();
        setEmail(typed);
        setMessage(null);
        setBusy(true);
        import("~/lib/firebase-web-sdk")
          .then(({ loadFirebaseAuthApi }) => loadFirebaseAuthApi(config))
          .then((api) => startWebSignIn(api, typed, String(formData.get("password") ?? "")))
          .then((step) => settle(step, typed), failed);
      }
    : undefined;

  return {
    onSubmit,
    busy,
    codeStep,
    message,
    submitCode(code) {
      if (!codeStep) return;
      setBusy(true);
      codeStep.submit(code).then((step) => settle(step, email), failed);
    },
    cancel() {
      setCodeStep(null);
      setMessage(null);
    },
  };
}
