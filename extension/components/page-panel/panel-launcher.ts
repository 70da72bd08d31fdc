/**
 * The folded panel: one button in the corner that opens it. The content script draws it with plain
 * DOM, so a page whose panel stays folded never loads React or Fluent (issue #16). It looks like the
 * Fluent button it replaces (large, secondary, circular, shadow16, the webLight/webDark tokens) and
 * follows the browser's colour scheme as the panel does.
 */
export const launcherCss = `
.tp-launcher-dock {
  position: fixed;
  right: 16px;
  bottom: 16px;
  z-index: 2147483646;
  display: flex;
  flex-direction: column;
  align-items: flex-end;
  max-width: calc(100vw - 24px);
}
.tp-launcher-dock[hidden] { display: none; }
@media (max-width: 480px) {
  .tp-launcher-dock { right: 12px; bottom: 12px; }
}
.tp-launcher {
  --tp-bg: #ffffff;
  --tp-bg-hover: #f5f5f5;
  --tp-bg-pressed: #e0e0e0;
  --tp-fg: #242424;
  --tp-stroke: #d1d1d1;
  --tp-stroke-hover: #c7c7c7;
  --tp-stroke-pressed: #b3b3b3;
  --tp-focus: #000000;
  --tp-shadow: 0 0 2px rgba(0,0,0,0.12), 0 8px 16px rgba(0,0,0,0.14);
  box-sizing: border-box;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 6px;
  min-width: 96px;
  margin: 0;
  padding: 7px 16px;
  border: 1px solid var(--tp-stroke);
  border-radius: 10000px;
  background: var(--tp-bg);
  color: var(--tp-fg);
  box-shadow: var(--tp-shadow);
  font-family: 'Segoe UI', 'Segoe UI Web (West European)', -apple-system, BlinkMacSystemFont, Roboto, 'Helvetica Neue', sans-serif;
  font-size: 16px;
  font-weight: 600;
  line-height: 22px;
  cursor: pointer;
  outline: none;
  transition: background 100ms cubic-bezier(0.33,0,0.67,1), border-color 100ms cubic-bezier(0.33,0,0.67,1);
}
@media (prefers-color-scheme: dark) {
  .tp-launcher {
    --tp-bg: #292929;
    --tp-bg-hover: #3d3d3d;
    --tp-bg-pressed: #1f1f1f;
    --tp-fg: #ffffff;
    --tp-stroke: #666666;
    --tp-stroke-hover: #757575;
    --tp-stroke-pressed: #6b6b6b;
    --tp-focus: #ffffff;
    --tp-shadow: 0 0 2px rgba(0,0,0,0.24), 0 8px 16px rgba(0,0,0,0.28);
  }
}
.tp-launcher:hover { background: var(--tp-bg-hover); border-color: var(--tp-stroke-hover); }
.tp-launcher:active { background: var(--tp-bg-pressed); border-color: var(--tp-stroke-pressed); }
.tp-launcher:focus-visible { border-color: var(--tp-focus); box-shadow: 0 0 0 1px var(--tp-focus) inset, var(--tp-shadow); }
.tp-launcher[aria-busy='true'] { cursor: progress; }
.tp-launcher-icon { display: inline-flex; width: 24px; height: 24px; align-items: center; justify-content: center; }
@media (prefers-reduced-motion: reduce) { .tp-launcher { transition: none; } }
@media (forced-colors: active) { .tp-launcher:hover { border-color: Highlight; color: Highlight; } }
`;

const svgNamespace = 'http://www.w3.org/2000/svg';

function svg<K extends keyof SVGElementTagNameMap>(tag: K, attributes: Record<string, string>): SVGElementTagNameMap[K] {
  const element = document.createElementNS(svgNamespace, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
}

/** The Tradepost mark, as icons.tsx draws it for the panel's header. */
function tradepostMark(): SVGSVGElement {
  const mark = svg('svg', { width: '20', height: '20', viewBox: '0 0 20 20', 'aria-hidden': 'true' });
  mark.append(
    svg('rect', { width: '20', height: '20', rx: '4.5', fill: '#554fee' }),
    svg('path', { d: 'M5 5h10v2.6h-3.6V15H8.6V7.6H5z', fill: '#fff' }),
  );
  return mark;
}

export type PanelLauncher = { dock: HTMLDivElement; button: HTMLButtonElement };

/** The dock (fixed to the corner, as the open panel is) and its "Open the Tradepost panel" button. */
export function createPanelLauncher(onOpen: () => void): PanelLauncher {
  const dock = document.createElement('div');
  dock.className = 'tp-launcher-dock';
  dock.hidden = true;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'tp-launcher';
  button.setAttribute('aria-expanded', 'false');
  button.setAttribute('aria-label', 'Open the Tradepost panel');
  const icon = document.createElement('span');
  icon.className = 'tp-launcher-icon';
  icon.append(tradepostMark());
  button.append(icon, 'Tradepost');
  button.addEventListener('click', onOpen);
  dock.append(button);
  return { dock, button };
}
