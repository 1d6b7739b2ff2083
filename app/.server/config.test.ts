import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, defaultTitle, mapTileImageSource, parseConfig } from "./config";

describe("parseConfig", () => {
  it("validates the lead settings in Portuguese and hides the SMTP password", () => {
    const smtpUrl = "smtp://usuario:senha-secreta@smtp.exemplo.com.br:587";
    const config = parseConfig({
      SMTP_URL: smtpUrl,
      LEADS_EMAIL: "contato@exemplo.com.br",
      MAIL_FROM: '"Imobiliária" <site@exemplo.com.br>',
      WHATSAPP_NUMBER: "+55 (11) 91234-5678",
    });
    expect(config.SMTP_URL).toBe(smtpUrl);
    expect(config.WHATSAPP_NUMBER).toBe("5511912345678");
    expect(parseConfig({}).SMTP_URL).toBeUndefined();
    expect(() => parseConfig({ SMTP_URL: "smtp://smtp.exemplo.com.br" })).toThrow(
      /LEADS_EMAIL: obrigatória quando SMTP_URL está definida/,
    );
    const bad = {
      SMTP_URL: "http://senha-secreta@x",
      LEADS_EMAIL: "nao-e-email",
      MAIL_FROM: "x",
      WHATSAPP_NUMBER: "12ab",
    };
    expect(() => parseConfig(bad)).toThrow(/SMTP_URL: deve começar com smtp:\/\/ ou smtps:\/\//);
    expect(() => parseConfig(bad)).toThrow(/LEADS_EMAIL: deve ser um e-mail válido/);
    expect(() => parseConfig(bad)).toThrow(/MAIL_FROM: deve ser um e-mail/);
    expect(() => parseConfig(bad)).toThrow(/WHATSAPP_NUMBER: deve ter de 10 a 15 dígitos/);
    expect(() => parseConfig(bad)).not.toThrow(/senha-secreta/);
  });

  it("applies the issue's defaults on an empty environment", () => {
    const config = parseConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.SYNC_INTERVAL_SECONDS).toBe(300);
    expect(config.DATA_DIR).toBe("./data");
    expect(config.dataDir).toBe(path.resolve("./data"));
    expect(config.VISTA_URL).toBeUndefined();
    expect(config.DATABASE_URL).toBeUndefined();
    expect(defaultTitle(config)).toBe(`${config.AGENCY_NAME} Imobiliária`);
  });

  it("names every bad variable in Portuguese", () => {
    const attempt = () => parseConfig({ PORT: "abc", DATABASE_URL: "mysql://x", SYNC_INTERVAL_SECONDS: "1" });
    expect(attempt).toThrow(ConfigError);
    const message = (() => {
      try {
        attempt();
      } catch (error) {
        return (error as Error).message;
      }
      return "";
    })();
    expect(message).toContain("PORT: deve ser um número inteiro");
    expect(message).toContain("DATABASE_URL: deve começar com postgres://");
    expect(message).toContain("SYNC_INTERVAL_SECONDS: deve ser no mínimo 10");
  });

  it("requires VISTA_KEY with VISTA_URL and never echoes the key", () => {
    expect(() => parseConfig({ VISTA_URL: "https://cliente-rest.vistahost.com.br" })).toThrow(/VISTA_KEY/);
    const config = parseConfig({ VISTA_URL: "https://cliente-rest.vistahost.com.br/", VISTA_KEY: "segredo" });
    expect(config.VISTA_URL).toBe("https://cliente-rest.vistahost.com.br");
    const bad = { VISTA_URL: "nota url", VISTA_KEY: "c9fdd79584fb8d369a6a579af1a8f681", PORT: "x" };
    expect(() => parseConfig(bad)).toThrow(/VISTA_URL/);
    expect(() => parseConfig(bad)).not.toThrow(/c9fdd79584fb8d369a6a579af1a8f681/);
  });

  it("validates the map tile settings and derives their CSP source", () => {
    const config = parseConfig({});
    expect(config.MAP_TILE_URL).toBe("https://tile.openstreetmap.org/{z}/{x}/{y}.png");
    expect(config.MAP_TILE_ATTRIBUTION).toContain("OpenStreetMap");
    expect(mapTileImageSource(config)).toBe("https://tile.openstreetmap.org");
    expect(mapTileImageSource(parseConfig({ MAP_TILE_URL: "https://{s}.tile.example.com/{z}/{x}/{y}{r}.png" }))).toBe(
      "https://*.tile.example.com",
    );
    expect(mapTileImageSource(parseConfig({ MAP_TILE_URL: "/mapa/tiles/{z}/{x}/{y}.png" }))).toBeNull();
    expect(() => parseConfig({ MAP_TILE_URL: "https://tile.example.com/tile.png" })).toThrow(
      /MAP_TILE_URL: deve conter \{z\}/,
    );
    expect(() => parseConfig({ MAP_TILE_URL: "javascript:alert(1)//{z}/{x}/{y}" })).toThrow(
      /MAP_TILE_URL: deve ser uma URL/,
    );
    expect(() => parseConfig({ MAP_TILE_ATTRIBUTION: "x".repeat(501) })).toThrow(/MAP_TILE_ATTRIBUTION/);
  });

  it("requires PUBLIC_URL in production outside the embedded demo, and trusts only loopback proxies by default", () => {
    expect(parseConfig({}).TRUST_PROXY).toBe("loopback");
    expect(parseConfig({ NODE_ENV: "production" }).PUBLIC_URL).toBeUndefined();
    const real = { NODE_ENV: "production", VISTA_URL: "https://cliente-rest.vistahost.com.br", VISTA_KEY: "k" };
    expect(() => parseConfig(real)).toThrow(/PUBLIC_URL: obrigatória em produção/);
    expect(parseConfig({ ...real, PUBLIC_URL: "https://www.exemplo.com.br/" }).PUBLIC_URL).toBe(
      "https://www.exemplo.com.br",
    );
    expect(parseConfig({ ...real, NODE_ENV: "development" }).PUBLIC_URL).toBeUndefined();
  });

  it("reads the owner-data limit per hour (default 120, 0 = none)", () => {
    expect(parseConfig({}).OWNER_DATA_LIMIT_PER_HOUR).toBe(120);
    expect(parseConfig({ OWNER_DATA_LIMIT_PER_HOUR: "0" }).OWNER_DATA_LIMIT_PER_HOUR).toBe(0);
    expect(() => parseConfig({ OWNER_DATA_LIMIT_PER_HOUR: "-1" })).toThrow(/OWNER_DATA_LIMIT_PER_HOUR/);
  });
});
