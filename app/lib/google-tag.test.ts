import { describe, expect, it } from "vitest";
import { googleTagBootstrap, googleTagScripts } from "./google-tag";

const GA = { measurementId: "G-TEST123456", containerId: null };
const BOTH = { measurementId: "G-TEST123456", containerId: "GTM-ABC1234" };

describe("googleTagBootstrap", () => {
  it("denies every consent type by default and configures nothing before consent", () => {
    const script = googleTagBootstrap(GA, false);
    expect(script).toContain(
      "gtag('consent','default',{ad_storage:'denied',ad_user_data:'denied',ad_personalization:'denied',analytics_storage:'denied',wait_for_update:500});",
    );
    expect(script).not.toContain("granted");
    expect(script).not.toContain("config");
  });

  it("grants analytics after the defaults and turns off automatic page views when consent was given", () => {
    const script = googleTagBootstrap(BOTH, true);
    const defaults = script.indexOf("'default'");
    const update = script.indexOf("gtag('consent','update',{analytics_storage:'granted'})");
    expect(defaults).toBeGreaterThanOrEqual(0);
    expect(update).toBeGreaterThan(defaults);
    expect(script).toContain(`gtag('config',"G-TEST123456",{send_page_view:false});`);
    expect(script).toContain("event:'gtm.js'");
  });
});

describe("googleTagScripts", () => {
  it("lists gtag.js for GA4 and gtm.js for a container", () => {
    expect(googleTagScripts(GA)).toEqual(["https://www.googletagmanager.com/gtag/js?id=G-TEST123456"]);
    expect(googleTagScripts(BOTH)).toEqual([
      "https://www.googletagmanager.com/gtag/js?id=G-TEST123456",
      "https://www.googletagmanager.com/gtm.js?id=GTM-ABC1234",
    ]);
    expect(googleTagScripts({ measurementId: null, containerId: null })).toEqual([]);
  });
});
