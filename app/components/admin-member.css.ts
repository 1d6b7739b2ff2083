/** Styles of the members pages of the admin area beyond the shared admin ones (`admin.css.ts`). */
import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { label, row } from "./admin.css";

/** The heading of a section of the member page (photo, files, state) and of the list's count. */
export const sectionTitle = style([label, { fontSize: "1.1rem", margin: 0 }]);

/** The list page's header: the title on the left, "Novo membro" on the right. */
export const headerRow = style([row, { justifyContent: "space-between" }]);

/** The member's photo on the edit page (160 px square, cropped to fill). */
export const photo = style({ objectFit: "cover", borderRadius: vars.radius.md });
