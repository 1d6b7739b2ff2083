/** Styles of `alert-form.tsx` ("Criar alerta" on the list, search and map pages). */
import { style } from "@vanilla-extract/css";
import * as fr from "~/styles/fragments.css";
import { vars } from "~/styles/theme.css";

/** The compact card: a heading line, then e-mail, optional name and the button. */
export const form = style([
  fr.formCard,
  { border: `1px solid ${vars.color.border}`, gap: vars.space.sm, marginBlock: vars.space.md },
]);

/** Heading of the card. */
export const title = style({ margin: 0, fontSize: vars.fontSize.md, lineHeight: 1.3 });

/** The line under the heading. */
export const intro = style(fr.mutedText);

/** E-mail, name and button side by side when the card is wide enough; stacked on a phone. */
export const row = style([fr.fitColumns("13rem"), { gap: vars.space.sm, alignItems: "end" }]);

/** The submit button, as tall as the inputs. */
export const submit = style({ width: "100%", whiteSpace: "nowrap" });

/** The confirmation shown in place once sent (JavaScript). */
export const sent = style({
  margin: 0,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.success}`,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
});

/** Small print (privacy). */
export const note = style({ margin: 0, fontSize: vars.fontSize.xs, color: vars.color.textMuted });

/** The privacy-policy link of the note. */
export const noteLink = style({ color: "inherit", textDecoration: "underline" });
