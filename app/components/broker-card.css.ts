/**
 * Styles of the broker card (`broker-card.tsx`). Theme variables only
 * (docs/style.md §7).
 */
import { style } from "@vanilla-extract/css";
import * as fr from "~/styles/fragments.css";
import { vars } from "~/styles/theme.css";
import * as f from "./detail-fragments.css";

/** The card. */
export const card = style([f.card]);

/** Photo and name side by side. */
export const header = style([fr.centerRow, { gap: vars.space.md }]);

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
  fr.centered,
  {
    fontSize: vars.fontSize.lg,
    fontWeight: 700,
    color: vars.color.onPrimary,
    background: vars.color.primary,
  },
]);

/** "Corretor responsável". */
export const kicker = style([f.eyebrow, { fontSize: vars.fontSize.xs, letterSpacing: ".06em" }]);

/** The broker's name. */
export const name = style({
  fontSize: vars.fontSize.lg,
  fontWeight: 700,
  lineHeight: 1.25,
});

/** CRECI line. */
export const creci = style([f.mutedText]);

/** Contact links. */
export const contacts = style([f.stack]);

/** A secondary contact line (phone, e-mail). */
export const contactLink = style([
  fr.centerRow,
  {
    gap: vars.space.sm,
    fontSize: vars.fontSize.sm,
    color: vars.color.text,
    textDecoration: "none",
    overflowWrap: "anywhere",
    selectors: {
      "&:hover": { textDecoration: "underline" },
    },
  },
]);

/** WhatsApp mark in WhatsApp green, whatever the brand colours. */
export const whatsappIcon = style({
  flexShrink: 0,
  color: "#1f8f4e",
});
