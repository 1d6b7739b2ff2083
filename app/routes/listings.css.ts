/** Styles of the listings page (`listings.tsx`); the shared ones are in `~/components/page-layout.css`. */
import { style } from "@vanilla-extract/css";
import * as pl from "~/components/page-layout.css";
import { vars } from "~/styles/theme.css";

/** Sidebar + results. */
export const layout = pl.sidebarLayout;

/** Notice (code not found). */
export const notice = pl.warningNotice;

/** The other applied filters under the count ("2+ suítes · Piscina"). */
export const details = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });
