import type { ChannelSettings, EbayCondition, SaveChannelSettingsBody } from '@tradepost/shared/schemas/channel-settings.ts';
import { moneyInputText, parseMoney } from '@tradepost/shared/ui/money.ts';

// One marketplace's settings of a product as its card on the configure page edits them: text as
// typed, read into the API's body on save. Pure, so the unit tests check it without a browser.

export type SizeForm = { listed: boolean; price: string };
export type AspectForm = { name: string; values: string };

export type ChannelForm = {
  title: string;
  /** By variant id. */
  sizes: Record<string, SizeForm>;
  categoryId: string;
  condition: EbayCondition | '';
  aspects: AspectForm[];
};

export function channelFormFrom(settings: ChannelSettings, currency: string): ChannelForm {
  return {
    title: settings.title ?? '',
    sizes: Object.fromEntries(
      settings.sizes.map((size) => [
        size.variant_id,
        {
          listed: size.listed,
          price: size.price_override_cents === null ? '' : moneyInputText(size.price_override_cents, currency),
        },
      ]),
    ),
    categoryId: settings.ebay?.category_id ?? '',
    condition: settings.ebay?.condition ?? '',
    aspects: (settings.ebay?.aspects ?? []).map((aspect) => ({ name: aspect.name, values: aspect.values.join(', ') })),
  };
}

/** Values typed as one line, separated by commas; blanks dropped. */
export const aspectValues = (text: string): string[] =>
  text
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);

export type ChannelPlan = {
  body: SaveChannelSettingsBody;
  /** What could not be read before sending, by the API's field path. */
  local: Record<string, string>;
  changed: boolean;
};

/**
 * The save's body (every size, in the order the API listed them, so `sizes.N` is row N), what
 * cannot be read, and whether anything differs from the saved settings.
 */
export function planChannelSave(settings: ChannelSettings, form: ChannelForm, currency: string): ChannelPlan {
  const local: Record<string, string> = {};
  const sizes = settings.sizes.map((size, i) => {
    const entry = form.sizes[size.variant_id] ?? { listed: size.listed, price: '' };
    const cents = parseMoney(entry.price, currency);
    if (cents === null || cents === 0) local[`sizes.${i}.price_cents`] = 'Type a price such as 129.99, or leave it blank';
    return { variant_id: size.variant_id, listed: entry.listed, price_cents: cents ?? null };
  });
  const title = form.title.trim() || null;
  // Rows left blank are dropped, not sent as errors: an empty row is how one is added.
  const aspects = form.aspects
    .map((aspect) => ({ name: aspect.name.trim(), values: aspectValues(aspect.values) }))
    .filter((aspect) => aspect.name !== '' || aspect.values.length > 0);
  const ebay =
    settings.ebay === null ? undefined : { category_id: form.categoryId.trim() || null, condition: form.condition || null, aspects };
  const body: SaveChannelSettingsBody = { title, sizes, ...(ebay ? { ebay } : {}) };
  const changed =
    title !== settings.title ||
    sizes.some((size, i) => {
      const saved = settings.sizes[i];
      return saved !== undefined && (size.listed !== saved.listed || (size.price_cents ?? null) !== saved.price_override_cents);
    }) ||
    (ebay !== undefined &&
      settings.ebay !== null &&
      (ebay.category_id !== settings.ebay.category_id ||
        ebay.condition !== settings.ebay.condition ||
        JSON.stringify(ebay.aspects) !== JSON.stringify(settings.ebay.aspects)));
  return { body, local, changed };
}
