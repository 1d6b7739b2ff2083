import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { financingSettingsSchema } from "./financing-settings";

/** The admin form as the browser sends it. */
function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.set(name, value);
  return data;
}

describe("financingSettingsSchema (through Conform, as the admin form is read)", () => {
  it("accepts an empty list of bank rates: the field is optional and can be emptied", () => {
    const submission = parseWithZod(form({ defaultRate: "11,5", defaultTerm: "360", banks: "" }), {
      schema: financingSettingsSchema,
    });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({
      defaultRate: 11.5,
      defaultTerm: 360,
      banks: [],
    });
  });

  it("reads one bank per line and refuses a line without a rate, beside the field", () => {
    const ok = parseWithZod(form({ defaultRate: "10,49", defaultTerm: "300", banks: "Caixa: 10,99\r\nItaú: 11,6" }), {
      schema: financingSettingsSchema,
    });
    expect(ok.status === "success" && ok.value.banks.map((bank) => bank.name)).toEqual(["Caixa", "Itaú"]);
    const bad = parseWithZod(form({ defaultRate: "10,49", defaultTerm: "300", banks: "Caixa" }), {
      schema: financingSettingsSchema,
    });
    expect(bad.status).toBe("error");
    expect(bad.reply().error?.banks?.length).toBeGreaterThan(0);
  });
});
