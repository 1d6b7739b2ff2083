import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_PASSWORD_POLICY,
  loginPath,
  passwordProblems,
  ROLE_DEFINITIONS,
  roleSatisfies,
  safeRedirectPath,
} from "./auth";
import { resetConfirmSchema } from "./auth-forms";

describe("safeRedirectPath", () => {
  it("keeps same-site paths with their query", () => {
    expect(safeRedirectPath("/painel")).toBe("/painel");
    expect(safeRedirectPath("/detalhes/x/1?foto=2#mapa")).toBe("/detalhes/x/1?foto=2#mapa");
  });

  it.each([
    ["//evil.example/x"],
    ["/\\evil.example"],
    ["https://evil.example/"],
    ["javascript:alert(1)"],
    ["painel"],
    ["/pa\nnel"],
    ["/login-corretores"],
    ["/login-corretores?redirectTo=/x"],
    [""],
    [null],
    ["/" + "a".repeat(2001)],
  ])("refuses %j", (value) => {
    expect(safeRedirectPath(value)).toBe("/painel");
    expect(safeRedirectPath(value, "/")).toBe("/");
  });

  it("loginPath adds redirectTo only for a safe path", () => {
    expect(loginPath("/painel?x=1")).toBe("/login-corretores?redirectTo=%2Fpainel%3Fx%3D1");
    expect(loginPath("//evil.example")).toBe("/login-corretores");
    expect(loginPath(null)).toBe("/login-corretores");
  });
});

describe("roles", () => {
  it("admin passes both middlewares; agent only its own", () => {
    expect(roleSatisfies("admin", "admin")).toBe(true);
    expect(roleSatisfies("admin", "agent")).toBe(true);
    expect(roleSatisfies("agent", "agent")).toBe(true);
    expect(roleSatisfies("agent", "admin")).toBe(false);
  });

  it("migration 0005 inserts exactly ROLE_DEFINITIONS", () => {
    const sql = fs.readFileSync(path.resolve(__dirname, "../.server/db/migrations/0005_auth.sql"), "utf8");
    for (const role of Object.values(ROLE_DEFINITIONS)) {
      expect(sql).toContain(`('${role.name}', '${role.label}', '${JSON.stringify(role.permissions)}'::jsonb)`);
    }
    expect(ROLE_DEFINITIONS.agent.label).toBe("Corretor");
    expect(ROLE_DEFINITIONS.admin.label).toBe("Administrador");
  });
});

describe("password policy", () => {
  it("the default asks for at least 6 characters (docs/spec.txt §5)", () => {
    expect(passwordProblems("12345", DEFAULT_PASSWORD_POLICY)).toEqual(["A senha deve ter pelo menos 6 caracteres."]);
    expect(passwordProblems("123456", DEFAULT_PASSWORD_POLICY)).toEqual([]);
  });

  it("a stricter policy lists every missing requirement in Portuguese", () => {
    const policy = {
      minLength: 8,
      maxLength: 12,
      requireLowercase: true,
      requireUppercase: true,
      requireNumeric: true,
      requireNonAlphanumeric: true,
    };
    expect(passwordProblems("ABCDEFGHIJKLM", policy)).toEqual([
      "A senha deve ter no máximo 12 caracteres.",
      "A senha deve ter uma letra minúscula.",
      "A senha deve ter um número.",
      "A senha deve ter um símbolo.",
    ]);
    expect(passwordProblems("Senha-123", policy)).toEqual([]);
  });

  it("the reset form wants a 6-digit code and matching passwords", () => {
    const password = "abcdef";
    const base = {
      intent: "confirm",
      email: "A@B.com",
      code: "123456",
      newPassword: password,
      confirmPassword: password,
    };
    expect(resetConfirmSchema.parse(base).email).toBe("a@b.com");
    const wrong = resetConfirmSchema.safeParse({ ...base, code: "12a456", confirmPassword: "abcdeg" });
    expect(wrong.success).toBe(false);
    expect(wrong.error!.issues.map((issue) => issue.message)).toEqual([
      "O código tem 6 números.",
      "As senhas não conferem.",
    ]);
  });
});
