/** Styles of `/condominios` (`condominiums.tsx`): the place filter form; the shared ones are in `~/components/page-layout.css`. */
import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { control } from "~/components/page-layout.css";

/** The filter form: fields side by side, wrapping on phones. */
export const form = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "flex-end",
  gap: vars.space.md,
  marginBottom: vars.space.lg,
  padding: vars.space.md,
  borderRadius: vars.radius.lg,
  background: vars.color.light,
});

/**
 * One labelled field: every field the same share of the row, whatever its select's
 * longest option (without `minWidth: 0` a flex item never shrinks below its content,
 * which left the two selects of different widths).
 */
export const field = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  flex: "1 1 200px",
  minWidth: 0,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
});

/** A select. */
export const select = style([control, { minHeight: "44px", fontWeight: 400, width: "100%" }]);

/**
 * Form buttons; left out of the row while empty (with JavaScript the `<noscript>` button
 * is not there and, without a city, neither is "Limpar"), so the row's gap does not
 * take 16 px from the Bairro select.
 */
export const buttons = style({
  display: "flex",
  gap: vars.space.sm,
  alignItems: "center",
  selectors: { "&:not(:has(a, button))": { display: "none" } },
});
