/**
 * How fast the Vista sandbox's photo CDN draws a full-size photo (a 1200×800
 * JPEG from its SVG scene, `server/vista-sandbox/photos.ts`): a catalogue
 * page asks for two dozen on a first visit, and a fresh sandbox draws each
 * one before it can cache it.
 */
import { loadCatalogue } from "../server/vista-sandbox/catalogue";
import { renderPhoto, resolvePhoto, type PhotoRequest } from "../server/vista-sandbox/photos";

/** Target CPU time per full-size photo, ms. */
export const PHOTO_CPU_TARGET_MS = 60;

/** Photos drawn per measurement (the first photo of 12 listings). */
const PHOTOS = 12;

/** Result of {@link measureSandboxPhotos}. */
export interface SandboxPhotoFigures {
  /** Photos timed. */
  photos: number;
  /** CPU time (every thread, user + system) per photo, ms. */
  cpuMsPerPhoto: number;
}

/**
 * Draws the first photo of {@link PHOTOS} listings after one untimed draw
 * and returns the CPU time per photo. CPU time rather than wall time, so a
 * machine busy with other work does not inflate it.
 */
export async function measureSandboxPhotos(): Promise<SandboxPhotoFigures> {
  const catalogue = loadCatalogue();
  const requests = catalogue.listings
    .slice(100, 100 + PHOTOS)
    .map((listing) => resolvePhoto(`/fotos/${listing.code}/1.jpg`, catalogue))
    .filter((request): request is PhotoRequest => request !== null);
  if (requests.length === 0) throw new Error("o catálogo do sandbox não tem fotos para medir");
  await renderPhoto(requests[0]);
  const started = process.cpuUsage();
  for (const request of requests) await renderPhoto(request);
  const used = process.cpuUsage(started);
  return { photos: requests.length, cpuMsPerPhoto: (used.user + used.system) / 1000 / requests.length };
}
