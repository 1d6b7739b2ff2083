/**
 * Share buttons of a detail page (docs/product.md: "share buttons"): WhatsApp,
 * Facebook and "copy link". Without JavaScript the last one is a plain link
 * to the page's URL (the visitor copies it from the context menu); once
 * hydrated it is a button that copies the URL and confirms with a toast.
 */
import { useEffect, useState } from "react";
import { FacebookIcon, ShareIcon, WhatsAppIcon } from "./icons";
import { useToast } from "./toast";
import * as s from "./share-buttons.css";

/** WhatsApp "share to a contact" URL for a page. */
export function whatsAppShareUrl(url: string, title: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`;
}

/** Facebook share dialog URL for a page. */
export function facebookShareUrl(url: string): string {
  return `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`;
}

/** The site's toast API when a provider is mounted (always on real pages), else null. */
function useOptionalToast(): ReturnType<typeof useToast> | null {
  try {
    return useToast();
  } catch {
    return null;
  }
}

/** Copies `text` to the clipboard; false when the browser refuses. */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Older browsers or an insecure context: the textarea fallback.
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand("copy");
    area.remove();
    return ok;
  }
}

/** Props of {@link ShareButtons}. */
export interface ShareButtonsProps {
  /** Absolute canonical URL of the page. */
  url: string;
  /** Title of the page (WhatsApp text). */
  title: string;
}

/** The share buttons: see the module comment. */
export function ShareButtons({ url, title }: ShareButtonsProps) {
  const toast = useOptionalToast();
  const [enhanced, setEnhanced] = useState(false);
  const [status, setStatus] = useState("");
  useEffect(() => setEnhanced(true), []);

  async function onCopy() {
    const ok = await copyText(url);
    const message = ok ? "Link copiado!" : "Não foi possível copiar o link.";
    setStatus(message);
    toast?.notify({ type: ok ? "success" : "error", title: message });
  }

  return (
    <div className={s.group}>
      <p className={s.title}>Compartilhar</p>
      <div className={s.buttons}>
        <a className={s.shareButton} href={whatsAppShareUrl(url, title)} target="_blank" rel="noopener noreferrer">
          <WhatsAppIcon size={18} />
          WhatsApp
        </a>
        <a className={s.shareButton} href={facebookShareUrl(url)} target="_blank" rel="noopener noreferrer">
          <FacebookIcon size={18} />
          Facebook
        </a>
        {enhanced ? (
          <button type="button" className={s.shareButton} onClick={onCopy}>
            <ShareIcon size={18} />
            Copiar link
          </button>
        ) : (
          <a className={s.shareButton} href={url}>
            <ShareIcon size={18} />
            Link desta página
          </a>
        )}
      </div>
      <p className={s.status} role="status">
        {status}
      </p>
    </div>
  );
}
