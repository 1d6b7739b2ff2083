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
import { HeartIcon } from "./icons";
import * as s from "./favourite-button.css";

/** The site's toast API when a provider is mounted (always on real pages), else null. */
function useOptionalToast(): ReturnType<typeof useToast> | null {
  try {
    return useToast();
  } catch {
    return null;
  }
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
        <HeartIcon size={22} className={s.heart} />
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
