/** Styles of `/condominios` (`condominiums.tsx`): header, the place filter form, the cards. */
import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** The page's vertical rhythm. */
export const page = style({ paddingBlock: `${vars.space.lg} ${vars.space.xxl}` });

/** Heading block. */
export const header = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  marginBottom: vars.space.lg,
});

/** The page title. */
export const title = style({ fontSize: vars.fontSize.xxl });

/** Muted count line. */
export const muted = style({ color: vars.color.textMuted });

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

/** One labelled field. */
export const field = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  flex: "1 1 200px",
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
});

/** A select. */
export const select = style({
  minHeight: "44px",
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  font: "inherit",
  fontWeight: 400,
});

/** Form buttons. */
export const buttons = style({ display: "flex", gap: vars.space.sm, alignItems: "center" });

/** Results while the next page loads. */
export const loading = style({ opacity: 0.55 });

/** "Página x de y". */
export const pageInfo = style({ textAlign: "center", fontSize: vars.fontSize.sm, color: vars.color.textMuted });
