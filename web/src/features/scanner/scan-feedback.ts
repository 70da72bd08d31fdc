/**
 * Sound for scanning screens: people scan while looking at the box, not the screen, so every scan
 * is heard. Generated with WebAudio: no files to download, works offline.
 */

let context: AudioContext | null = null;

function audio(): AudioContext | null {
  if (typeof window === 'undefined' || typeof window.AudioContext !== 'function') return null;
  context ??= new window.AudioContext();
  // Browsers start the context suspended until a user gesture; a key press or tap counts.
  if (context.state === 'suspended') void context.resume();
  return context;
}

type Tone = { frequency: number; durationMs: number; type: OscillatorType; volume: number; startMs?: number };

function play(tones: Tone[]): void {
  const ctx = audio();
  if (ctx === null) return;
  for (const tone of tones) {
    const start = ctx.currentTime + (tone.startMs ?? 0) / 1000;
    const end = start + tone.durationMs / 1000;
    const oscillator = ctx.createOscillator();
    const gain = ctx.createGain();
    oscillator.type = tone.type;
    oscillator.frequency.setValueAtTime(tone.frequency, start);
    // A short ramp in and out avoids clicks at the edges.
    gain.gain.setValueAtTime(0, start);
    gain.gain.linearRampToValueAtTime(tone.volume, start + 0.005);
    gain.gain.setValueAtTime(tone.volume, end - 0.01);
    gain.gain.linearRampToValueAtTime(0, end);
    oscillator.connect(gain).connect(ctx.destination);
    oscillator.start(start);
    oscillator.stop(end);
  }
}

/** One short high beep: the scan was taken. */
export function playScanSuccess(): void {
  play([{ frequency: 1760, durationMs: 90, type: 'sine', volume: 0.25 }]);
}

/** A low double buzz: the scan was refused; look at the screen. */
export function playScanError(): void {
  play([
    { frequency: 160, durationMs: 160, type: 'square', volume: 0.18 },
    { frequency: 120, durationMs: 220, type: 'square', volume: 0.18, startMs: 200 },
  ]);
}
