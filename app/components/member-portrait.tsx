/**
 * A team member's square portrait on `/sobre` and `/membro/{slug}`: the
 * photo, or the member's initials when there is none (decorative then: the
 * name is written beside it).
 */
import * as s from "./member-portrait.css";

/** Up to two initials of a name ("Ana Paula Souza" → "AS"). */
export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? "") + (parts.length > 1 ? parts[parts.length - 1]![0] : "")).toUpperCase();
}

/** The photo (`size` px square, lazy below the fold when `lazy`), or the initials. */
export function MemberPortrait({
  name,
  photoUrl,
  size,
  lazy = false,
}: {
  name: string;
  photoUrl: string | null;
  size: number;
  lazy?: boolean;
}) {
  if (!photoUrl)
    return (
      <span className={s.initials} aria-hidden="true">
        {initialsOf(name)}
      </span>
    );
  return (
    <img
      className={s.photo}
      src={photoUrl}
      alt={`Foto de ${name}`}
      width={size}
      height={size}
      loading={lazy ? "lazy" : undefined}
      decoding="async"
    />
  );
}
