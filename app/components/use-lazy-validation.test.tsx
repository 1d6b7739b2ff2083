// @vitest-environment happy-dom
import type { SubmissionResult } from "@conform-to/react";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Field, FormAlert } from "./forms";
import { type FormValidator, useLazyValidation } from "./use-lazy-validation";

afterEach(cleanup);

/** Name required; e-mail must have an "@". */
const validate: FormValidator = (data) => {
  const errors: Record<string, string[]> = {};
  if (!String(data.get("name") ?? "").trim()) errors.name = ["Informe seu nome."];
  if (!String(data.get("email") ?? "").includes("@")) errors.email = ["Informe um e-mail válido."];
  return errors;
};

function Form(props: { load: () => Promise<FormValidator>; lastResult?: SubmissionResult<string[]> | null }) {
  const { form, field, formErrors } = useLazyValidation({
    id: "contato",
    load: props.load,
    lastResult: props.lastResult,
    defaultValue: { name: "Ana" },
  });
  const name = field("name");
  const email = field("email");
  return (
    <form {...form} aria-label="Contato">
      <Field
        label="Nome"
        errors={name.errors}
        inputProps={{ id: name.id, name: name.name, defaultValue: name.defaultValue }}
      />
      <Field
        label="E-mail"
        errors={email.errors}
        inputProps={{ id: email.id, name: email.name, defaultValue: email.defaultValue }}
      />
      <FormAlert message={formErrors?.join(" ")} />
      <button type="submit">Enviar</button>
    </form>
  );
}

/** A load() whose promise the test settles. */
function deferredLoad() {
  let resolve!: (validator: FormValidator) => void;
  const load = vi.fn(() => new Promise<FormValidator>((r) => (resolve = r)));
  return { load, resolve: (v: FormValidator) => act(async () => resolve(v)) };
}

describe("useLazyValidation", () => {
  it("renders the server's errors and the submitted values without JavaScript", () => {
    const html = renderToString(
      <Form
        load={() => Promise.resolve(validate)}
        lastResult={{
          status: "error",
          initialValue: { name: "", email: "x" },
          error: { email: ["Informe um e-mail válido."], "": ["Tente de novo."] },
        }}
      />,
    );
    expect(html).toContain('id="contato-email"');
    expect(html).toContain('value="x"');
    expect(html).toContain("Informe um e-mail válido.");
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain("Tente de novo.");
    expect(html).toContain('novalidate=""');
  });

  it("loads the validator on the first focus only, and checks a field left before it arrived", async () => {
    const { load, resolve } = deferredLoad();
    render(<Form load={load} />);
    expect(load).not.toHaveBeenCalled();
    const email = screen.getByLabelText("E-mail");
    fireEvent.focus(email);
    fireEvent.input(email, { target: { value: "sem-arroba" } });
    fireEvent.blur(email);
    fireEvent.focus(screen.getByLabelText("Nome"));
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.queryByText("Informe um e-mail válido.")).toBeNull();
    await resolve(validate);
    expect(screen.getByText("Informe um e-mail válido.")).toBeTruthy();
    // Only touched fields show their errors: the name (default "Ana") was never left.
    expect(screen.queryByText("Informe seu nome.")).toBeNull();
    // Revalidated on each input once shown.
    fireEvent.input(email, { target: { value: "ana@exemplo.com" } });
    expect(screen.queryByText("Informe um e-mail válido.")).toBeNull();
  });

  it("stops a submit with errors, shows them all and focuses the first invalid field", async () => {
    render(<Form load={() => Promise.resolve(validate)} />);
    const name = screen.getByLabelText("Nome");
    await act(async () => {
      fireEvent.focus(name);
    });
    fireEvent.input(name, { target: { value: "" } });
    const submit = new Event("submit", { bubbles: true, cancelable: true });
    act(() => {
      screen.getByRole("form", { name: "Contato" }).dispatchEvent(submit);
    });
    expect(submit.defaultPrevented).toBe(true);
    expect(screen.getByText("Informe seu nome.")).toBeTruthy();
    expect(screen.getByText("Informe um e-mail válido.")).toBeTruthy();
    expect(document.activeElement).toBe(name);
  });

  it("lets the form post while the validator has not arrived (the server validates)", () => {
    const { load } = deferredLoad();
    render(<Form load={load} />);
    fireEvent.focus(screen.getByLabelText("Nome"));
    const submit = new Event("submit", { bubbles: true, cancelable: true });
    screen.getByRole("form", { name: "Contato" }).dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(false);
    expect(screen.queryByText("Informe seu nome.")).toBeNull();
  });

  it("shows a new server answer's errors and focuses its first invalid field", () => {
    const { rerender } = render(<Form load={() => Promise.resolve(validate)} lastResult={null} />);
    rerender(
      <Form
        load={() => Promise.resolve(validate)}
        lastResult={{ status: "error", error: { email: ["Este e-mail não recebe mensagens."] } }}
      />,
    );
    expect(screen.getByText("Este e-mail não recebe mensagens.")).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText("E-mail"));
  });
});
