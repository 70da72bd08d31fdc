/**
 * Tells a hardware barcode scanner from a person at the keyboard. A scanner is a keyboard that types
 * a whole code a few milliseconds per character and ends with Enter; a person leaves 100 ms or more
 * between most keys. Pure: it sees keys and timestamps only, so it is tested without a browser.
 *
 * The rule: a burst is the characters typed with no pause longer than `maxStallMs`; it is a scan when
 * it ends in Enter (within `maxStallMs`), has at least `minLength` characters, and the median gap
 * between its characters is at most `maxCharGapMs`. The median, not the largest gap, because
 * Bluetooth scanners and busy tablets deliver the odd key late: requiring every gap to be short
 * would cut such a code in two and read its tail as a different, wrong code.
 */

export type ScanRecogniserOptions = {
  /** Median gap between the characters of a scan. */
  maxCharGapMs: number;
  /** A longer pause ends the burst (also before Enter); a scanner on a busy device can stall this long. */
  maxStallMs: number;
  /** Shorter bursts are shortcuts or fast double taps, not barcodes. */
  minLength: number;
};

export const defaultScanRecogniserOptions: ScanRecogniserOptions = { maxCharGapMs: 50, maxStallMs: 500, minLength: 4 };

export type ScanKey = {
  /** `KeyboardEvent.key`. */
  key: string;
  /** Milliseconds on any monotonic clock (`KeyboardEvent.timeStamp`). */
  time: number;
  /** Ctrl, Alt or Meta held: a shortcut, never part of a code. */
  withModifier?: boolean;
};

/**
 * What one key meant: `start` is the first character of a possible scan (the caller snapshots the
 * focused field here so it can undo the burst), `continue` extends it, `scan` completes it, `reset`
 * ends a burst that was not a scan, `ignore` leaves everything as it was.
 */
export type ScanStep = { kind: 'start' } | { kind: 'continue' } | { kind: 'scan'; code: string } | { kind: 'reset' } | { kind: 'ignore' };

export type ScanRecogniser = {
  push(key: ScanKey): ScanStep;
  /** Forget the burst in progress (focus moved, screen changed). */
  clear(): void;
};

// Keys a scanner's keyboard emulation presses around characters (Shift for capitals) without meaning.
const neutralKeys = new Set(['Shift', 'CapsLock', 'NumLock', 'Unidentified']);

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.POSITIVE_INFINITY;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

export function createScanRecogniser(options: ScanRecogniserOptions = defaultScanRecogniserOptions): ScanRecogniser {
  let buffer = '';
  let gaps: number[] = [];
  let lastTime = Number.NEGATIVE_INFINITY;

  const clear = () => {
    buffer = '';
    gaps = [];
    lastTime = Number.NEGATIVE_INFINITY;
  };

  const push = ({ key, time, withModifier = false }: ScanKey): ScanStep => {
    if (neutralKeys.has(key)) return { kind: 'ignore' };
    const gap = time - lastTime;
    if (key === 'Enter') {
      const code = buffer;
      const isScan = !withModifier && code.length >= options.minLength && gap <= options.maxStallMs && median(gaps) <= options.maxCharGapMs;
      clear();
      if (isScan) return { kind: 'scan', code };
      return code === '' ? { kind: 'ignore' } : { kind: 'reset' };
    }
    if (key.length !== 1 || withModifier) {
      const hadBurst = buffer !== '';
      clear();
      return hadBurst ? { kind: 'reset' } : { kind: 'ignore' };
    }
    if (buffer !== '' && gap <= options.maxStallMs) {
      buffer += key;
      gaps.push(gap);
      lastTime = time;
      return { kind: 'continue' };
    }
    // After a pause everything starts over: this may be the first character of a scan.
    buffer = key;
    gaps = [];
    lastTime = time;
    return { kind: 'start' };
  };

  return { push, clear };
}
