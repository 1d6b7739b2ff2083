/** Styles of `lead-form.tsx` (the contact forms: quero vender, mais informações, avise-me). */
import { style } from "@vanilla-extract/css";
import * as fr from "~/styles/fragments.css";
import { vars } from "~/styles/theme.css";

/** The form card. */
export const form = style([fr.formCard, { border: `1px solid ${vars.color.border}` }]);

/** Title of the form. */
export const title = style({ margin: 0, fontSize: vars.fontSize.lg, lineHeight: 1.25 });

/** Short text under the title. */
export const intro = style(fr.mutedText);

/**
 * Two fields side by side when the card itself is wide enough (phone and
 * e-mail): the columns follow the card's width, not the viewport's, so the
 * narrow "avise-me" card in the aside stacks them instead of cramping them.
 */
export const row = style([fr.fitColumns("15rem"), { gap: vars.space.md, alignItems: "start" }]);

/** The line above phone and e-mail: one of the two is enough. */
export const pairHint = style(fr.mutedText);

/** The confirmation panel that replaces the form once sent (JavaScript). */
export const sent = style({
  alignItems: "flex-start",
  borderColor: vars.color.success,
  selectors: { "&:focus-visible": fr.focusRing },
});

/** The tick of the confirmation panel. */
export const sentIcon = style({ display: "inline-flex", color: vars.color.success });

/** The confirmation's "Enviar outra mensagem": may wrap, never wider than its card (360 px phones). */
export const again = style({ maxWidth: "100%", whiteSpace: "normal", textAlign: "center" });

/** The text of the confirmation panel. */
export const sentText = style({ margin: 0, color: vars.color.text });

/** Small print under the button (privacy). */
export const note = style({ margin: 0, fontSize: vars.fontSize.xs, color: vars.color.textMuted });

/** Full-width submit; its label may take two lines on the narrowest phones (320 px) rather than touch the edges. */
export const submit = style({ width: "100%", whiteSpace: "normal", textAlign: "center" });

/** The privacy-policy link of the note. */
export const noteLink = style({ color: "inherit", textDecoration: "underline" });
