/** Styles of `/obrigado` (`thank-you.tsx`): the panel away from the header and the footer. */
import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** Room above and below the thank-you panel, narrower text column. */
export const page = style({
  maxWidth: vars.layout.narrow,
  paddingBlock: `${vars.space.xl} ${vars.space.xxl}`,
  "@media": { "(min-width: 768px)": { paddingBlock: `${vars.space.xxl} calc(2 * ${vars.space.xxl})` } },
});
