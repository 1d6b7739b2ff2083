/**
 * Styles of the lazy video embed (`video-embed.tsx`): a 16:9 poster with a
 * play button that becomes the player. Theme variables only (docs/style.md §7).
 */
import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** 16:9 frame. */
export const frame = style({
  position: "relative",
  aspectRatio: "16 / 9",
  borderRadius: vars.radius.lg,
  overflow: "hidden",
  background: "#111",
});

/** The poster link/button covering the frame. */
export const poster = style({
  position: "absolute",
  inset: 0,
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space.sm,
  width: "100%",
  padding: 0,
  border: 0,
  color: "#fff",
  textDecoration: "none",
  background: "transparent",
  cursor: "pointer",
});

/** The poster image, dimmed. */
export const posterImage = style({
  position: "absolute",
  inset: 0,
  width: "100%",
  height: "100%",
  objectFit: "cover",
  filter: "brightness(.55)",
});

/** The round play button. */
export const play = style({
  position: "relative",
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  width: "72px",
  height: "72px",
  borderRadius: vars.radius.pill,
  background: vars.color.secondary,
  color: vars.color.onSecondary,
  boxShadow: vars.shadow.raised,
  transition: "transform .15s ease",
  selectors: {
    [`${poster}:hover &`]: { transform: "scale(1.06)" },
  },
});

/** Caption under the play button. */
export const caption = style({
  position: "relative",
  fontWeight: 600,
  textShadow: "0 1px 2px rgba(0,0,0,.6)",
});

/** The player (iframe or video) filling the frame. */
export const player = style({
  position: "absolute",
  inset: 0,
  width: "100%",
  height: "100%",
  border: 0,
});
