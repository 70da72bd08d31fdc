import type { Page } from 'playwright-core';

type KeyFields = { key: string; code?: string; windowsVirtualKeyCode: number; text?: string };

/** What a scanner's keyboard emulation sends for one character of a code (US layout). */
function keyFields(char: string): KeyFields {
  if (char === '\n') return { key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13, text: '\r' };
  if (/^[0-9]$/.test(char)) return { key: char, code: `Digit${char}`, windowsVirtualKeyCode: char.charCodeAt(0), text: char };
  if (/^[a-z]$/i.test(char))
    return { key: char, code: `Key${char.toUpperCase()}`, windowsVirtualKeyCode: char.toUpperCase().charCodeAt(0), text: char };
  if (char === '-') return { key: char, code: 'Minus', windowsVirtualKeyCode: 189, text: char };
  return { key: char, windowsVirtualKeyCode: 0, text: char };
}

/** The gap a scanner leaves between the characters of a code. */
const KEY_GAP_MS = 5;

/**
 * What a USB or Bluetooth barcode scanner does: types the code a few milliseconds per character,
 * then presses Enter. Focus stays wherever it was, as with a real scanner. The keys are trusted
 * browser input (they type into the focused field as a person's would), sent through the DevTools
 * protocol stamped 5 ms apart: the page tells a scan from typing by `KeyboardEvent.timeStamp`, so a
 * busy machine that delivers the keys late (two browsers on two cores) does not make a scan look
 * typed by hand.
 */
export async function hardwareScan(page: Page, code: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const start = Date.now() / 1000;
    for (const [index, char] of [...code, '\n'].entries()) {
      const timestamp = start + (index * KEY_GAP_MS) / 1000;
      const { text, ...key } = keyFields(char);
      await cdp.send('Input.dispatchKeyEvent', { type: text ? 'keyDown' : 'rawKeyDown', timestamp, text, unmodifiedText: text, ...key });
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', timestamp, ...key });
    }
  } finally {
    await cdp.detach();
  }
}
