/** Styles of the neighbourhood market pages (ADR 0090): figure cards, type cards, the chart and its table. */
import { globalStyle, style } from "@vanilla-extract/css";
import * as fr from "~/styles/fragments.css";
import { vars } from "~/styles/theme.css";

export const lead = style({ maxWidth: "70ch", color: vars.color.textMuted, margin: 0 });

export const links = style([fr.wrapFlex, fr.plainList, { gap: vars.space.sm, marginBlock: vars.space.md }]);

export const pill = style([fr.pillLink, { selectors: { "&:hover": { borderColor: vars.color.primary } } }]);

export const section = style({
  marginTop: vars.space.xl,
  paddingTop: vars.space.lg,
  borderTop: `1px solid ${vars.color.border}`,
});

export const sectionHeading = style({ fontSize: vars.fontSize.xl, margin: `0 0 ${vars.space.md}` });

export const figures = style({
  display: "grid",
  gap: vars.space.sm,
  gridTemplateColumns: "repeat(2, minmax(0, 1fr))",
  margin: 0,
  "@media": { "(min-width: 720px)": { gridTemplateColumns: "repeat(3, minmax(0, 1fr))" } },
});

export const figure = style({
  ...fr.valueAboveLabel,
  justifyContent: "flex-end",
  padding: vars.space.sm,
  "@media": { "(min-width: 720px)": { padding: vars.space.md } },
  borderRadius: vars.radius.md,
  background: vars.color.light,
  minWidth: 0,
});

export const figureLabel = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const figureValue = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: 700,
  overflowWrap: "break-word",
  "@media": { "(min-width: 720px)": { fontSize: vars.fontSize.lg } },
});

export const suppressed = style({ fontSize: vars.fontSize.sm, fontWeight: 400, color: vars.color.textMuted });

export const figureNote = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted, fontWeight: 400 });

export const types = style([
  fr.plainList,
  {
    display: "grid",
    gap: vars.space.md,
    marginTop: vars.space.lg,
    "@media": { "(min-width: 720px)": { gridTemplateColumns: "repeat(2, minmax(0, 1fr))" } },
  },
]);

export const typeCard = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  minWidth: 0,
});

export const typeHeading = style({ fontSize: vars.fontSize.md, margin: `0 0 ${vars.space.sm}` });

export const typeRows = style({
  display: "grid",
  gridTemplateColumns: "minmax(7.5rem, 1fr) minmax(0, auto)",
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: `0 0 ${vars.space.sm}`,
  fontSize: vars.fontSize.sm,
});

export const typeRow = style({ display: "contents" });

export const typesHeading = style({ fontSize: vars.fontSize.lg, margin: `${vars.space.xl} 0 0` });

export const typeTerm = style({ color: vars.color.textMuted });

export const typeValue = style({ margin: 0, textAlign: "right", fontWeight: 600, minWidth: 0 });

export const chartFigure = style({ margin: `${vars.space.lg} 0 0` });

export const chartCaption = style({ fontWeight: 600, marginBottom: vars.space.sm });

/** At most 520 px wide: the labels (22 units in a 640-unit box) stay between 11 and 18 px. */
export const chart = style({ display: "block", width: "100%", height: "auto", maxWidth: "520px" });

export const chartLine = style({ fill: "none", stroke: vars.color.secondary, strokeWidth: 2.5 });

export const chartDot = style({ fill: vars.color.secondary });

export const chartGrid = style({ stroke: vars.color.border, strokeWidth: 1 });

export const chartText = style({ fill: vars.color.textMuted, fontSize: "22px" });

export const tableBox = style({ overflowX: "auto", marginTop: vars.space.sm, maxWidth: "520px" });

export const table = style({ width: "100%", borderCollapse: "collapse", fontSize: vars.fontSize.sm });

globalStyle(`${table} th, ${table} td`, {
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: "left",
});

export const tableCaption = style({
  textAlign: "left",
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  paddingBottom: vars.space.xs,
});

export const numeric = style({ whiteSpace: "nowrap" });

globalStyle(`${table} ${numeric}`, { textAlign: "right" });

export const details = style({ marginTop: vars.space.sm });

export const summary = style({ cursor: "pointer", minHeight: "44px", display: "flex", alignItems: "center" });

export const condos = style([fr.wrapFlex, fr.plainList, { gap: vars.space.sm }]);

export const method = style({ maxWidth: "70ch", fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const cityHeading = style({ fontSize: vars.fontSize.xl, margin: `${vars.space.xl} 0 ${vars.space.xs}` });

export const cityFacts = style({ margin: `0 0 ${vars.space.md}`, color: vars.color.textMuted });

export const indexList = style([
  fr.plainList,
  {
    display: "grid",
    gap: vars.space.sm,
    "@media": {
      "(min-width: 640px)": { gridTemplateColumns: "repeat(2, minmax(0, 1fr))" },
      "(min-width: 1024px)": { gridTemplateColumns: "repeat(3, minmax(0, 1fr))" },
    },
  },
]);

export const indexLink = style([
  fr.linkCard,
  {
    display: "flex",
    flexDirection: "column",
    gap: "2px",
    padding: `${vars.space.sm} ${vars.space.md}`,
    minHeight: "48px",
  },
]);

export const indexName = style({ fontWeight: 600 });

export const indexFacts = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });
