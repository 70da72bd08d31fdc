/**
 * Spec §2: the startup render failure page. Plain DOM on purpose: it must work when React, Fluent or
 * the app's own code could not load. System colours follow the light or dark setting without a theme.
 */
export function showLoadingErrorPage(container: HTMLElement): void {
  const page = document.createElement('main');
  page.setAttribute('role', 'alert');
  page.style.cssText =
    'min-height:100dvh;display:grid;place-items:center;align-content:center;gap:12px;padding:24px;box-sizing:border-box;' +
    'font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;text-align:center;background:Canvas;color:CanvasText;color-scheme:light dark';

  const title = document.createElement('h1');
  title.textContent = 'Loading Error';
  title.style.cssText = 'margin:0;font-size:24px;line-height:32px;font-weight:600';

  const text = document.createElement('p');
  text.textContent = 'The app failed to load. Please refresh the page to try again.';
  text.style.cssText = 'margin:0;max-width:420px;font-size:15px;line-height:22px;color:GrayText';

  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = 'Refresh Page';
  button.style.cssText =
    'margin-top:8px;padding:8px 20px;font:inherit;font-weight:600;border-radius:6px;cursor:pointer;' +
    'border:1px solid ButtonBorder;background:ButtonFace;color:ButtonText';
  button.addEventListener('click', () => window.location.reload());

  page.append(title, text, button);
  container.replaceChildren(page);
  document.title = 'Loading Error · Tradepost';
  button.focus();
}
