import { describe, expect, it } from 'vitest';
import { domainEventTypes } from '../schemas/events.ts';
import { catalogKeys } from './catalog.ts';
import { channelKeys } from './channels.ts';
import { dashboardKeys } from './dashboard.ts';
import { fulfillmentKeys } from './fulfillment.ts';
import { inventoryKeys } from './inventory.ts';
import { salesKeys } from './sales.ts';
import { staleKeysOf } from './stale-keys.ts';

const ids = (keys: readonly (readonly unknown[])[]) => keys.map((key) => JSON.stringify(key));

describe('staleKeysOf', () => {
  it('a sale made elsewhere refreshes the sales lists, fulfillments and dashboard; its stock refreshes the products', () => {
    const keys = staleKeysOf(['sale.recorded', 'stock.moved']);
    expect(keys).toEqual(
      expect.arrayContaining([
        salesKeys.lists(),
        salesKeys.details(),
        fulfillmentKeys.all,
        dashboardKeys.all,
        catalogKeys.lists(),
        inventoryKeys.summaries(),
      ]),
    );
  });

  it('one prefix covers every list of sales: the sales screen, the recent sales and a customer’s orders', () => {
    const lists = salesKeys.lists();
    const sameStart = (key: readonly unknown[]) => lists.every((part, i) => key[i] === part);
    expect(sameStart(salesKeys.list('b', { q: '', status: 'all', channel: 'all', offset: 0 }))).toBe(true);
    expect(sameStart(salesKeys.recent('b', { limit: 5 }))).toBe(true);
    expect(sameStart(salesKeys.recent('b', { limit: 20, customerId: 'c' }))).toBe(true);
    expect(ids(staleKeysOf(['sale.cancelled']))).toContain(JSON.stringify(lists));
  });

  it('names each key once however many events ask for it', () => {
    const keys = ids(staleKeysOf(['stock.moved', 'stock.moved', 'price.changed', 'sale.recorded', 'fulfillment.shipped']));
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toContain(JSON.stringify(catalogKeys.lists()));
  });

  it('a price change leaves sales alone', () => {
    const keys = ids(staleKeysOf(['price.changed']));
    expect(keys).toContain(JSON.stringify(catalogKeys.details()));
    expect(keys).toContain(JSON.stringify(salesKeys.pricePreviews()));
    for (const key of [salesKeys.all, salesKeys.lists(), salesKeys.details(), fulfillmentKeys.all]) {
      expect(keys).not.toContain(JSON.stringify(key));
    }
  });

  it('a sale leaves the rules alone: it refreshes what it changed, not the whole sales area', () => {
    const keys = ids(staleKeysOf(['sale.recorded']));
    expect(keys).toContain(JSON.stringify(channelKeys.all));
    expect(keys).not.toContain(JSON.stringify(salesKeys.all));
    expect(keys).not.toContain(JSON.stringify(salesKeys.priceRuleLists()));
  });

  it('every domain event makes something stale, and no events make nothing stale', () => {
    for (const type of domainEventTypes) expect(staleKeysOf([type]).length, type).toBeGreaterThan(0);
    expect(staleKeysOf([])).toEqual([]);
  });
});
