import { describe, expect, it, vi } from "vitest";
import { DEV_BUILD_ID, getBuildId, getBuildInfo, setBuildId } from "./build-info";

describe("build info", () => {
  it("is 'dev' until the server sets it, then the given id and time", async () => {
    expect(getBuildId()).toBe(DEV_BUILD_ID);
    setBuildId("  a1b2c3  ", 1_700_000_000_000);
    expect(getBuildId()).toBe("a1b2c3");
    expect(getBuildInfo()).toEqual({ id: "a1b2c3", timestamp: 1_700_000_000_000 });
  });

  it("is shared by every copy of the module in the process (Express and the Remix bundle)", async () => {
    setBuildId("shared-id", 1);
    vi.resetModules();
    const copy = await import("./build-info");
    expect(copy.getBuildId()).toBe("shared-id");
  });

  it("rejects an empty id", () => {
    expect(() => setBuildId("  ")).toThrow(TypeError);
  });

  it("answers /builds/latest.json with the id, never cached", async () => {
    setBuildId("v42", 123);
    const { loader } = await import("~/routes/build-latest");
    const response = loader();
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toEqual({ id: "v42", timestamp: 123 });
  });
});
