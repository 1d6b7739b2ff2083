/** Styles of `suggest-input.tsx` (the search combobox). */
import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** Positions the list under the input. */
export const wrapper = style({ position: "relative", width: "100%", minWidth: 0 });

/** The suggestions popup. */
export const listbox = style({
  position: "absolute",
  zIndex: 30,
  top: "calc(100% + 4px)",
  left: 0,
  right: 0,
  minWidth: "min(100%, 280px)",
  maxHeight: "min(70vh, 420px)",
  overflowY: "auto",
  padding: `${vars.space.xs} 0`,
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.raised,
  textAlign: "left",
  selectors: { "&[hidden]": { display: "none" } },
});

/** One group ("Cidades", "Bairros", "Condomínios"). */
export const group = style({
  selectors: {
    "& + &": { borderTop: `1px solid ${vars.color.border}`, marginTop: vars.space.xs, paddingTop: vars.space.xs },
  },
});

/** Group heading. */
export const groupLabel = style({
  padding: `${vars.space.xs} ${vars.space.md}`,
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
  textTransform: "uppercase",
  letterSpacing: ".05em",
  color: vars.color.textMuted,
});

/** One option; the highlighted one has `aria-selected="true"`. */
export const option = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.sm,
  minHeight: "44px",
  padding: `${vars.space.xs} ${vars.space.md}`,
  cursor: "pointer",
  selectors: {
    '&[aria-selected="true"]': { background: vars.color.light, boxShadow: `inset 3px 0 0 ${vars.color.secondary}` },
  },
});

/** Label and detail column. */
export const optionText = style({ display: "flex", flexDirection: "column", minWidth: 0 });

/** Place or building name. */
export const optionLabel = style({
  fontWeight: 600,
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
});

/** "São Paulo", "Moema, São Paulo". */
export const optionDetail = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
});

/** "123 imóveis". */
export const optionCount = style({ flexShrink: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });
