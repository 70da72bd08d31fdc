import type { SizeChoiceFormat } from '@tradepost/shared/schemas/sizes.ts';

/** One pickable size: 'US M 10.5' in US Men, or 'Ring 7' in a business's Rings. */
export type SizeChoice = { key: string; formatId: string; formatName: string; size: string; label: string; business: string | null };

export const choiceKey = (formatId: string, size: string) => `${formatId}\u0000${size}`;

export function sizeChoices(formats: readonly SizeChoiceFormat[]): SizeChoice[] {
  return formats.flatMap((format) =>
    format.sizes.map((size, i) => ({
      key: choiceKey(format.id, size),
      formatId: format.id,
      formatName: format.name,
      size,
      label: format.labels[i] ?? size,
      business: format.business?.name ?? null,
    })),
  );
}

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== '');

/**
 * Sizes whose label or format name hold every typed word ('eu 44', 'gs 6', 'ring'), best first: a
 * label that starts with the query, then one equal to it after its prefix ('10.5' finds 'US M 10.5'
 * before 'US W 10.5' only by run order), then the rest in run order.
 */
export function searchSizeChoices(choices: readonly SizeChoice[], query: string, limit = 40): SizeChoice[] {
  const typed = words(query);
  if (typed.length === 0) return choices.slice(0, limit);
  const whole = typed.join(' ');
  const scored: { choice: SizeChoice; score: number; order: number }[] = [];
  choices.forEach((choice, order) => {
    const label = choice.label.toLowerCase();
    const haystack = `${label} ${choice.formatName.toLowerCase()} ${choice.size.toLowerCase()}`;
    if (!typed.every((word) => haystack.includes(word))) return;
    const score = label === whole || choice.size.toLowerCase() === whole ? 0 : label.startsWith(whole) ? 1 : 2;
    scored.push({ choice, score, order });
  });
  scored.sort((a, b) => a.score - b.score || a.order - b.order);
  return scored.slice(0, limit).map((entry) => entry.choice);
}
