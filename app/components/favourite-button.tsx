/**
 * The heart button ("Favoritar" / "Remover dos favoritos") of listing cards
 * and listing pages (docs/decisions/0032-favourites-and-compare.md).
 *
 * Always a `<form method="post">` to `/favoritos/alternar` with the code and
 * the current address, so it works without JavaScript (the server toggles the
 * cookie and sends the visitor back). Once hydrated, a submit is handled in
 * the page instead: the cookie and `localStorage` change at once
 * (`useFavourites`), every heart and the header count follow, and a toast
 * confirms. A toggle button with `aria-pressed`; its name says what a press
 * does and which listing it concerns.
 */
import { useLocation } from "@remix-run/react";
import type { FormEvent } from "react";
import { FAVOURITE_FIELDS, FAVOURITE_TOGGLE_PATH, MAX_FAVOURITES } from "~/lib/favourites";
import { useFavourites } from "~/lib/use-favourites";
import { visuallyHidden } from "~/styles/ui.css";
import { useToast } from "./toast";
import * as s from "./favourite-button.css";

/** The site's toast API when a provider is mounted (always on real pages), else null. */
function useOptionalToast(): ReturnType<typeof useToast> | null {
  try {
    return useToast();
  } catch {
    return null;
  }
}

/** A heart outline (24×24, Lucide style); filled through CSS when pressed. */
export function HeartIcon({ size = 22, className }: { size?: number; className?: string }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      aria-hidden="true"
      className={className}
    >
      <path d="M19 14c1.49-1.46 3-3.21 3-5.5A5.5 5.5 0 0 0 16.5 3c-1.76 0-3 .5-4.5 2-1.5-1.5-2.74-2-4.5-2A5.5 5.5 0 0 0 2 8.5c0 2.3 1.5 4.05 3 5.5l7 7Z" />
    </svg>
  );
}

/** Props of {@link FavouriteButton}. */
export interface FavouriteButtonProps {
  /** The listing's code (Vista `Codigo`). */
  code: string;
  /** The listing's title, completing the button's accessible name. */
  title: string;
  /** `card`: a round icon over a card's photo; `page`: a labelled pill (listing page). */
  variant?: "card" | "page";
  /** Called after a change made in the page (e.g. to reload the favourites list). */
  onChange?: (saved: boolean) => void;
}

/** The heart: see the module comment. */
export function FavouriteButton({ code, title, variant = "card", onChange }: FavouriteButtonProps) {
  const { codes, toggle } = useFavourites();
  const { pathname, search, hash } = useLocation();
  const toast = useOptionalToast();
  const saved = codes.includes(code);
  const label = saved ? "Remover dos favoritos" : "Favoritar";

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const change = toggle(code);
    if (change.full) {
      toast?.notify({
        type: "error",
        title: `Sua lista já tem ${MAX_FAVOURITES} imóveis`,
        description: "Remova algum dos favoritos para salvar outro.",
      });
      return;
    }
    toast?.notify({
      type: "success",
      title: change.saved ? "Imóvel salvo nos favoritos" : "Imóvel removido dos favoritos",
    });
    onChange?.(change.saved);
  }

  return (
    <form method="post" action={FAVOURITE_TOGGLE_PATH} className={s.form} onSubmit={onSubmit}>
      <input type="hidden" name={FAVOURITE_FIELDS.code} value={code} />
      <input type="hidden" name={FAVOURITE_FIELDS.returnTo} value={`${pathname}${search}${hash}`} />
      <button
        type="submit"
        className={variant === "card" ? s.cardButton : s.pageButton}
        aria-pressed={saved}
        title={label}
        data-favourite-code={code}
      >
        <HeartIcon className={s.heart} />
        {variant === "page" ? (
          <>
            <span>{label}</span>
            <span className={visuallyHidden}>{`: ${title}`}</span>
          </>
        ) : (
          <span className={visuallyHidden}>{`${label}: ${title}`}</span>
        )}
      </button>
    </form>
  );
}
