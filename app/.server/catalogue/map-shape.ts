/**
 * The drawn area's SQL (ADR 0091): a condition on the listings' coordinates
 * that holds exactly where `pointInShape` (`~/lib/map-shape`) does. A
 * bounding-box prefilter on the `(latitude, longitude)` columns (their index)
 * comes first, then the exact test: the even-odd rule over at most 20 edges,
 * or the circle's flat distance. A fixed amount of arithmetic per listing
 * inside the box, so the work stays bounded (ADR 0062).
 */
import { and, between, sql, type SQL } from "drizzle-orm";
import { METRES_PER_DEGREE, shapeBounds, type DrawnShape } from "~/lib/map-shape";
import { listings } from "../db/schema";

/** A number as a SQL double precision literal parameter. */
function num(value: number): SQL {
  return sql`${value}::float8`;
}

/** The exact inside test of a shape, without the box prefilter. */
function exactCondition(shape: DrawnShape): SQL {
  const lat = listings.latitude;
  const lng = listings.longitude;
  if (shape.kind === "circle") {
    const kx = METRES_PER_DEGREE * Math.cos((shape.lat * Math.PI) / 180);
    return sql`(power((${lat} - ${num(shape.lat)}) * ${num(METRES_PER_DEGREE)}, 2) + power((${lng} - ${num(shape.lng)}) * ${num(kx)}, 2)) <= ${num(shape.radius * shape.radius)}`;
  }
  const crossings: SQL[] = [];
  const points = shape.points;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [yi, xi] = points[i];
    const [yj, xj] = points[j];
    // A horizontal edge is never crossed by the ray, and would divide by zero.
    if (yi === yj) continue;
    const slope = (xj - xi) / (yj - yi);
    crossings.push(
      sql`(((${lat} < ${num(yi)}) <> (${lat} < ${num(yj)})) and ${lng} < ${num(xi)} + ${num(slope)} * (${lat} - ${num(yi)}))::int`,
    );
  }
  if (crossings.length === 0) return sql`false`;
  return sql`(${sql.join(crossings, sql` + `)}) % 2 = 1`;
}

/**
 * The listings whose coordinates are inside `shape`: the box around it
 * (edges included), then the exact test. Listings without coordinates never
 * match.
 */
export function shapeCondition(shape: DrawnShape): SQL {
  const box = shapeBounds(shape);
  return and(
    between(listings.latitude, box.south, box.north),
    between(listings.longitude, box.west, box.east),
    exactCondition(shape),
  )!;
}
