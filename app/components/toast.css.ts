/** Styles of the toast area (`toast.tsx`). */
import { keyframes, style, styleVariants } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

const enter = keyframes({
  from: { opacity: 0, transform: "translateY(8px) scale(0.98)" },
  to: { opacity: 1, transform: "none" },
});

/** The live region: always in the page, empty while no toast shows. */
export const region = style({
  position: "fixed",
  zIndex: vars.zIndex.toast,
  insetInline: vars.space.md,
  bottom: vars.space.md,
  display: "flex",
  justifyContent: "center",
  pointerEvents: "none",
  "@media": {
    "(min-width: 640px)": {
      insetInline: "auto",
      right: vars.space.lg,
      bottom: "auto",
      top: `calc(${vars.layout.headerHeight} + ${vars.space.md})`,
      width: "min(400px, calc(100vw - 2 * 24px))",
    },
  },
});

export const toast = style({
  pointerEvents: "auto",
  display: "grid",
  gridTemplateColumns: "auto minmax(0, 1fr) auto",
  alignItems: "start",
  gap: "12px",
  width: "100%",
  maxWidth: "420px",
  padding: "14px 12px 14px 16px",
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  boxShadow: vars.shadow.raised,
  border: `1px solid ${vars.color.border}`,
  borderLeftWidth: "4px",
  animation: `${enter} 180ms ease-out`,
});

/** Accent colour per type (left border and icon). */
export const tone = styleVariants({
  success: { borderLeftColor: vars.color.success },
  error: { borderLeftColor: vars.color.error },
  warning: { borderLeftColor: vars.color.warning },
  info: { borderLeftColor: vars.color.info },
});

export const icon = styleVariants({
  success: { color: vars.color.success },
  error: { color: vars.color.error },
  warning: { color: vars.color.warning },
  info: { color: vars.color.info },
});

export const iconBox = style({ paddingTop: "1px" });

export const body = style({ display: "grid", gap: "2px", minWidth: 0, overflowWrap: "anywhere" });

export const title = style({ fontWeight: 700, lineHeight: 1.35 });

export const description = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted, lineHeight: 1.45 });

export const close = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: "32px",
  height: "32px",
  marginTop: "-5px",
  border: 0,
  borderRadius: vars.radius.pill,
  background: "transparent",
  color: vars.color.textMuted,
  selectors: {
    "&:hover": { background: vars.color.light, color: vars.color.text },
  },
});
