/**
 * The map's first picture (docs/decisions/0097): an empty box over the
 * map's placeholder and an inline script right after it, which fills the box
 * with the tiles Leaflet will show (`~/lib/map-preview`) while the page is
 * still being parsed, before any of its scripts has loaded. The page removes
 * it once the map's own tiles have loaded.
 */
import { mapPreviewScript, type MapPreviewView } from "~/lib/map-preview";
import { useNonce } from "~/lib/nonce";
import * as s from "./map-preview.css";

/**
 * The preview box and its script. The script's source is rendered on the
 * server only (it is not in the browser's bundle); in the browser the elements
 * hydrate as they are: React neither compares nor replaces the content of an
 * element rendered with `dangerouslySetInnerHTML`, so the tiles the script
 * added stay until the page unmounts the preview.
 */
export function MapPreview({ view }: { view: MapPreviewView }) {
  const nonce = useNonce();
  return (
    <>
      <div
        className={s.preview}
        aria-hidden="true"
        data-map-preview={JSON.stringify(view)}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: "" }}
      />
      <script
        // The browser hides nonce values from the DOM: the client's "" is not a mismatch.
        nonce={nonce || undefined}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? mapPreviewScript() : "" }}
      />
    </>
  );
}
