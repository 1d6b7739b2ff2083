import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { facebookShareUrl, ShareButtons, whatsAppShareUrl } from "./share-buttons";

const url = "https://site.test/detalhes/apartamento-moema/AP1?x=1&y=2";

describe("share links", () => {
  it("encode the page URL", () => {
    expect(new URL(whatsAppShareUrl(url, "Casa")).searchParams.get("text")).toBe(`Casa ${url}`);
    expect(new URL(facebookShareUrl(url)).searchParams.get("u")).toBe(url);
  });

  it("render without JavaScript as plain links (copy link = the page URL)", () => {
    const html = renderToString(<ShareButtons url={url} title="Casa" />);
    expect(html).toContain("WhatsApp");
    expect(html).toContain("Facebook");
    expect(html).toContain(`href="${url.replace(/&/g, "&amp;")}"`);
    expect(html).not.toContain("<button");
  });
});
