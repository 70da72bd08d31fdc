import { describe, expect, it } from 'vitest';
import { createScanRecogniser, type ScanStep } from './scan-recogniser.ts';

/** Types `text` starting at `start`, one key every `gap` ms, then Enter after `enterGap` ms; returns every step. */
function type(
  text: string,
  { start = 1000, gap = 8, enterGap }: { start?: number; gap?: number; enterGap?: number } = {},
  recogniser = createScanRecogniser(),
): ScanStep[] {
  const steps = [...text].map((key, index) => recogniser.push({ key, time: start + index * gap }));
  steps.push(recogniser.push({ key: 'Enter', time: start + (text.length - 1) * gap + (enterGap ?? gap) }));
  return steps;
}

const scanned = (steps: ScanStep[]) => steps.flatMap((step) => (step.kind === 'scan' ? [step.code] : []));

describe('scan recogniser', () => {
  it('recognises a fast burst ending in Enter as one scan', () => {
    const steps = type('0194956623143');
    expect(steps[0]).toEqual({ kind: 'start' });
    expect(steps.slice(1, -1).every((step) => step.kind === 'continue')).toBe(true);
    expect(steps.at(-1)).toEqual({ kind: 'scan', code: '0194956623143' });
  });

  it('does not take human typing for a scan', () => {
    expect(scanned(type('hello world', { gap: 120 }))).toEqual([]);
    // Even a quick typist is not fast on every key.
    const recogniser = createScanRecogniser();
    const times = [0, 40, 130, 160, 260, 320];
    const steps = [...'sample'].map((key, index) => recogniser.push({ key, time: times[index] ?? 0 }));
    steps.push(recogniser.push({ key: 'Enter', time: 380 }));
    expect(scanned(steps)).toEqual([]);
  });

  it('needs at least four characters', () => {
    expect(scanned(type('123'))).toEqual([]);
    expect(scanned(type('1234'))).toEqual(['1234']);
  });

  it('takes a median gap up to 50 ms, and refuses mostly slower keys', () => {
    expect(scanned(type('ABC-123', { gap: 50 }))).toEqual(['ABC-123']);
    expect(scanned(type('ABC-123', { gap: 51 }))).toEqual([]);
  });

  it('keeps a code whole when a busy device delivers a few keys late', () => {
    // Gaps measured from a loaded machine: most keys fast, some stalled up to 170 ms.
    const gaps = [20, 23, 17, 168, 168, 59, 18, 16, 45, 73, 144, 23];
    const recogniser = createScanRecogniser();
    let time = 0;
    const steps = [...'0196153123409'].map((key, index) => {
      time += index === 0 ? 0 : (gaps[index - 1] ?? 0);
      return recogniser.push({ key, time });
    });
    steps.push(recogniser.push({ key: 'Enter', time: time + 75 }));
    expect(scanned(steps)).toEqual(['0196153123409']);
  });

  it('starts over after a pause longer than 500 ms', () => {
    const recogniser = createScanRecogniser();
    for (const [index, key] of [...'1234'].entries()) recogniser.push({ key, time: index * 5 });
    expect(recogniser.push({ key: '5', time: 600 })).toEqual({ kind: 'start' });
    // Only what came after the pause is the code.
    expect(scanned(type('678', { start: 605 }, recogniser))).toEqual(['5678']);
  });

  it('allows a short pause before Enter but not a long one', () => {
    expect(scanned(type('12345678', { enterGap: 450 }))).toEqual(['12345678']);
    expect(scanned(type('12345678', { enterGap: 700 }))).toEqual([]);
  });

  it('starts over when a slow key precedes the scan, keeping only the burst', () => {
    const recogniser = createScanRecogniser();
    expect(recogniser.push({ key: 'x', time: 0 })).toEqual({ kind: 'start' });
    // A second later the scanner fires: the stray character is not part of the code.
    expect(type('4006381333931', { start: 1000 }, recogniser).at(-1)).toEqual({ kind: 'scan', code: '4006381333931' });
  });

  it('ignores Shift from keyboard emulation of capitals', () => {
    const recogniser = createScanRecogniser();
    const keys = ['Shift', 'S', 'Shift', 'K', 'U', '-', '9'];
    const steps = keys.map((key, index) => recogniser.push({ key, time: index * 5 }));
    expect(steps[0]).toEqual({ kind: 'ignore' });
    steps.push(recogniser.push({ key: 'Enter', time: 40 }));
    expect(scanned(steps)).toEqual(['SKU-9']);
  });

  it('breaks the burst on a shortcut or a navigation key', () => {
    const recogniser = createScanRecogniser();
    recogniser.push({ key: '1', time: 0 });
    recogniser.push({ key: '2', time: 5 });
    expect(recogniser.push({ key: 'v', time: 10, withModifier: true })).toEqual({ kind: 'reset' });
    recogniser.push({ key: '3', time: 15 });
    recogniser.push({ key: 'Backspace', time: 20 });
    expect(recogniser.push({ key: 'Enter', time: 25 })).toEqual({ kind: 'ignore' });
  });

  it('an Enter alone or after a short burst does not scan', () => {
    const recogniser = createScanRecogniser();
    expect(recogniser.push({ key: 'Enter', time: 0 })).toEqual({ kind: 'ignore' });
    recogniser.push({ key: 'a', time: 10 });
    recogniser.push({ key: 'b', time: 15 });
    expect(recogniser.push({ key: 'Enter', time: 20 })).toEqual({ kind: 'reset' });
  });

  it('recognises two scans in a row', () => {
    const recogniser = createScanRecogniser();
    expect(scanned(type('11112222', { start: 0 }, recogniser))).toEqual(['11112222']);
    expect(scanned(type('33334444', { start: 100 }, recogniser))).toEqual(['33334444']);
  });

  it('clear forgets a burst in progress', () => {
    const recogniser = createScanRecogniser();
    for (const [index, key] of [...'98765'].entries()) recogniser.push({ key, time: index * 5 });
    recogniser.clear();
    expect(recogniser.push({ key: 'Enter', time: 30 })).toEqual({ kind: 'ignore' });
  });
});
