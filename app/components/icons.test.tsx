import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BedIcon, HeartIcon, IconSprite, WhatsAppIcon } from "./icons";

describe("icons", () => {
  it("draw each shape once, in the sprite, and refer to it from every icon", () => {
    const sprite = renderToString(<IconSprite />);
    const page = renderToString(
      <>
        <BedIcon size={16} />
        <BedIcon size={16} />
        <HeartIcon title="Salvar" />
      </>,
    );
    const symbols = [...sprite.matchAll(/<symbol [^>]*id="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(symbols).size).toBe(symbols.length);
    for (const [, id] of page.matchAll(/<use href="#([^"]+)"/g)) expect(symbols).toContain(id);
    expect(page.match(/<use /g)).toHaveLength(3);
    // No drawing repeated on the page, only in the sprite.
    expect(page).not.toMatch(/<path|<circle|<rect/);
    expect(sprite).toMatch(/<symbol [^>]*id="icone-bed"[^>]*stroke="currentColor"[^>]*><path d="M2 4v16/);
  });

  it("keep the frame's fill on the outer <svg>, so CSS can fill an icon (the pressed heart)", () => {
    const heart = renderToString(<HeartIcon className="x" />);
    expect(heart).toMatch(/^<svg [^>]*fill="none"[^>]*class="x"/);
    expect(heart).toContain('aria-hidden="true"');
    const named = renderToString(<HeartIcon title="Salvar" />);
    expect(named).toContain('role="img"');
    expect(named).toContain("<title>Salvar</title>");
  });

  it("draw filled marks without a stroke", () => {
    const sprite = renderToString(<IconSprite />);
    expect(sprite).toMatch(/<symbol [^>]*id="icone-whatsapp"[^>]*stroke="none"/);
    expect(renderToString(<WhatsAppIcon />)).toContain('fill="currentColor"');
  });
});
