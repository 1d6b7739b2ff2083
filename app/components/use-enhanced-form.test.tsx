// @vitest-environment happy-dom
import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { useEnhancedForm } from "./use-enhanced-form";

afterEach(cleanup);

describe("useEnhancedForm", () => {
  it("posts the loader's key until hydrated, then its own key, and a new one after each accepted request", async () => {
    const seen: { enhanced: boolean; key: string }[] = [];
    const { result } = renderHook(() => {
      const form = useEnhancedForm("chave-do-loader");
      seen.push({ enhanced: form.enhanced, key: form.idempotencyKey });
      return form;
    });
    // The first render (the server's markup) carries the loader's key, not yet enhanced.
    expect(seen[0]).toEqual({ enhanced: false, key: "chave-do-loader" });
    await waitFor(() => expect(result.current.enhanced).toBe(true));
    const own = result.current.idempotencyKey;
    expect(own).not.toBe("chave-do-loader");
    expect(own).toMatch(/^[0-9a-f-]{36}$/);

    act(() => result.current.renewKey());
    expect(result.current.idempotencyKey).not.toBe(own);
    expect(result.current.enhanced).toBe(true);
  });
});
