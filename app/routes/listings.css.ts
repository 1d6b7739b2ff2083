/** Styles of the listings page (`listings.tsx`); the shared ones are in `~/components/page-layout.css`. */
import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** Sidebar + results. */
export const layout = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr)",
  gap: vars.space.lg,
  alignItems: "start",
  "@media": { "(min-width: 960px)": { gridTemplateColumns: "300px minmax(0, 1fr)", gap: vars.space.xl } },
});

/** Notice (code not found). */
export const notice = style({
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.light,
  borderLeft: `4px solid ${vars.color.warning}`,
});

/** The other applied filters under the count ("2+ suítes · Piscina"). */
export const details = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });
