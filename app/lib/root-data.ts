/**
 * Typed access to the root loader's data (theme, flash toast, build id) from
 * layouts and components, without importing the root route module.
 */
import { useRouteLoaderData } from "@remix-run/react";
import type { PublicTheme } from "./theme";
import type { FlashToast } from "./toast";
import type { SessionUser } from "./auth";
import type { AgencyProfile } from "./agency";
import type { ConsentView } from "./consent";

/** What the root loader (`app/root.tsx`) returns. */
export interface RootData {
  /** Public theme: title, description, colours, logos, agency name and CRECI (docs/spec.txt §1). */
  theme: PublicTheme;
  /** Flash toast to show after load (`app/.server/flash.ts`), or null. */
  toast: FlashToast | null;
  /** Build id the page was rendered with (`app/.server/build-info.ts`). */
  buildId: string;
  /** Current year in São Paulo, for the copyright line (server and browser agree). */
  year: number;
  /** Contact channels: `whatsapp` is true when the agency has a WhatsApp number (`WHATSAPP_NUMBER`; header button). */
  contact: { whatsapp: boolean };
  /** The agency profile (`/admin/imobiliaria`, else configuration): footer, contacts, `/lgpd`. */
  agency: AgencyProfile;
  /** The signed-in broker or admin, or null; when set the response is `private, no-store`. */
  user: SessionUser | null;
  /** Cookie consent: the render variant (banner or not) and Google's tag settings (docs/decisions/0029-consent-and-google-analytics.md). */
  consent: ConsentView;
  /** Codes in the visitor's favourites cookie, newest first (`~/lib/favourites`); when any, the page is `private, no-store`. */
  favourites: string[];
}

/** The root loader data, or null while the root loader failed (root error boundary). */
export function useOptionalRootData(): RootData | null {
  return (useRouteLoaderData("root") as RootData | undefined) ?? null;
}

/**
 * The root loader data; use below the root route (layouts, pages).
 * @throws {Error} when the root loader data is missing (only possible in the root error boundary).
 */
export function useRootData(): RootData {
  const data = useOptionalRootData();
  if (!data) throw new Error("useRootData: root loader data is missing");
  return data;
}
