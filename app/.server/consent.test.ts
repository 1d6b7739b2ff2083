import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "~/.server/config";
import { consentSetCookie, consentView, googleTagSettings } from "./consent";

describe("GA_MEASUREMENT_ID and GTM_ID", () => {
  it("accept Google's formats (upper-cased) and refuse others, naming the variable", () => {
    const config = parseConfig({ GA_MEASUREMENT_ID: " g-test123456 ", GTM_ID: "GTM-ABC1234" });
    expect(config.GA_MEASUREMENT_ID).toBe("G-TEST123456");
    expect(config.GTM_ID).toBe("GTM-ABC1234");
    expect(() => parseConfig({ GA_MEASUREMENT_ID: "UA-1234-1" })).toThrow(ConfigError);
    expect(() => parseConfig({ GA_MEASUREMENT_ID: "G-<script>" })).toThrow(/GA_MEASUREMENT_ID/);
    expect(() => parseConfig({ GTM_ID: "G-TEST123456" })).toThrow(/GTM_ID/);
  });

  it("make the tag settings public only when one of them is set", () => {
    expect(googleTagSettings(parseConfig({}))).toBeNull();
    expect(googleTagSettings(parseConfig({ GTM_ID: "GTM-ABC1234" }))).toEqual({
      measurementId: null,
      containerId: "GTM-ABC1234",
    });
  });
});

describe("consentView and consentSetCookie", () => {
  it("reads the variant from the request and marks the cookie Secure on an https site", () => {
    const config = parseConfig({ GA_MEASUREMENT_ID: "G-TEST123456", PUBLIC_URL: "https://www.imobiliaria.example" });
    const request = new Request("http://site.test/", { headers: { Cookie: "consentimento=v1:analytics=1" } });
    expect(consentView(request, config)).toEqual({
      variant: "granted",
      google: { measurementId: "G-TEST123456", containerId: null },
    });
    expect(consentSetCookie({ analytics: false }, config)).toMatch(/; Secure$/);
    expect(consentSetCookie({ analytics: false }, parseConfig({ PUBLIC_URL: "http://localhost:3000" }))).not.toMatch(
      /Secure/,
    );
  });
});
