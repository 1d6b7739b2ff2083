import { describe, expect, it } from "vitest";
import { contrast, luminance, readableTextOn } from "~/lib/appearance";
import { defaultColors } from "~/styles/brand";
import { ConfigError, parseConfig } from "./config";
import { DEFAULT_LOGO_SQUARE, getTheme } from "./theme";

describe("getTheme", () => {
  it("applies the spec defaults with no configuration", () => {
    const theme = getTheme(parseConfig({}));
    expect(theme.title).toBe("Horizonte Imobiliária");
    expect(theme.agencyName).toBe("Horizonte");
    expect(theme.description).toContain("Horizonte Imobiliária");
    expect(theme.creci).toBeNull();
    expect(theme.colors).toMatchObject({
      primary: defaultColors.primary,
      secondary: defaultColors.secondary,
      light: defaultColors.light,
    });
    expect(theme.logos).toEqual({ square: DEFAULT_LOGO_SQUARE, horizontal: null });
  });

  it("spec defaults: primary black, secondary a red-pink, light a grey", () => {
    expect(defaultColors.primary).toBe("#000000");
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(defaultColors.secondary.slice(i, i + 2), 16));
    expect(r).toBeGreaterThan(180);
    expect(g).toBeLessThan(80);
    expect(b).toBeGreaterThan(g);
    const light = [1, 3, 5].map((i) => parseInt(defaultColors.light.slice(i, i + 2), 16));
    expect(Math.max(...light) - Math.min(...light)).toBeLessThan(8);
  });

  it("takes every value from configuration", () => {
    const theme = getTheme(
      parseConfig({
        AGENCY_NAME: "Casa Nova",
        THEME_PRIMARY: "#123",
        THEME_SECONDARY: "#FFCC00",
        THEME_LIGHT: "#fafafa",
        SITE_DESCRIPTION: "Imóveis em Campinas.",
        LOGO_SQUARE_URL: "/marca.png",
        LOGO_HORIZONTAL_URL: "https://cdn.exemplo.com.br/logo.svg",
        AGENCY_CRECI: "CRECI 12345-J",
      }),
    );
    expect(theme).toEqual({
      title: "Casa Nova Imobiliária",
      description: "Imóveis em Campinas.",
      agencyName: "Casa Nova",
      creci: "CRECI 12345-J",
      colors: {
        primary: "#123",
        secondary: "#ffcc00",
        light: "#fafafa",
        onPrimary: "#ffffff",
        onSecondary: "#1a1a1a",
      },
      logos: { square: "/marca.png", horizontal: "https://cdn.exemplo.com.br/logo.svg" },
    });
  });
});

describe("theme configuration validation", () => {
  it.each(["red", "#12", "#12345", "#1234567", "rgb(0,0,0)", "#ggg", "000000"])(
    "rejects the colour %s, naming the variable",
    (value) => {
      expect(() => parseConfig({ THEME_SECONDARY: value })).toThrow(ConfigError);
      expect(() => parseConfig({ THEME_SECONDARY: value })).toThrow(/THEME_SECONDARY/);
    },
  );

  it.each(["logo.svg", "//cdn.exemplo.com/logo.svg", "ftp://x/logo.svg", "/logo com espaço.svg"])(
    "rejects the logo address %s",
    (value) => {
      expect(() => parseConfig({ LOGO_HORIZONTAL_URL: value })).toThrow(/LOGO_HORIZONTAL_URL/);
    },
  );

  it("treats empty values as unset", () => {
    const config = parseConfig({ THEME_PRIMARY: "", LOGO_SQUARE_URL: "", SITE_DESCRIPTION: "", SESSION_SECRET: "" });
    expect(config.THEME_PRIMARY).toBeUndefined();
    expect(config.LOGO_SQUARE_URL).toBeUndefined();
    expect(config.SESSION_SECRET).toBeUndefined();
  });

  it("rejects a short SESSION_SECRET without echoing it", () => {
    let message = "";
    try {
      parseConfig({ SESSION_SECRET: "curto-demais" });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain("SESSION_SECRET");
    expect(message).not.toContain("curto-demais");
  });
});

describe("readable text colours", () => {
  it("computes WCAG luminance and contrast", () => {
    expect(luminance("#000")).toBe(0);
    expect(luminance("#ffffff")).toBeCloseTo(1);
    expect(contrast("#000000", "#fff")).toBeCloseTo(21);
  });

  it("puts white on dark colours and dark text on pale ones", () => {
    expect(readableTextOn("#000000")).toBe("#ffffff");
    expect(readableTextOn(defaultColors.secondary)).toBe("#ffffff");
    expect(readableTextOn("#ffcc00")).toBe("#1a1a1a");
    expect(readableTextOn("#f1f1f3")).toBe("#1a1a1a");
  });
});
