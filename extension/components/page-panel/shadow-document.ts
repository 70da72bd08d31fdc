/**
 * Fluent UI writes its styles (Griffel's rules and the theme's CSS variables) into
 * `targetDocument.head` and mounts portals (tooltips, menus) into `targetDocument.body`. Inside a
 * shadow root those must land in the shadow root, or the page's document gets our styles and our
 * panel gets none. A ShadowRoot has no head, body or createElement, so Fluent's renderer
 * (`createDOMRenderer`) and provider get this document-shaped view of the shadow root instead:
 * `head` and `body` are elements inside it, lookups search it, and everything else (createElement,
 * defaultView for focus management) is the real document's.
 */
export function shadowDocument(shadow: ShadowRoot, head: HTMLElement, body: HTMLElement): Document {
  const own: Record<PropertyKey, unknown> = {
    head,
    body,
    getElementById: (id: string) => shadow.getElementById(id),
    querySelector: (selector: string) => shadow.querySelector(selector),
    querySelectorAll: (selector: string) => shadow.querySelectorAll(selector),
    // Focus inside the panel is the shadow root's active element; the document only sees the host.
    get activeElement() {
      return shadow.activeElement ?? document.activeElement;
    },
  };
  return new Proxy(document, {
    get(target, property) {
      if (Object.hasOwn(own, property)) return own[property];
      const value: unknown = Reflect.get(target, property, target);
      // Native methods must be called on the real document, not on the proxy.
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
