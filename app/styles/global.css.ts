/**
 * Global styles: a small modern reset, the type scale, links, focus rings,
 * reduced motion and hash-target offsets below the sticky header. Imported
 * once by `app/root.tsx`; every value comes from the theme contract.
 */
import { globalStyle } from "@vanilla-extract/css";
import * as fr from "./fragments.css";
import { vars } from "./theme.css";

globalStyle("*, *::before, *::after", { boxSizing: "border-box" });

globalStyle("html", {
  WebkitTextSizeAdjust: "100%",
  textSizeAdjust: "100%",
  // Hash targets (docs/spec.txt §2: scroll unless a hash is given) land below the sticky header.
  scrollPaddingTop: `calc(${vars.layout.headerHeight} + ${vars.space.md})`,
  colorScheme: "light",
});

globalStyle("body", {
  margin: 0,
  minHeight: "100vh",
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  lineHeight: 1.6,
  color: vars.color.text,
  background: vars.color.background,
  WebkitFontSmoothing: "antialiased",
  MozOsxFontSmoothing: "grayscale",
  textRendering: "optimizeLegibility",
});

globalStyle("h1, h2, h3, h4, h5, h6", {
  margin: 0,
  fontFamily: vars.font.heading,
  fontWeight: 700,
  lineHeight: 1.2,
  letterSpacing: "-0.01em",
  color: vars.color.text,
  textWrap: "balance",
});

globalStyle("h1", { fontSize: vars.fontSize.display, letterSpacing: "-0.02em" });
globalStyle("h2", { fontSize: vars.fontSize.xxl });
globalStyle("h3", { fontSize: vars.fontSize.xl });
globalStyle("h4", { fontSize: vars.fontSize.lg });

globalStyle("p, ul, ol, dl, figure, blockquote", { margin: 0 });

globalStyle("img, picture, video, canvas, svg", { display: "block", maxWidth: "100%" });
globalStyle("img, video", { height: "auto" });

globalStyle("input, button, textarea, select", { font: "inherit", color: "inherit" });
globalStyle("button", { cursor: "pointer" });
globalStyle("button:disabled", { cursor: "not-allowed" });

globalStyle("a", {
  color: "inherit",
  textDecorationThickness: "1px",
  textUnderlineOffset: "0.18em",
});

globalStyle("::selection", {
  background: vars.color.secondary,
  color: vars.color.onSecondary,
});

// Visible, high-contrast focus for keyboard users only.
globalStyle(":focus-visible", fr.focusRing);
globalStyle(":focus:not(:focus-visible)", { outline: "none" });

globalStyle("[hidden]", { display: "none !important" });

globalStyle("#main-content:focus", { outline: "none" });

// Respect "reduce motion": no animations, transitions or smooth scrolling.
globalStyle("*, *::before, *::after", {
  "@media": {
    "(prefers-reduced-motion: reduce)": {
      animationDuration: "0.01ms !important",
      animationIterationCount: "1 !important",
      transitionDuration: "0.01ms !important",
      scrollBehavior: "auto !important" as "auto",
    },
  },
});
