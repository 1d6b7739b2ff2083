/** Styles of the broker area: the private panel, /painel and its lists. */
import { style } from "@vanilla-extract/css";
import * as fr from "~/styles/fragments.css";
import { vars } from "~/styles/theme.css";

export const panel = style({
  border: `2px dashed ${vars.color.secondary}`,
  borderRadius: vars.radius.md,
  padding: vars.space.lg,
  background: vars.color.surface,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.md,
  marginBlock: vars.space.lg,
});

export const heading = style({ margin: 0, fontSize: vars.fontSize.lg });

export const badge = style({
  alignSelf: "flex-start",
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
  textTransform: "uppercase",
  letterSpacing: "0.04em",
  color: vars.color.secondary,
});

export const facts = style({
  display: "grid",
  gridTemplateColumns: "minmax(120px, max-content) 1fr",
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
  "@media": { "screen and (max-width: 480px)": { gridTemplateColumns: "1fr" } },
});

export const term = style({ fontWeight: 600, color: vars.color.textMuted });

export const value = style({ margin: 0, whiteSpace: "pre-line", overflowWrap: "anywhere" });

export const history = style([fr.plainList, fr.column, { gap: vars.space.sm }]);

export const historyItem = style(fr.ruledItem);

export const muted = style(fr.mutedText);

export const page = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.lg,
  paddingBlock: vars.space.xl,
});

export const lookup = style({ display: "flex", gap: vars.space.sm, alignItems: "flex-end", flexWrap: "wrap" });

export const table = style({ width: "100%", borderCollapse: "collapse", fontSize: vars.fontSize.sm });

export const cell = style({
  textAlign: "start",
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
});

/** The rows of one owner inside the definition list (a wrapper that adds no box of its own). */
export const ownerGroup = style({ display: "contents" });
