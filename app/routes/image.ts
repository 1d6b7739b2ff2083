/**
 * `GET /imagens?src=<encoded url>&w=<width>`: resized, cached images of the
 * catalogue's photos, from Vista's CDN or the embedded sandbox (the URLs
 * `imageUrl()` in `app/lib/images.ts` builds). All logic lives in
 * `app/.server/images.ts`.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getImageService, handleImageRequest } from "~/.server/images";

/** Streams the resized image; 400/404/429/502 as plain text (see `handleImageRequest`). The client IP keys the rate of cache misses. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleImageRequest(request, getImageService(), { clientIp: context.clientIp });
}
