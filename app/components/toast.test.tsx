import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TOAST_TYPES } from "~/lib/toast";
import { ToastProvider, toastIcons, useToast } from "./toast";

describe("ToastProvider", () => {
  it("renders an empty aria-live region on every page", () => {
    const html = renderToString(
      <ToastProvider>
        <p>página</p>
      </ToastProvider>,
    );
    expect(html).toContain("página");
    expect(html).toMatch(/<section[^>]*aria-label="Notificações"[^>]*aria-live="polite"[^>]*><\/section>/);
  });

  it("renders a flash toast from the server with its title, description and the 'Fechar' button", () => {
    const html = renderToString(
      <ToastProvider
        flash={{ id: "abc", type: "success", title: "Mensagem enviada", description: "Retornaremos em breve." }}
      >
        <p>página</p>
      </ToastProvider>,
    );
    expect(html).toContain('data-toast-type="success"');
    expect(html).toContain("Mensagem enviada");
    expect(html).toContain("Retornaremos em breve.");
    expect(html).toMatch(/<button[^>]*title="Fechar"[^>]*>.*Fechar<\/span><\/button>/s);
  });

  it("gives every type its own icon", () => {
    const icons = TOAST_TYPES.map((type) => renderToString(toastIcons[type]({})));
    expect(new Set(icons).size).toBe(TOAST_TYPES.length);
    for (const type of TOAST_TYPES) {
      const html = renderToString(
        <ToastProvider flash={{ id: type, type, title: "t" }}>
          <span />
        </ToastProvider>,
      );
      expect(html).toContain(renderToString(toastIcons[type]({ size: 22 })));
    }
  });

  it("useToast fails loudly outside the provider", () => {
    function Consumer() {
      useToast();
      return null;
    }
    expect(() => renderToString(<Consumer />)).toThrow(/ToastProvider/);
  });

  it("useToast gives notify and close inside the provider", () => {
    let api: ReturnType<typeof useToast> | undefined;
    function Consumer() {
      api = useToast();
      return null;
    }
    renderToString(
      <ToastProvider>
        <Consumer />
      </ToastProvider>,
    );
    expect(typeof api?.notify).toBe("function");
    expect(typeof api?.close).toBe("function");
  });
});
