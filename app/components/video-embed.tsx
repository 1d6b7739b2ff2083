/**
 * Lazy YouTube/Vimeo embed (docs/product.md: "video (lazy YouTube/Vimeo embed)"):
 * a poster with a play button; the provider's player (and its cookies and
 * scripts) loads only when the visitor clicks. Without JavaScript the poster
 * is a link to the video on the provider's site (new tab).
 *
 * Vista sends the provider's video id, not a URL (docs/vista-api.md §4.2 "Videos");
 * full URLs are accepted too and reduced to the id. Ids are validated so
 * nothing else can reach the iframe's `src`.
 */
import { type MouseEvent, useState } from "react";
import type { Listing } from "~/domain/listing";
import { imageUrl } from "~/lib/images";
import { PlayIcon } from "./icons";
import * as s from "./video-embed.css";

/** A playable video. */
export interface VideoSource {
  provider: "youtube" | "vimeo" | "mp4";
  /** Provider id (YouTube/Vimeo) or the file URL (mp4). */
  id: string;
  /** Player URL for the iframe (autoplays: it loads on the visitor's click). */
  embedUrl: string;
  /** Page of the video on the provider's site (the no-JavaScript link). */
  watchUrl: string;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{6,12}$/;

/** The YouTube id in an id or URL (watch, youtu.be, embed, shorts), or null. */
function youtubeId(value: string): string | null {
  const text = value.trim();
  if (YOUTUBE_ID.test(text)) return text;
  try {
    const url = new URL(text);
    const host = url.hostname.replace(/^www\.|^m\./, "");
    let id: string | null = null;
    if (host === "youtu.be") id = url.pathname.slice(1);
    else if (host.endsWith("youtube.com") || host.endsWith("youtube-nocookie.com")) {
      id = url.searchParams.get("v") ?? url.pathname.match(/^\/(?:embed|shorts|v)\/([^/]+)/)?.[1] ?? null;
    }
    return id && YOUTUBE_ID.test(id) ? id : null;
  } catch {
    return null;
  }
}

/** The Vimeo id in an id or URL, or null. */
function vimeoId(value: string): string | null {
  const text = value.trim();
  if (VIMEO_ID.test(text)) return text;
  try {
    const url = new URL(text);
    if (!url.hostname.endsWith("vimeo.com")) return null;
    const id = url.pathname
      .split("/")
      .filter(Boolean)
      .find((part) => VIMEO_ID.test(part));
    return id ?? null;
  } catch {
    return null;
  }
}

/**
 * A playable source for a Vista video (`Tipo` provider + `Video` id), or null
 * when the provider is unknown or the id invalid. Provider names are matched
 * case-insensitively; an empty provider is guessed from a URL.
 */
export function videoSource(provider: string, value: string): VideoSource | null {
  const kind = provider.trim().toLowerCase();
  if (kind === "youtube" || (!kind && /youtu/.test(value))) {
    const id = youtubeId(value);
    return id
      ? {
          provider: "youtube",
          id,
          embedUrl: `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0`,
          watchUrl: `https://www.youtube.com/watch?v=${id}`,
        }
      : null;
  }
  if (kind === "vimeo" || (!kind && /vimeo\.com/.test(value))) {
    const id = vimeoId(value);
    return id
      ? {
          provider: "vimeo",
          id,
          embedUrl: `https://player.vimeo.com/video/${id}?autoplay=1&dnt=1`,
          watchUrl: `https://vimeo.com/${id}`,
        }
      : null;
  }
  if (kind === "mp4" || (!kind && /\.mp4(\?|$)/i.test(value))) {
    try {
      const url = new URL(value.trim());
      if (url.protocol !== "https:" && url.protocol !== "http:") return null;
      return { provider: "mp4", id: url.href, embedUrl: url.href, watchUrl: url.href };
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * The playable videos of a listing: its featured video (`VideoDestaque`)
 * first, then the `Video` rows shown on the site; duplicates removed.
 */
export function listingVideos(listing: Pick<Listing, "featuredVideo" | "featuredVideoType" | "videos">): VideoSource[] {
  const candidates: (VideoSource | null)[] = [];
  if (listing.featuredVideo) candidates.push(videoSource(listing.featuredVideoType ?? "", listing.featuredVideo));
  for (const video of listing.videos ?? []) {
    if (video.showOnSite === false) continue;
    candidates.push(videoSource(video.provider ?? "", video.videoId ?? ""));
  }
  const seen = new Set<string>();
  return candidates.filter((video): video is VideoSource => {
    if (!video || seen.has(video.embedUrl)) return false;
    seen.add(video.embedUrl);
    return true;
  });
}

/** Props of {@link VideoEmbed}. */
export interface VideoEmbedProps {
  video: VideoSource;
  /** What the video shows (labels). */
  title: string;
  /** Source URL of a poster photo (through `imageUrl()`), e.g. the cover photo. */
  posterUrl?: string;
}

/** The lazy player: see the module comment. */
export function VideoEmbed({ video, title, posterUrl }: VideoEmbedProps) {
  const [playing, setPlaying] = useState(false);

  function onPlay(event: MouseEvent<HTMLAnchorElement>) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    setPlaying(true);
  }

  return (
    <div className={s.frame}>
      {playing ? (
        video.provider === "mp4" ? (
          <video className={s.player} src={video.embedUrl} controls autoPlay playsInline title={`Vídeo: ${title}`} />
        ) : (
          <iframe
            className={s.player}
            src={video.embedUrl}
            title={`Vídeo: ${title}`}
            allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
          />
        )
      ) : (
        <a className={s.poster} href={video.watchUrl} target="_blank" rel="noopener noreferrer" onClick={onPlay}>
          {posterUrl ? (
            <img className={s.posterImage} src={imageUrl(posterUrl, 960)} alt="" loading="lazy" decoding="async" />
          ) : null}
          <span className={s.play}>
            <PlayIcon size={32} />
          </span>
          <span className={s.caption}>Assistir ao vídeo</span>
        </a>
      )}
    </div>
  );
}
