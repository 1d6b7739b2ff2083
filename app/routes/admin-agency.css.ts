/** Styles of `/admin/imobiliaria` (`admin-agency.tsx`). */
import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** Heading of a group of fields (Empresa, Endereço, Contato…). */
export const group = style({ margin: `${vars.space.sm} 0 0`, fontSize: vars.fontSize.lg, lineHeight: 1.25 });
