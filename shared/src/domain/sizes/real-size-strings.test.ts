import { describe, expect, it } from 'vitest';
import { matchSizeString } from './match-size.ts';
import { normaliseSize } from './normalise-size.ts';
import { REAL_SIZE_STRINGS, type RealSizeExpectation, type RealSizeGroup } from './real-size-strings.ts';

/** Why a string must stay with a person, or null when it has a reading. */
const reasonNotUnderstood = (expected: RealSizeExpectation): string | null => ('notUnderstood' in expected ? expected.notUnderstood : null);

const entries = REAL_SIZE_STRINGS.flatMap((group) => group.strings.map(([input, expected]) => ({ group, input, expected })));

// What the match queue sees: the product's format, no learned rules yet.
const queueContext = (group: RealSizeGroup) => ({
  formatHint: group.hint?.formatId,
  category: group.hint?.category,
  customFormats: new Map(),
  businessRules: [],
  globalRules: [],
});

describe('real size strings from public sources', () => {
  it('has at least 290 strings, each group citing its repository and path', () => {
    expect(entries.length).toBeGreaterThanOrEqual(290);
    for (const group of REAL_SIZE_STRINGS) expect(group.source).toMatch(/^[\w.-]+\/[\w.-]+ \S+\.\w+$/);
  });

  it.each(REAL_SIZE_STRINGS.map((group) => [`${group.source} — ${group.what}`, group] as const))('%s', (_, group) => {
    const wrong: string[] = [];
    for (const [input, expected] of group.strings) {
      const read = normaliseSize(input, group.hint);
      if ('notUnderstood' in expected) {
        // Not understood means null from the normaliser, and so a place in the manual matching queue.
        if (read !== null || matchSizeString(input, queueContext(group)) !== null) {
          wrong.push(`${input}: expected not understood (${expected.notUnderstood}), got ${JSON.stringify(read)}`);
        }
      } else {
        const [formatId, value] = expected;
        if (read === null || read.formatId !== formatId || read.value !== value || read.confidence !== 'exact') {
          wrong.push(`${input}: expected ${formatId} ${value}, got ${JSON.stringify(read)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('understands at least 95% of them; the rest contradict themselves or are outside every run', () => {
    const understood = entries.filter(({ group, input }) => normaliseSize(input, group.hint) !== null).length;
    const share = understood / entries.length;
    const selfContradicting = entries.filter(({ expected }) => /disagree|two systems/.test(reasonNotUnderstood(expected) ?? ''));
    console.info(
      `Size normaliser: ${understood} of ${entries.length} real size strings understood (${(share * 100).toFixed(1)}%); ` +
        `${selfContradicting.length} of the rest name no single size, ${entries.length - understood - selfContradicting.length} are outside every run`,
    );
    expect(share).toBeGreaterThanOrEqual(0.95);
  });
});
