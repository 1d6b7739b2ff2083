// @vitest-environment happy-dom
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { LEAD_FORM_FIELDS } from "~/lib/lead-fields";
import { SpamGuardFields } from "./spam-guard-fields";

afterEach(cleanup);

/** The form's data as the server reads it. */
function sent(form: HTMLFormElement): Record<string, string> {
  return Object.fromEntries([...new FormData(form)].map(([name, value]) => [name, String(value)]));
}

describe("SpamGuardFields", () => {
  it("sends the key, the signed start time and an empty honeypot", () => {
    const { container } = render(
      <form>
        <SpamGuardFields idempotencyKey="key-1" startedAt="1700000000000.abc" enhanced={false} />
      </form>,
    );
    expect(sent(container.querySelector("form")!)).toEqual({
      [LEAD_FORM_FIELDS.idempotencyKey]: "key-1",
      [LEAD_FORM_FIELDS.startedAt]: "1700000000000.abc",
      [LEAD_FORM_FIELDS.honeypot]: "",
    });
  });

  it("marks a hydrated page's sending so the action answers JSON", () => {
    const { container } = render(
      <form>
        <SpamGuardFields idempotencyKey="key-1" startedAt="1.a" enhanced />
      </form>,
    );
    expect(sent(container.querySelector("form")!)[LEAD_FORM_FIELDS.enhanced]).toBe("1");
  });

  it("keeps the honeypot away from people, the keyboard, autofill and assistive tech", () => {
    const { container } = render(<SpamGuardFields idempotencyKey="k" startedAt="1.a" enhanced={false} />);
    const honeypot = container.querySelector<HTMLInputElement>(`input[name="${LEAD_FORM_FIELDS.honeypot}"]`)!;
    expect(honeypot.tabIndex).toBe(-1);
    expect(honeypot.getAttribute("autocomplete")).toBe("off");
    expect(honeypot.closest("[aria-hidden='true']")).not.toBeNull();
  });
});
