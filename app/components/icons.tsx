/**
 * The site's icons (drawings in `icon-shapes.ts`): each is one `<span>` painted
 * in `currentColor` through its drawing as a CSS mask, so it follows the text
 * colour and the run-time brand colours and needs no request. An icon used to
 * be an inline `<svg>` with a `<use>` of a sprite; the browser styled the
 * copy of the drawing each `<use>` makes, which was 40–50 % of the style work
 * of a page of listing cards (docs/decisions/0054-icons-as-css-masks.md).
 * Decorative by default (`aria-hidden`); pass `title` to give an icon an
 * accessible name when it stands alone.
 */
import type { CSSProperties, HTMLAttributes } from "react";
import type { IconName } from "./icon-shapes";
import * as s from "./icons.css";

/** Props of every icon: any `<span>` attribute, plus `size` (px, default 24) and an optional accessible `title`. */
export interface IconProps extends Omit<HTMLAttributes<HTMLSpanElement>, "children" | "title"> {
  /** Width and height in px (default 24). */
  size?: number;
  /** Accessible name; without it the icon is hidden from assistive technology. */
  title?: string;
}

/**
 * The component of the icon `name`: a `size`×`size` px box carrying
 * `data-icon` with the name, decorative unless `title` names it (then an
 * image with that name).
 */
function icon(name: IconName) {
  function Icon({ size = 24, title, className, style, ...props }: IconProps) {
    const box: CSSProperties = { width: size, height: size, ...style };
    return (
      <span
        className={className ? `${s.icon} ${s.shape[name]} ${className}` : `${s.icon} ${s.shape[name]}`}
        style={box}
        data-icon={name}
        {...(title ? { role: "img", "aria-label": title } : { "aria-hidden": true })}
        {...props}
      />
    );
  }
  return Icon;
}

/** Check mark in a circle (toast "success"). */
export const SuccessIcon = icon("success");

/** Cross in a circle (toast "error"). */
export const ErrorIcon = icon("error");

/** Exclamation mark in a triangle (toast "warning"). */
export const WarningIcon = icon("warning");

/** Letter i in a circle (toast "info"). */
export const InfoIcon = icon("info");

/** A cross (close buttons). */
export const CloseIcon = icon("close");

/** A heart outline (favourites); the favourite button shows it filled in when pressed. */
export const HeartIcon = icon("heart");

/** Three horizontal bars (mobile menu). */
export const MenuIcon = icon("menu");

/** Arrow pointing left (back). */
export const ArrowLeftIcon = icon("arrow-left");

/** Arrow pointing right (more, next). */
export const ArrowRightIcon = icon("arrow-right");

/** Chevron pointing left (previous). */
export const ChevronLeftIcon = icon("chevron-left");

/** Chevron pointing right (next). */
export const ChevronRightIcon = icon("chevron-right");

/** Magnifying glass (search). */
export const SearchIcon = icon("search");

/** A building (condominium). */
export const BuildingIcon = icon("building");

/** A map pin (address, neighbourhood). */
export const MapPinIcon = icon("map-pin");

/** A bed (bedrooms / dormitórios). */
export const BedIcon = icon("bed");

/** A bathtub (bathrooms / banheiros). */
export const BathIcon = icon("bath");

/** A car (parking spaces / vagas). */
export const CarIcon = icon("car");

/** A square with corner marks (area, m²). */
export const AreaIcon = icon("area");

/** A telephone handset. */
export const PhoneIcon = icon("phone");

/** An envelope (e-mail). */
export const MailIcon = icon("mail");

/** WhatsApp's speech-bubble-with-handset mark (filled). */
export const WhatsAppIcon = icon("whatsapp");

/** Three connected dots (share). */
export const ShareIcon = icon("share");

/** A calendar (dates, "atualizado em"). */
export const CalendarIcon = icon("calendar");

/** A camera (photo count). */
export const CameraIcon = icon("camera");

/** Sliders (filters). */
export const FilterIcon = icon("filter");

/** A check mark (amenity present, selected). */
export const CheckIcon = icon("check");

/** Play triangle in a circle (video). */
export const PlayIcon = icon("play");

/** Arrows pointing outwards (fullscreen). */
export const ExpandIcon = icon("expand");

/** Facebook's "f" mark (outline). */
export const FacebookIcon = icon("facebook");
