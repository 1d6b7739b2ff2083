// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CheckboxField, DoubleCheckButton, Field, FormAlert, SelectField, TextareaField } from "./forms";

afterEach(cleanup);

describe("Field", () => {
  it("labels its input and says nothing more when valid", () => {
    render(<Field label="Nome" inputProps={{ id: "nome", name: "name", defaultValue: "Ana" }} />);
    const input = screen.getByLabelText("Nome");
    expect(input).toHaveProperty("value", "Ana");
    expect(input.getAttribute("aria-invalid")).toBeNull();
    expect(input.getAttribute("aria-describedby")).toBeNull();
  });

  it("shows the first error beside the input and links it and the hint by aria-describedby", () => {
    render(
      <Field
        label="E-mail"
        hint="O e-mail de acesso."
        inputProps={{ id: "email", name: "email", type: "email" }}
        errors={["Informe um e-mail válido.", "segunda mensagem"]}
      />,
    );
    const input = screen.getByLabelText("E-mail");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(input.getAttribute("aria-describedby")).toBe("email-erro email-dica");
    expect(document.getElementById("email-erro")?.textContent).toBe("Informe um e-mail válido.");
    expect(document.getElementById("email-dica")?.textContent).toBe("O e-mail de acesso.");
    expect(screen.queryByText("segunda mensagem")).toBeNull();
  });

  it("marks an optional field in its label", () => {
    render(<Field label="Telefone" optional inputProps={{ id: "tel" }} />);
    expect(screen.getByLabelText("Telefone (opcional)")).toBeTruthy();
  });
});

describe("TextareaField, SelectField and CheckboxField", () => {
  it("wire the same label and error rules", () => {
    render(
      <>
        <TextareaField label="Mensagem" textareaProps={{ id: "msg" }} errors={["Mensagem longa demais."]} />
        <SelectField label="Papel" selectProps={{ id: "papel", defaultValue: "agent" }}>
          <option value="admin">Administrador</option>
          <option value="agent">Corretor</option>
        </SelectField>
        <CheckboxField label="Ativo" inputProps={{ id: "ativo", name: "active", defaultChecked: true }} />
      </>,
    );
    expect(screen.getByLabelText("Mensagem").getAttribute("aria-describedby")).toBe("msg-erro");
    expect(screen.getByText("Mensagem longa demais.").id).toBe("msg-erro");
    expect(screen.getByLabelText("Papel")).toHaveProperty("value", "agent");
    expect(screen.getByLabelText("Ativo")).toHaveProperty("checked", true);
  });
});

describe("FormAlert", () => {
  it("is an alert for errors, a status for notices, and nothing without a message", () => {
    const html = renderToString(
      <>
        <FormAlert message="Muitas tentativas." />
        <FormAlert tone="notice" message="Enviamos um código." />
        <FormAlert message={null} />
      </>,
    );
    expect(html).toMatch(/<p role="alert"[^>]*>Muitas tentativas.<\/p>/);
    expect(html).toMatch(/<p role="status"[^>]*>Enviamos um código.<\/p>/);
    expect(html.match(/<p/g)).toHaveLength(2);
  });
});

describe("DoubleCheckButton", () => {
  function setup() {
    const submitted = vi.fn((event: SubmitEvent) => event.preventDefault());
    render(
      <form onSubmit={(event) => submitted(event.nativeEvent as SubmitEvent)}>
        <DoubleCheckButton name="intent" value="delete">
          Excluir
        </DoubleCheckButton>
      </form>,
    );
    return { submitted, button: screen.getByRole("button") };
  }

  it("asks again on the first click and submits only on the second", () => {
    const { submitted, button } = setup();
    fireEvent.click(button);
    expect(submitted).not.toHaveBeenCalled();
    expect(button.textContent).toBe("Tem certeza? Clique de novo");
    fireEvent.click(button);
    expect(submitted).toHaveBeenCalledTimes(1);
  });

  it("disarms when the button loses focus or on Escape", () => {
    const { submitted, button } = setup();
    fireEvent.click(button);
    fireEvent.blur(button);
    expect(button.textContent).toBe("Excluir");
    fireEvent.click(button);
    fireEvent.keyDown(button, { key: "Escape" });
    expect(button.textContent).toBe("Excluir");
    fireEvent.click(button);
    expect(submitted).not.toHaveBeenCalled();
  });
});
