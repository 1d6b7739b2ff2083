/**
 * `GET /imagens?src=<encoded url>&w=<width>`: resized, cached images from
 * Vista's CDN or the embedded sandbox (the URLs `imageUrl()` in
 * `app/lib/images.ts` builds). All logic lives in `app/.server/images.ts`.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { handleImageRequest } from "~/.server/images";

/** Streams the resized image; 400/404/502 as plain text (see `handleImageRequest`). */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleImageRequest(request);
}
