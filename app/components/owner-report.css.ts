/** Styles of the owner's report page and of the report links on the private listing page; phone first (360 px). */
import { style } from "@vanilla-extract/css";
import * as fr from "~/styles/fragments.css";
import { vars } from "~/styles/theme.css";

export const page = style([fr.column, { gap: vars.space.lg, paddingBlock: vars.space.xl, minWidth: 0 }]);

/** The listing: photo beside the title on a wide screen, above it on a phone. */
export const hero = style({
  display: "grid",
  gridTemplateColumns: "1fr",
  gap: vars.space.md,
  alignItems: "start",
  "@media": { "screen and (min-width: 720px)": { gridTemplateColumns: "minmax(0, 320px) 1fr" } },
});

export const photo = style({
  width: "100%",
  height: "auto",
  aspectRatio: "4 / 3",
  objectFit: "cover",
  borderRadius: vars.radius.md,
  background: vars.color.light,
});

/** The figure cards: two per row on a phone, more on a wide screen. */
export const figures = style([
  fr.plainList,
  { display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(150px, 1fr))", gap: vars.space.sm },
]);

export const figure = style([
  fr.column,
  {
    gap: vars.space.xs,
    ...fr.panel,
    minWidth: 0,
  },
]);

export const figureValue = style({ fontSize: vars.fontSize.xl, fontWeight: 700, lineHeight: 1.1 });

export const figureLabel = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, overflowWrap: "anywhere" });

export const section = style([fr.column, { gap: vars.space.sm, minWidth: 0 }]);

export const heading = style({ margin: 0, fontSize: vars.fontSize.lg, lineHeight: 1.3 });

/** The link shown once: selectable, wrapping anywhere so a 360 px screen never scrolls sideways. */
export const secret = style({
  display: "block",
  padding: vars.space.sm,
  background: vars.color.light,
  borderRadius: vars.radius.sm,
  fontFamily: "ui-monospace, monospace",
  fontSize: vars.fontSize.sm,
  overflowWrap: "anywhere",
  wordBreak: "break-all",
  userSelect: "all",
});

export const actions = style([fr.wrapFlex, { gap: vars.space.sm, alignItems: "center" }]);
