/**
 * Inline SVG icons (24×24 grid, 2 px strokes in `currentColor`), so they follow
 * the text colour and the run-time brand colours and need no request; their
 * drawings are written once per page ({@link IconSprite}). Drawn in
 * the style of the Lucide set. Decorative by default (`aria-hidden`); pass
 * `title` to give an icon an accessible name when it stands alone.
 */
import type { ReactNode, SVGProps } from "react";

/** Props of every icon: any SVG attribute, plus `size` (px, default 24) and an optional accessible `title`. */
export interface IconProps extends Omit<SVGProps<SVGSVGElement>, "children"> {
  /** Width and height in px (default 24). */
  size?: number | string;
  /** Accessible name; without it the icon is hidden from assistive technology. */
  title?: string;
}

/**
 * The shared frame, unfilled (CSS on it may fill it, as the pressed heart
 * does; the 2 px round stroke is the symbol's); decorative unless `title`
 * names it. No `viewBox` of its own: the `<use>` fills the frame (100 %) and
 * the symbol's 24×24 `viewBox` scales the drawing to it, the same picture in
 * fewer bytes per icon, which a page of cards repeats many times (ADR 0094).
 * No `focusable="false"` either: only Internet Explorer needed it.
 */
function Svg({ size = 24, title, children, ...props }: IconProps & { children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      fill="none"
      {...(title ? { role: "img", "aria-label": title } : { "aria-hidden": true })}
      {...props}
    >
      {title ? <title>{title}</title> : null}
      {children}
    </svg>
  );
}

/**
 * What an icon draws, all in one stroke: `d`, a path (one or more subpaths);
 * `circles`, `[cx, cy, r]` each; `rect`, `[x, y, width, height, rx]`.
 */
interface Shape {
  d?: string;
  circles?: readonly (readonly [number, number, number])[];
  rect?: readonly [number, number, number, number, number];
}

/** Every icon's drawing by name, for {@link IconSprite}; `stroke` "none" for a filled mark. */
const SHAPES = new Map<string, Shape & { stroke?: string }>();

/** The id of an icon's `<symbol>` in {@link IconSprite}. */
const symbolId = (name: string) => `icone-${name}`;

/**
 * An icon component drawing `shape` in the shared frame; `frame` overrides its
 * defaults (e.g. a filled mark). The drawing is a `<symbol>` of
 * {@link IconSprite}, written once per page; each icon is its frame and a
 * `<use>` of it, which inherits the frame's fill (so CSS on the `<svg>`, like
 * the pressed heart's fill, still applies).
 */
function icon(name: string, shape: Shape, frame: Omit<IconProps, "size" | "title"> = {}) {
  SHAPES.set(name, { ...shape, stroke: frame.stroke });
  const href = `#${symbolId(name)}`;
  function Icon(props: IconProps) {
    return (
      <Svg {...frame} {...props}>
        <use href={href} />
      </Svg>
    );
  }
  return Icon;
}

/**
 * The drawings of every icon as `<symbol>`s, once per document (the root
 * layout's body): an icon on the page is then a few bytes instead of its
 * whole path, which made the list page's HTML markedly lighter
 * (docs/decisions/0040-fast-on-a-phone-changes.md has the sizes).
 */
export function IconSprite() {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width="0"
      height="0"
      aria-hidden="true"
      focusable="false"
      style={SPRITE_STYLE}
    >
      {[...SHAPES].map(([name, { d, circles = [], rect, stroke = "currentColor" }]) => (
        <symbol
          key={name}
          id={symbolId(name)}
          viewBox="0 0 24 24"
          stroke={stroke}
          strokeWidth={2}
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          {rect ? <rect x={rect[0]} y={rect[1]} width={rect[2]} height={rect[3]} rx={rect[4]} /> : null}
          {circles.map(([cx, cy, r]) => (
            <circle key={`${cx},${cy}`} cx={cx} cy={cy} r={r} />
          ))}
          {d ? <path d={d} /> : null}
        </symbol>
      ))}
    </svg>
  );
}

/** Out of the layout and of sight; `display: none` would stop some browsers drawing the symbols. */
const SPRITE_STYLE = { position: "absolute", width: 0, height: 0, overflow: "hidden" } as const;

/** Check mark in a circle (toast "success"). */
export const SuccessIcon = icon("success", { d: "m8.5 12.5 2.5 2.5 4.5-5", circles: [[12, 12, 10]] });

/** Cross in a circle (toast "error"). */
export const ErrorIcon = icon("error", { d: "m15 9-6 6M9 9l6 6", circles: [[12, 12, 10]] });

/** Exclamation mark in a triangle (toast "warning"). */
export const WarningIcon = icon("warning", {
  d: "M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z M12 9v4M12 17h.01",
});

/** Letter i in a circle (toast "info"). */
export const InfoIcon = icon("info", { d: "M12 16v-4M12 8h.01", circles: [[12, 12, 10]] });

/** A cross (close buttons). */
export const CloseIcon = icon("close", { d: "M18 6 6 18M6 6l12 12" });

/** A heart outline (favourites); the favourite button fills it through CSS when pressed. */
export const HeartIcon = icon("heart", {
  d: "M19 14c1.49-1.46 3-3.21 3-5.5A5.5 5.5 0 0 0 16.5 3c-1.76 0-3 .5-4.5 2-1.5-1.5-2.74-2-4.5-2A5.5 5.5 0 0 0 2 8.5c0 2.3 1.5 4.05 3 5.5l7 7Z",
});

/** Three horizontal bars (mobile menu). */
export const MenuIcon = icon("menu", { d: "M4 6h16M4 12h16M4 18h16" });

/** Arrow pointing left (back). */
export const ArrowLeftIcon = icon("arrow-left", { d: "M19 12H5M12 19l-7-7 7-7" });

/** Arrow pointing right (more, next). */
export const ArrowRightIcon = icon("arrow-right", { d: "M5 12h14M12 5l7 7-7 7" });

/** Chevron pointing left (previous). */
export const ChevronLeftIcon = icon("chevron-left", { d: "m15 18-6-6 6-6" });

/** Chevron pointing right (next). */
export const ChevronRightIcon = icon("chevron-right", { d: "m9 18 6-6-6-6" });

/** Magnifying glass (search). */
export const SearchIcon = icon("search", { d: "m20 20-3.5-3.5", circles: [[11, 11, 7]] });

/** A building (condominium). */
export const BuildingIcon = icon("building", {
  d: "M9 22v-4h6v4M8 6h.01M12 6h.01M16 6h.01M8 10h.01M12 10h.01M16 10h.01M8 14h.01M12 14h.01M16 14h.01",
  rect: [4, 2, 16, 20, 2],
});

/** A map pin (address, neighbourhood). */
export const MapPinIcon = icon("map-pin", {
  d: "M20 10c0 6-8 12-8 12s-8-6-8-12a8 8 0 0 1 16 0Z",
  circles: [[12, 10, 3]],
});

/** A bed (bedrooms / dormitórios). */
export const BedIcon = icon("bed", { d: "M2 4v16M2 8h18a2 2 0 0 1 2 2v10M2 17h20M6 8v9" });

/** A bathtub (bathrooms / banheiros). */
export const BathIcon = icon("bath", {
  d: "M9 6 6.5 3.5a1.5 1.5 0 0 0-1-.5C4.7 3 4 3.7 4 4.5V17a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-5 M2 12h20M7 19v2M17 19v2M10 5 8 7",
});

/** A car (parking spaces / vagas). */
export const CarIcon = icon("car", {
  d: "M19 17h2v-5l-2.2-5.1A2 2 0 0 0 17 5.7H7a2 2 0 0 0-1.8 1.2L3 12v5h2 M3 12h18M9 17h6",
  circles: [
    [7, 17, 2],
    [17, 17, 2],
  ],
});

/** A square with corner marks (area, m²). */
export const AreaIcon = icon("area", {
  d: "M3 8V5a2 2 0 0 1 2-2h3M16 3h3a2 2 0 0 1 2 2v3M21 16v3a2 2 0 0 1-2 2h-3M8 21H5a2 2 0 0 1-2-2v-3",
  rect: [7, 7, 10, 10, 1],
});

/** A telephone handset. */
export const PhoneIcon = icon("phone", {
  d: "M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1 1 .4 1.9.7 2.8a2 2 0 0 1-.5 2.1L8 9.9a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.8.7a2 2 0 0 1 1.8 2Z",
});

/** An envelope (e-mail). */
export const MailIcon = icon("mail", { d: "m22 7-10 6L2 7", rect: [2, 4, 20, 16, 2] });

/** WhatsApp's speech-bubble-with-handset mark (filled). */
export const WhatsAppIcon = icon(
  "whatsapp",
  {
    d: "M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm0 18.2a8.2 8.2 0 0 1-4.2-1.1l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2Zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.3-.4.3-.4.7-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.1 5.1 0 0 0 1.1 2.7 11.7 11.7 0 0 0 4.5 4c1.7.7 2.3.8 3.2.6.5-.1 1.5-.6 1.7-1.2.2-.6.2-1.1.2-1.2-.1-.1-.3-.2-.6-.3Z",
  },
  { fill: "currentColor", stroke: "none" },
);

/** Three connected dots (share). */
export const ShareIcon = icon("share", {
  d: "m8.6 13.5 6.8 4M15.4 6.5l-6.8 4",
  circles: [
    [18, 5, 3],
    [6, 12, 3],
    [18, 19, 3],
  ],
});

/** A calendar (dates, "atualizado em"). */
export const CalendarIcon = icon("calendar", { d: "M16 2v4M8 2v4M3 10h18", rect: [3, 4, 18, 18, 2] });

/** A camera (photo count). */
export const CameraIcon = icon("camera", {
  d: "M14.5 4h-5L7 7H4a2 2 0 0 0-2 2v9a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V9a2 2 0 0 0-2-2h-3l-2.5-3Z",
  circles: [[12, 13, 3]],
});

/** Sliders (filters). */
export const FilterIcon = icon("filter", {
  d: "M4 21v-7M4 10V3M12 21v-9M12 8V3M20 21v-5M20 12V3M1 14h6M9 8h6M17 16h6",
});

/** Bell: "Criar alerta desta busca". */
export const BellIcon = icon("bell", { d: "M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0" });

/** A check mark (amenity present, selected). */
export const CheckIcon = icon("check", { d: "M20 6 9 17l-5-5" });

/** Play triangle in a circle (video). */
export const PlayIcon = icon("play", { d: "m10 8 6 4-6 4Z", circles: [[12, 12, 10]] });

/** Arrows pointing outwards (fullscreen). */
export const ExpandIcon = icon("expand", { d: "M15 3h6v6M9 21H3v-6M21 3l-7 7M3 21l7-7" });

/** Facebook's "f" mark (outline). */
export const FacebookIcon = icon("facebook", {
  d: "M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3Z",
});
