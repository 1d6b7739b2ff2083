/** Style of the list pages' "Mercado em {bairro}" link (ADR 0090), apart from the market pages' styles. */
import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const marketLink = style({ margin: 0, fontSize: vars.fontSize.sm });
