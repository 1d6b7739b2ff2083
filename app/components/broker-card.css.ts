/**
 * Styles of the broker card (`broker-card.tsx`). Theme variables only
 * (docs/style.md §7).
 */
import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** The card. */
export const card = style({
  display: "grid",
  gap: vars.space.md,
  padding: vars.space.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
});

/** Photo and name side by side. */
export const header = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.md,
});

/** Round photo (or initials). */
export const avatar = style({
  flex: "0 0 auto",
  width: "64px",
  height: "64px",
  borderRadius: vars.radius.pill,
  objectFit: "cover",
  background: vars.color.light,
});

/** Initials when the broker has no photo. */
export const initials = style([
  avatar,
  {
    display: "flex",
    alignItems: "center",
    justifyContent: "center",
    fontSize: vars.fontSize.lg,
    fontWeight: 700,
    color: vars.color.onPrimary,
    background: vars.color.primary,
  },
]);

/** "Corretor responsável". */
export const kicker = style({
  fontSize: vars.fontSize.xs,
  fontWeight: 600,
  textTransform: "uppercase",
  letterSpacing: ".06em",
  color: vars.color.textMuted,
});

/** The broker's name. */
export const name = style({
  fontSize: vars.fontSize.lg,
  fontWeight: 700,
  lineHeight: 1.25,
});

/** CRECI line. */
export const creci = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

/** Contact links. */
export const contacts = style({
  display: "grid",
  gap: vars.space.sm,
});

/** A secondary contact line (phone, e-mail). */
export const contactLink = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
  textDecoration: "none",
  overflowWrap: "anywhere",
  selectors: {
    "&:hover": { textDecoration: "underline" },
  },
});

/** WhatsApp mark in WhatsApp green, whatever the brand colours. */
export const whatsappIcon = style({
  flexShrink: 0,
  color: "#1f8f4e",
});
