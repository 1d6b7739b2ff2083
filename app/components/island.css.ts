/** Styles of `island.tsx`. */
import { style } from "@vanilla-extract/css";

/** An island's wrapper: no box of its own, so the page lays its content out as if it were not there. */
export const island = style({ display: "contents" });
