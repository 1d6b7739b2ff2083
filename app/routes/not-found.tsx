/**
 * The "*" splat of the default layout: any path that matches no route answers
 * 404 "Page Not Found: {path}" (docs/spec.txt §2, §8), rendered by the default layout's
 * error boundary inside the site chrome. Never a 500, whatever the path.
 *
 * It also renders the refusals the server decides before routing (load
 * context `rejection`: a foreign origin, a body too large, a malformed
 * address), so they get the same error screen with their own status.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { pageNotFound, rejectionResponse } from "~/lib/errors";

function notFound(request: Request): never {
  throw pageNotFound(new URL(request.url).pathname);
}

/** Always throws: the server's refusal when there is one, else the 404 Response. */
export function loader({ request, context }: LoaderFunctionArgs): never {
  if (context.rejection) throw rejectionResponse(context.rejection);
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
