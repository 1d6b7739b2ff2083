import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "../config";

const serviceAccount = JSON.stringify({
  client_email: "x@proj.iam.gserviceaccount.com",
  private_key: "-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----\n",
});

describe("authentication configuration", () => {
  it("defaults to the embedded emulator on any free port, with the seeded admin's e-mail", () => {
    const config = parseConfig({});
    expect(config.FIREBASE_PROJECT_ID).toBeUndefined();
    expect(config.FIREBASE_AUTH_EMULATOR_PORT).toBe(0);
    expect(config.AUTH_SEED_ADMIN_EMAIL).toBe("admin@imobiliaria.localhost");
  });

  it("a real project needs its API key and credentials", () => {
    expect(() => parseConfig({ FIREBASE_PROJECT_ID: "imobiliaria-prod" })).toThrow(/FIREBASE_API_KEY: obrigatória/);
    expect(() =>
      parseConfig({ FIREBASE_PROJECT_ID: "imobiliaria-prod", FIREBASE_API_KEY: "AIzaSyExampleKey123" }),
    ).toThrow(/FIREBASE_SERVICE_ACCOUNT: defina-a \(ou GOOGLE_APPLICATION_CREDENTIALS\)/);
    const config = parseConfig({
      FIREBASE_PROJECT_ID: "imobiliaria-prod",
      FIREBASE_API_KEY: "AIzaSyExampleKey123",
      FIREBASE_SERVICE_ACCOUNT: serviceAccount,
    });
    expect(config.FIREBASE_PROJECT_ID).toBe("imobiliaria-prod");
  });

  it("never prints the service account or the API key in an error", () => {
    const error = (() => {
      try {
        parseConfig({ FIREBASE_SERVICE_ACCOUNT: "{not json SEGREDO-123", FIREBASE_API_KEY: "chave" });
      } catch (e) {
        return e as ConfigError;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect(error!.message).toContain("FIREBASE_SERVICE_ACCOUNT: deve ser o JSON da conta de serviço");
    expect(error!.message).not.toContain("SEGREDO-123");
    expect(error!.message).not.toContain('chave"');
    expect(error!.message).toContain("[oculto]");
  });
});
