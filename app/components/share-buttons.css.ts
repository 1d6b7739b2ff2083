/**
 * Styles of the share buttons (`share-buttons.tsx`). Theme variables only
 * (docs/style.md §7).
 */
import { style } from "@vanilla-extract/css";
import * as fr from "~/styles/fragments.css";
import { vars } from "~/styles/theme.css";
import * as f from "./detail-fragments.css";

/** The group. */
export const group = style([f.stack]);

/** "Compartilhar". */
export const title = style({
  fontSize: vars.fontSize.sm,
  fontWeight: 700,
});

/** Row of buttons. */
export const buttons = style([f.wrapRow]);

/** One share button (small outline pill). */
export const shareButton = style([
  fr.pillLink,
  { fontWeight: 600, cursor: "pointer", selectors: { "&:hover": { borderColor: vars.color.text } } },
]);

/** Feedback after copying ("Link copiado!"). */
export const status = style({
  minHeight: "1.4em",
  fontSize: vars.fontSize.sm,
  color: vars.color.success,
});
