/**
 * The sign-in card of the "empty" layout (`/login-corretores` and its
 * password pages): a titled card with the form and links under it, and the
 * pieces the password forms share. Fields come from the form kit (`forms.tsx`).
 */
import type { FieldMetadata } from "@conform-to/react";
import type { MetaFunction } from "@remix-run/node";
import { Link, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import * as s from "~/components/auth-form.css";
import { Field } from "~/components/conform-fields";
import { LOGIN_PATH } from "~/lib/paths";

/** `<title>` "{page} – Área do corretor | {site title}" and `noindex`. */
export function authPageMeta(page: string): MetaFunction {
  return ({ matches }) => {
    const root = matches.find((match) => match.id === "root")?.data as { theme?: { title?: string } } | undefined;
    return [
      { title: `${page} – Área do corretor | ${root?.theme?.title ?? "Imobiliária"}` },
      { name: "robots", content: "noindex" },
    ];
  };
}

/** Whether a POST of this page is under way (the submit button shows "Enviando…" and is disabled). */
export function usePostPending(): boolean {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formMethod?.toLowerCase() === "post";
}

/** The card: an `<h1>` (`titleId` labels the section), the content, then the links row. */
export function AuthCard(props: { titleId: string; title: string; children: ReactNode; links: ReactNode }) {
  return (
    <section className={s.card} aria-labelledby={props.titleId}>
      <h1 id={props.titleId} className={s.title}>
        {props.title}
      </h1>
      {props.children}
      <div className={s.links}>{props.links}</div>
    </section>
  );
}

/** "Voltar para o login", the first link under the password pages' cards. */
export function LoginLink() {
  return (
    <Link to={LOGIN_PATH} className={s.link}>
      Voltar para o login
    </Link>
  );
}

/** The e-mail field of the sign-in and reset forms. */
export function EmailField({ field }: { field: FieldMetadata<string> }) {
  return (
    <Field field={field} type="email" label="E-mail" inputProps={{ autoComplete: "username", inputMode: "email" }} />
  );
}

/** "Nova senha" (with the policy's minimum) and "Repita a nova senha": the reset-code form and the set-password form share them. */
export function NewPasswordFields(props: {
  newPassword: FieldMetadata<string>;
  confirmPassword: FieldMetadata<string>;
  minLength: number;
}) {
  return (
    <>
      <Field
        field={props.newPassword}
        type="password"
        label="Nova senha"
        hint={`Pelo menos ${props.minLength} caracteres.`}
        inputProps={{ autoComplete: "new-password" }}
      />
      <Field
        field={props.confirmPassword}
        type="password"
        label="Repita a nova senha"
        inputProps={{ autoComplete: "new-password" }}
      />
    </>
  );
}
