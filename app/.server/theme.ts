/**
 * The public theme of the site (docs/spec.txt §1 "Theme settings": application title and
 * description, colours primary/secondary/light, images logoSquare/logoHorizontal).
 * Values come from the admin "Aparência" screen when saved
 * (`./appearance`), else configuration; this module is the one place that
 * resolves them.
 */
import { readableTextOn } from "~/lib/appearance";
import type { PublicTheme, ThemeColors } from "~/lib/theme";
import { defaultColors } from "~/styles/brand";
import { getStoredAppearance, type StoredAppearance } from "./appearance";
import { type Config, defaultTitle, getConfig } from "./config";

/** Path of the generated default square logo in `public/`. */
export const DEFAULT_LOGO_SQUARE = "/logo-square.svg";

/** The default description, naming the agency. */
function defaultDescription(agencyName: string): string {
  return `${agencyName} Imobiliária: apartamentos, casas e imóveis comerciais à venda e para alugar, com fotos, preços e custo mensal de cada imóvel.`;
}

/** The three brand colours plus their readable text colours. */
function themeColors(brand: Pick<ThemeColors, "primary" | "secondary" | "light">): ThemeColors {
  return {
    ...brand,
    onPrimary: readableTextOn(brand.primary),
    onSecondary: readableTextOn(brand.secondary),
  };
}

/**
 * Resolves the public theme: the appearance saved in the admin area
 * (`stored`, default the in-memory copy of `./appearance`), else
 * configuration, else the spec's defaults (colours in
 * `app/styles/theme.css.ts`). Synchronous; never throws once the
 * configuration is valid.
 */
export function getTheme(
  config: Config = getConfig(),
  stored: StoredAppearance | null = getStoredAppearance(),
): PublicTheme {
  // The appearance saved in the admin area wins over the configuration.
  return {
    title: stored?.title ?? defaultTitle(config),
    description: stored?.description ?? config.SITE_DESCRIPTION ?? defaultDescription(config.AGENCY_NAME),
    agencyName: config.AGENCY_NAME,
    creci: config.AGENCY_CRECI ?? null,
    colors: themeColors({
      primary: stored?.colors.primary ?? config.THEME_PRIMARY ?? defaultColors.primary,
      secondary: stored?.colors.secondary ?? config.THEME_SECONDARY ?? defaultColors.secondary,
      light: stored?.colors.light ?? config.THEME_LIGHT ?? defaultColors.light,
    }),
    logos: {
      square: stored?.logos.square ?? config.LOGO_SQUARE_URL ?? DEFAULT_LOGO_SQUARE,
      horizontal: stored ? stored.logos.horizontal : (config.LOGO_HORIZONTAL_URL ?? null),
    },
  };
}
