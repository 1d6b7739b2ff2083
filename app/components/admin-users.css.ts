/** Styles of the users and roles pages beyond the shared admin ones (`admin.css.ts`). */
import { style } from "@vanilla-extract/css";
import { label } from "./admin.css";

/** A heading without its default margin (a role's name on its card). */
export const flush = style({ margin: 0 });

/** The heading of a section of the users page (invite, edit, sessions, the list). */
export const sectionTitle = style([label, { fontSize: "1.1rem", margin: 0 }]);

/** Text that may hold a long e-mail address: it breaks anywhere rather than overflow the card. */
export const breakAnywhere = style({ overflowWrap: "anywhere" });
