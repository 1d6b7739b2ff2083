/** Placeholder while the module is built; answers 404 like an unknown path. */
export function loader(): never {
  throw new Response("Not Found", { status: 404 });
}

/** Nothing to render: the loader always throws. */
export default function Placeholder() {
  return null;
}
