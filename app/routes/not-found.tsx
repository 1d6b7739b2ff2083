/**
 * The "*" splat of the default layout: any path that matches no route answers
 * 404 "Page Not Found: {path}" (spec §2, §8), rendered by the default layout's
 * error boundary inside the site chrome. Never a 500, whatever the path.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { pageNotFound } from "~/lib/errors";

function notFound(request: Request): never {
  throw pageNotFound(new URL(request.url).pathname);
}

/** Always throws the 404 Response. */
export function loader({ request }: LoaderFunctionArgs): never {
  notFound(request);
}

/** A form posted to an unknown path is a 404 as well (not a 405). */
export function action({ request }: ActionFunctionArgs): never {
  notFound(request);
}

/** Never rendered: the loader always throws. */
export default function NotFound() {
  return null;
}
