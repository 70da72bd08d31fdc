/** Blob URLs live a little while after the click, long enough for the browser to start the download. */
const REVOKE_AFTER_MS = 30_000;

/** Hands a file to the browser's download (no new tab, no navigation). */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

export const today = () => new Date().toISOString().slice(0, 10);
