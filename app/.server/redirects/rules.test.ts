import { describe, expect, it } from "vitest";
import {
  isProtectedPath,
  isServableRule,
  normalizeRedirectPath,
  parseRedirectTarget,
  redirectFormSchema,
} from "~/lib/redirects";
import { buildRuleTable, findCycle, type RedirectRule, resolveRedirect } from "./rules";

let next = 0;
function rule(fromPath: string, target: string, statusCode: 301 | 302 = 301, active = true): RedirectRule {
  next += 1;
  return { id: `r${next}`, fromPath, target, statusCode, active };
}

describe("normalizeRedirectPath", () => {
  it("percent-encodes, drops the trailing slash and refuses what is not a plain path", () => {
    expect(normalizeRedirectPath("/promoção/")).toBe("/promo%C3%A7%C3%A3o");
    expect(normalizeRedirectPath("/promo%C3%A7%C3%A3o")).toBe("/promo%C3%A7%C3%A3o");
    expect(normalizeRedirectPath("/")).toBe("/");
    for (const bad of ["promo", "//evil.example", "/a b", "/a?x=1", "/a#x", "/a\\b"])
      expect(normalizeRedirectPath(bad)).toBeNull();
  });

  it("protects the admin, login, health, assets and build paths", () => {
    for (const path of [
      "/admin",
      "/admin/leads",
      "/login-corretores",
      "/health/server",
      "/assets/x.js",
      "/build",
      "/builds/latest.json",
      "/__manifest",
    ]) {
      expect(isProtectedPath(path)).toBe(true);
    }
    expect(isProtectedPath("/administradora")).toBe(false);
    expect(isProtectedPath("/promocao")).toBe(false);
  });

  it("parses internal and external targets and refuses others", () => {
    expect(parseRedirectTarget("/todos-os-imoveis?x=1")).toEqual({
      kind: "internal",
      value: "/todos-os-imoveis?x=1",
      path: "/todos-os-imoveis",
    });
    expect(parseRedirectTarget("https://exemplo.com.br/a")).toEqual({
      kind: "external",
      value: "https://exemplo.com.br/a",
    });
    for (const bad of ["//evil.example", "javascript:alert(1)", "ftp://x.example", "relativo", "/a b", ""])
      expect(parseRedirectTarget(bad)).toBeNull();
  });
});

describe("redirectFormSchema", () => {
  it("gives Portuguese messages beside each field", () => {
    const result = redirectFormSchema.safeParse({ fromPath: "/admin/x", target: "ftp://x", statusCode: "307" });
    expect(result.success).toBe(false);
    const errors = result.error!.flatten().fieldErrors;
    expect(errors.fromPath).toEqual(["Este caminho é reservado do sistema e não pode ser redirecionado."]);
    expect(errors.target?.[0]).toMatch(/^Informe um caminho do site/);
    expect(errors.statusCode).toEqual(["Escolha 301 (permanente) ou 302 (temporário)."]);
  });

  it("refuses a rule to itself and normalises a valid one", () => {
    const self = redirectFormSchema.safeParse({ fromPath: "/a/", target: "/a", statusCode: "301", active: "on" });
    expect(self.error?.flatten().fieldErrors.target).toEqual(["O destino não pode ser o próprio caminho de origem."]);
    expect(redirectFormSchema.parse({ fromPath: " /Promoção ", target: "/b", statusCode: "302" })).toEqual({
      fromPath: "/Promo%C3%A7%C3%A3o",
      target: "/b",
      statusCode: 302,
      active: false,
    });
  });
});

describe("redirect targets and paths that could leave the site or forge headers", () => {
  const BAD_TARGETS = [
    "javascript:alert(1)",
    "//evil.example",
    "/\\evil.example",
    "/a\r\nSet-Cookie: x",
    "http://x.example",
    "/a\\b",
    "/a\u0000b",
    "https://x.example/\u2028a",
    "https://x.example/\u0085a",
  ];

  it("the form refuses each bad target with a pt-BR message beside the field, without throwing", () => {
    for (const target of BAD_TARGETS) {
      const result = redirectFormSchema.safeParse({ fromPath: "/promocao", target, statusCode: "301", active: "on" });
      expect(result.success, target).toBe(false);
      const errors = result.error!.flatten().fieldErrors;
      expect(errors.target?.[0], target).toMatch(
        /^(Informe um caminho do site|Use um endereço seguro|Use apenas uma linha)/,
      );
      expect(errors.fromPath, target).toBeUndefined();
    }
    expect(
      redirectFormSchema
        .safeParse({ fromPath: "/promocao", target: "http://x.example", statusCode: "301" })
        .error?.flatten().fieldErrors.target,
    ).toEqual(["Use um endereço seguro, começando com https:// (http:// não é aceito)."]);
  });

  it("the form accepts a site path and an https URL", () => {
    expect(
      redirectFormSchema.parse({ fromPath: "/promocao", target: "/ok", statusCode: "301", active: "on" }).target,
    ).toBe("/ok");
    expect(
      redirectFormSchema.parse({ fromPath: "/promocao", target: "https://ok.example/x", statusCode: "302" }).target,
    ).toBe("https://ok.example/x");
  });

  it("the form refuses from-paths that are not plain site paths, with its message", () => {
    for (const fromPath of ["//evil.example", "/\\evil", "/a\r\nb", "/a\u0000b", "https://x.example/a"]) {
      const result = redirectFormSchema.safeParse({ fromPath, target: "/ok", statusCode: "301" });
      expect(result.error?.flatten().fieldErrors.fromPath, fromPath).toEqual([
        "Informe um caminho do site começando com /, sem espaços, ? ou #, por exemplo /promocao.",
      ]);
    }
  });

  it("parseRedirectTarget refuses http:, backslashes and control characters", () => {
    for (const target of BAD_TARGETS) expect(parseRedirectTarget(target), target).toBeNull();
    expect(parseRedirectTarget("HTTPS://Ok.Example/a")).toEqual({ kind: "external", value: "https://ok.example/a" });
  });

  it("a stored rule the form would refuse is never served", () => {
    expect(isServableRule({ fromPath: "/a", target: "/b" })).toBe(true);
    const bad = [
      rule("/velho-http", "http://x.example"),
      rule("/velho-crlf", "/a\r\nSet-Cookie: x"),
      rule("/velho-js", "javascript:alert(1)"),
      rule("/a\r\nb", "/ok"),
    ];
    for (const stored of bad) expect(isServableRule(stored), stored.target).toBe(false);
    const table = buildRuleTable([...bad, rule("/bom", "/ok")]);
    expect([...table.keys()]).toEqual(["/bom"]);
    for (const stored of bad) expect(resolveRedirect(table, stored.fromPath)).toEqual({ kind: "none" });
  });
});

describe("resolveRedirect", () => {
  it("matches the exact path (trailing slash ignored) and keeps the query", () => {
    const table = buildRuleTable([rule("/antigo", "/novo"), rule("/off", "/x", 301, false)]);
    expect(resolveRedirect(table, "/antigo/", "?utm_source=x")).toEqual({
      kind: "redirect",
      decision: { location: "/novo?utm_source=x", status: 301, external: false, hops: 1 },
    });
    expect(resolveRedirect(table, "/antigo/filho")).toEqual({ kind: "none" });
    expect(resolveRedirect(table, "/off")).toEqual({ kind: "none" });
  });

  it("a target with its own query keeps it; external targets are marked", () => {
    const table = buildRuleTable([rule("/campanha", "https://exemplo.com.br/lp?ref=site", 302)]);
    expect(resolveRedirect(table, "/campanha", "?a=1")).toEqual({
      kind: "redirect",
      decision: { location: "https://exemplo.com.br/lp?ref=site", status: 302, external: true, hops: 1 },
    });
  });

  it("follows a chain to its end; one 302 hop makes the whole answer 302", () => {
    const table = buildRuleTable([rule("/a", "/b"), rule("/b", "/c", 302), rule("/c", "/d")]);
    expect(resolveRedirect(table, "/a")).toEqual({
      kind: "redirect",
      decision: { location: "/d", status: 302, external: false, hops: 3 },
    });
  });

  it("never follows more than MAX_REDIRECT_HOPS rules", () => {
    const table = buildRuleTable(["/1", "/2", "/3", "/4", "/5", "/6", "/7"].map((path, i) => rule(path, `/${i + 2}`)));
    const result = resolveRedirect(table, "/1");
    expect(result).toEqual({ kind: "redirect", decision: { location: "/6", status: 301, external: false, hops: 5 } });
  });

  it("answers no redirect for a loop", () => {
    const table = buildRuleTable([rule("/a", "/b"), rule("/b", "/a")]);
    expect(resolveRedirect(table, "/a")).toEqual({ kind: "loop", chain: ["/a", "/b", "/a"] });
  });

  it("never redirects a protected path, even if a rule says so", () => {
    const table = buildRuleTable([rule("/admin", "/")]);
    expect(resolveRedirect(table, "/admin")).toEqual({ kind: "none" });
  });
});

describe("findCycle", () => {
  it("finds the cycle a new rule would close, ignoring inactive rules", () => {
    const stored = [rule("/a", "/b"), rule("/b", "/c")];
    expect(findCycle(stored, rule("/c", "/a?x=1"))).toEqual(["/c", "/a", "/b", "/c"]);
    expect(findCycle(stored, rule("/c", "https://exemplo.com/a"))).toBeNull();
    expect(findCycle(stored, rule("/c", "/a", 301, false))).toBeNull();
    expect(findCycle([rule("/a", "/b"), rule("/b", "/c", 301, false)], rule("/c", "/a"))).toBeNull();
  });

  it("an edited rule replaces its stored version", () => {
    const a = rule("/a", "/b");
    const stored = [a, rule("/b", "/x")];
    expect(findCycle(stored, { ...a, target: "/z" })).toBeNull();
    expect(findCycle(stored, { ...stored[1]!, target: "/a" })).toEqual(["/b", "/a", "/b"]);
  });
});
