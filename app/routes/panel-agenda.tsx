/** Placeholder while this page is being built; answers 404 like any unknown page. */
export function loader(): never {
  throw new Response("Not Found", { status: 404 });
}
