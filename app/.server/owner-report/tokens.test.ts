import { describe, expect, it } from "vitest";
import {
  isOwnerReportToken,
  newOwnerReportToken,
  ownerReportTokenHash,
  signOwnerUnsubscribeToken,
  verifyOwnerUnsubscribeToken,
} from "./tokens";

const ID = "0b8f5c1e-2d3a-4c5b-8e9f-0123456789ab";

describe("report tokens", () => {
  it("32 random bytes in base64url; the stored hash is SHA-256 hex", () => {
    const token = newOwnerReportToken();
    expect(isOwnerReportToken(token)).toBe(true);
    expect(token).not.toBe(newOwnerReportToken());
    expect(ownerReportTokenHash(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(isOwnerReportToken("x".repeat(42))).toBe(false);
    expect(isOwnerReportToken("x".repeat(42) + "/")).toBe(false);
  });
});

describe("unsubscribe tokens", () => {
  it("verify with any secret of the rotation, refuse a forged or altered one", () => {
    const token = signOwnerUnsubscribeToken(ID, ["novo-segredo"]);
    expect(verifyOwnerUnsubscribeToken(token, ["novo-segredo"])).toBe(ID);
    expect(verifyOwnerUnsubscribeToken(token, ["outro", "novo-segredo"])).toBe(ID);
    expect(verifyOwnerUnsubscribeToken(token, ["outro"])).toBeNull();
    const other = signOwnerUnsubscribeToken(ID.replace("0b8f", "1b8f"), ["novo-segredo"]);
    expect(verifyOwnerUnsubscribeToken(`${token.split(".")[0]}.${other.split(".")[1]}`, ["novo-segredo"])).toBeNull();
    expect(verifyOwnerUnsubscribeToken("lixo", ["novo-segredo"])).toBeNull();
  });
});
