// Transient: replaced by the module that builds this page (issue 3).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { pageNotFound } from "~/lib/errors";

export async function loader({ request }: LoaderFunctionArgs) {
  throw pageNotFound(new URL(request.url).pathname);
}
