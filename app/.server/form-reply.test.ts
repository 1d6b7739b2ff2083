import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { singleLineText } from "~/lib/text-fields";
import { boundedReply, ECHO_MAX_CONTROL, UNBOUNDED_FIELD_ECHO_MAX } from "./form-reply";

const schema = z.object({
  name: singleLineText({ max: 120, min: 2, required: "Informe seu nome." }),
  phone: singleLineText({ max: 40, required: "Informe seu telefone." }),
  count: z.coerce.number().int().max(10),
  tags: z.array(singleLineText({ max: 5 })).optional(),
  password: z.string().max(4096),
});

function form(fields: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of fields) data.append(name, value);
  return data;
}

describe("boundedReply", () => {
  it("echoes each field cut to its schema maximum and drops fields the schema does not know", () => {
    const submission = parseWithZod(
      form([
        ["name", "N".repeat(100_000)],
        ["phone", "(11) 91234-5678"],
        ["count", "9".repeat(5_000)],
        ["website", "x".repeat(100_000)],
        ["y".repeat(10_000), "z"],
        ["password", "segredo"],
      ]),
      { schema },
    );
    expect(submission.status).toBe("error");
    const reply = boundedReply(submission, schema, { hideFields: ["password"] });
    expect(reply.initialValue).toEqual({
      name: "N".repeat(120),
      phone: "(11) 91234-5678",
      count: "9".repeat(UNBOUNDED_FIELD_ECHO_MAX),
    });
    expect(reply.fields?.sort()).toEqual(["count", "name", "password", "phone"]);
    expect(reply.error).toMatchObject({ name: ["Use no máximo 120 caracteres."] });
    expect(JSON.stringify(reply).length).toBeLessThan(2_000);
  });

  it("bounds list fields item by item and keeps the action's own errors", () => {
    const submission = parseWithZod(
      form([
        ["name", "Ana"],
        ["phone", "1"],
        ["count", "1"],
        ["password", "x"],
        ["tags", "abcdefgh"],
        ["tags", "ok"],
      ]),
      { schema },
    );
    const reply = boundedReply(submission, schema, {
      formErrors: ["Tente de novo."],
      fieldErrors: { phone: ["Telefone inválido."] },
    });
    expect(reply.initialValue).toMatchObject({ tags: ["abcde", "ok"] });
    expect(reply.error).toMatchObject({ "": ["Tente de novo."], phone: ["Telefone inválido."] });
  });

  it("drops an oversized intent and passes a reset through", () => {
    const big = JSON.stringify({ type: "validate", payload: { name: "n".repeat(ECHO_MAX_CONTROL) } });
    const submission = parseWithZod(
      form([
        ["name", "Ana"],
        ["__intent__", big],
      ]),
      { schema },
    );
    expect(boundedReply(submission, schema).intent).toBeUndefined();
    const small = parseWithZod(
      form([
        ["name", "Ana"],
        ["__intent__", JSON.stringify({ type: "validate", payload: { name: "name" } })],
      ]),
      { schema },
    );
    expect(boundedReply(small, schema).intent).toEqual({ type: "validate", payload: { name: "name" } });
    const ok = parseWithZod(
      form([
        ["name", "Ana"],
        ["phone", "1"],
        ["count", "1"],
        ["password", "x"],
      ]),
      { schema },
    );
    expect(boundedReply(ok, schema, { resetForm: true })).toEqual({ initialValue: null });
  });
});
