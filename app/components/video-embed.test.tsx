import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Video } from "~/domain/listing";
import { listingVideos, VideoEmbed, videoSource } from "./video-embed";

function video(provider: string, videoId: string, showOnSite = true): Video {
  return {
    code: "AP1",
    videoCode: "1",
    date: null,
    description: "",
    webDescription: "",
    isFeatured: false,
    showOnSite,
    videoId,
    provider,
  };
}

describe("videoSource", () => {
  it("builds privacy-friendly YouTube and Vimeo players from ids or URLs", () => {
    expect(videoSource("youtube", "dQw4w9WgXcQ")).toMatchObject({
      provider: "youtube",
      embedUrl: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0",
      watchUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    });
    expect(videoSource("YouTube", "https://youtu.be/dQw4w9WgXcQ")?.id).toBe("dQw4w9WgXcQ");
    expect(videoSource("", "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=3")?.id).toBe("dQw4w9WgXcQ");
    expect(videoSource("vimeo", "76979871")?.embedUrl).toBe("https://player.vimeo.com/video/76979871?autoplay=1&dnt=1");
    expect(videoSource("", "https://vimeo.com/76979871")?.id).toBe("76979871");
  });

  it.each([
    ["youtube", '"><script>alert(1)</script>'],
    ["youtube", "abc"],
    ["vimeo", "javascript:alert(1)"],
    ["dailymotion", "x7xyz"],
    ["mp4", "javascript:alert(1)"],
  ])("rejects invalid ids, unknown providers and non-http files: %s %j", (provider, id) => {
    expect(videoSource(provider, id)).toBeNull();
  });

  it("accepts an http(s) mp4 file", () => {
    expect(videoSource("mp4", "https://cdn.vistahost.com.br/v.mp4")?.provider).toBe("mp4");
  });
});

describe("listingVideos", () => {
  it("puts the featured video first, drops hidden rows and duplicates", () => {
    const videos = listingVideos({
      featuredVideo: "dQw4w9WgXcQ",
      featuredVideoType: "youtube",
      videos: [video("youtube", "dQw4w9WgXcQ"), video("vimeo", "76979871"), video("youtube", "aaaaaaaaaaa", false)],
    });
    expect(videos.map((v) => v.id)).toEqual(["dQw4w9WgXcQ", "76979871"]);
  });
});

describe("VideoEmbed", () => {
  it("renders a poster link, not the player, until the visitor asks for it", () => {
    const source = videoSource("youtube", "dQw4w9WgXcQ")!;
    const html = renderToString(
      <VideoEmbed video={source} title="Casa" posterUrl="https://cdn.vistahost.com.br/a.jpg" />,
    );
    expect(html).not.toContain("<iframe");
    expect(html).toContain('href="https://www.youtube.com/watch?v=dQw4w9WgXcQ"');
    expect(html).toContain("Assistir ao vídeo");
    expect(html).toContain("/imagens?src=");
  });
});
