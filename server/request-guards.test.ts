import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  bodyPlan,
  FORM_BODY_LIMIT_BYTES,
  inspectTarget,
  isCleanBody,
  isLoopbackHost,
  isSameOriginWrite,
  MAX_TARGET_LENGTH,
  resolveOrigin,
  UPLOAD_BODY_LIMIT_BYTES,
} from "./request-guards";

describe("inspectTarget", () => {
  it.each([
    "/",
    "/todos-os-imoveis/venda-apartamento-sao-paulo-moema?quartos=3&pagina=2",
    "/busca?q=moema+3+quartos",
    "/busca?q=S%C3%A3o%20Paulo",
    "/detalhes/edificio-solar/12345",
    "/mapa/pontos?bbox=-46.7,-23.6,-46.6,-23.5",
    "/?index",
  ])("accepts the site's ordinary address %j", (target) => {
    expect(inspectTarget(target), target).toBeNull();
  });

  it.each([
    "/detalhes/x/%00",
    "/detalhes/%00",
    "/membro/%00",
    "/api/auth/user/%00",
    "/%5C",
    "/a\\b",
    "/%0d%0aSet-Cookie:x",
    "/%E0%A4%A",
    "/%",
    "/%C3%28",
    "/%ED%A0%80",
    "x",
    "http://evil.example/",
  ])("refuses NUL, control characters, backslashes and malformed escapes in the path (404): %j", (target) => {
    expect(inspectTarget(target), target).toBe("path");
  });

  it.each(["/mapa/pontos?imovel=%00", "/busca?q=%E0%A4", "/busca?q=%", "/busca?%01=x", "/busca?q=a%7Fb"])(
    "refuses NUL and malformed escapes in the query (400): %j",
    (target) => {
      expect(inspectTarget(target), target).toBe("query");
    },
  );

  it("refuses targets over the length limit (414)", () => {
    expect(inspectTarget(`/busca?q=${"a".repeat(MAX_TARGET_LENGTH)}`)).toBe("length");
  });

  it("never throws and flags every target whose decoded path holds a control character", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "binary", maxLength: 60 }),
        fc.string({ unit: "binary", maxLength: 60 }),
        (segment, value) => {
          const target = `/detalhes/${encodeURIComponent(segment)}?q=${encodeURIComponent(value)}`;
          const result = inspectTarget(target);
          if (/[\u0000-\u001f\u007f\\]/.test(segment)) expect(result).toBe("path");
          else if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value)) expect(result).toBe("query");
          else expect(result).toBeNull();
        },
      ),
    );
    fc.assert(fc.property(fc.string({ maxLength: 200 }), (raw) => void inspectTarget(`/${raw}`)));
  });
});

describe("resolveOrigin", () => {
  it("always answers with PUBLIC_URL's origin when it is set, whatever the Host", () => {
    for (const host of ["evil.example", "www.imobiliaria.com.br", undefined, "10.0.0.5:3000"]) {
      expect(
        resolveOrigin({
          publicUrl: "https://www.imobiliaria.com.br",
          protocol: "http",
          host,
          forwardedHost: "evil.example",
        }),
      ).toEqual({
        origin: "https://www.imobiliaria.com.br",
      });
    }
  });

  it("in the demo, serves loopback hosts with the request's origin and refuses any other with 421", () => {
    expect(resolveOrigin({ protocol: "http", host: "localhost:3000" })).toEqual({ origin: "http://localhost:3000" });
    expect(resolveOrigin({ protocol: "http", host: "127.0.0.1:4173" })).toEqual({ origin: "http://127.0.0.1:4173" });
    expect(resolveOrigin({ protocol: "http", host: "[::1]:3000" })).toEqual({ origin: "http://[::1]:3000" });
    expect(resolveOrigin({ protocol: "http", host: "evil.example" })).toMatchObject({ status: 421 });
    expect(resolveOrigin({ protocol: "http", host: "192.168.0.10:3000" })).toMatchObject({ status: 421 });
    // A forwarded host (only passed in for a trusted proxy) counts instead of Host.
    expect(resolveOrigin({ protocol: "http", host: "localhost:3000", forwardedHost: "evil.example" })).toMatchObject({
      status: 421,
    });
    expect(resolveOrigin({ protocol: "http", host: "bad host" })).toMatchObject({ status: 400 });
    expect(resolveOrigin({ protocol: "http", host: undefined })).toMatchObject({ status: 400 });
  });

  it("knows the loopback names", () => {
    expect(["localhost", "app.localhost", "127.0.0.1", "127.8.9.10", "[::1]", "::1"].every(isLoopbackHost)).toBe(true);
    expect(["localhost.evil.example", "128.0.0.1", "10.0.0.1", "evil.example", "::2"].some(isLoopbackHost)).toBe(false);
  });
});

describe("isSameOriginWrite", () => {
  const origin = "https://www.imobiliaria.com.br";
  it("lets reads through and refuses writes from another origin or a null origin", () => {
    expect(isSameOriginWrite("GET", { origin: "https://evil.example" }, origin)).toBe(true);
    expect(isSameOriginWrite("POST", { origin }, origin)).toBe(true);
    expect(isSameOriginWrite("POST", { origin, secFetchSite: "same-origin" }, origin)).toBe(true);
    expect(isSameOriginWrite("POST", {}, origin)).toBe(true);
    expect(isSameOriginWrite("POST", { origin: "https://evil.example" }, origin)).toBe(false);
    expect(isSameOriginWrite("PUT", { origin: "null" }, origin)).toBe(false);
    expect(isSameOriginWrite("DELETE", { secFetchSite: "cross-site" }, origin)).toBe(false);
    expect(isSameOriginWrite("PATCH", { origin, secFetchSite: "same-site" }, origin)).toBe(false);
    expect(isSameOriginWrite("POST", { origin: "http://www.imobiliaria.com.br" }, origin)).toBe(false);
  });
});

describe("bodyPlan and isCleanBody", () => {
  it("buffers forms and JSON with the small limit; streams uploads only on the admin and members API paths", () => {
    const buffered = { mode: "buffer", limit: FORM_BODY_LIMIT_BYTES };
    const streamed = { mode: "stream", limit: UPLOAD_BODY_LIMIT_BYTES };
    expect(bodyPlan("GET", "/", undefined)).toEqual({ mode: "none" });
    expect(bodyPlan("POST", "/", "application/x-www-form-urlencoded")).toEqual(buffered);
    expect(bodyPlan("POST", "/api/email/sell-property", "application/json")).toEqual(buffered);
    expect(bodyPlan("POST", "/admin/membros/1", "multipart/form-data; boundary=x")).toEqual(streamed);
    expect(bodyPlan("PUT", "/admin/membros/1/envio", "image/jpeg")).toEqual(streamed);
    expect(bodyPlan("POST", "/api/members/1/uploads/file", "multipart/form-data; boundary=x")).toMatchObject({
      mode: "stream",
    });
    // A public form posted as multipart is still a small body.
    expect(bodyPlan("POST", "/detalhes/x/1", "multipart/form-data; boundary=x")).toEqual(buffered);
  });

  it("refuses NUL bytes, %00 in forms, \\u0000 in JSON and invalid UTF-8", () => {
    const form = "application/x-www-form-urlencoded";
    expect(isCleanBody(Buffer.from("name=Ana+Lima&phone=11999999999"), form)).toBe(true);
    expect(isCleanBody(Buffer.from("name=Ana%00"), form)).toBe(false);
    expect(isCleanBody(Buffer.from("name=Ana%E0%A4"), form)).toBe(false);
    expect(isCleanBody(Buffer.from([0x6e, 0x3d, 0x00]), form)).toBe(false);
    expect(isCleanBody(Buffer.from('{"name":"Ana"}'), "application/json")).toBe(true);
    expect(isCleanBody(Buffer.from('{"name":"A\\u0000"}'), "application/json; charset=utf-8")).toBe(false);
    expect(isCleanBody(Buffer.from([0x7b, 0xff, 0x7d]), "application/json")).toBe(false);
    expect(isCleanBody(Buffer.from("São Paulo"), "text/plain")).toBe(true);
    expect(isCleanBody(Buffer.alloc(0), form)).toBe(true);
  });
});
