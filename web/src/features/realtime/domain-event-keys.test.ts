import type { DomainEvent } from '@tradepost/shared/schemas/events.ts';
import { describe, expect, it } from 'vitest';
import { catalogKeys } from '../catalog/catalog-keys.ts';
import { dashboardKeys } from '../dashboard/dashboard-keys.ts';
import { fulfillmentKeys } from '../fulfillment/fulfillment-keys.ts';
import { salesKeys } from '../sales/sales-keys.ts';
import { staleKeysOf } from './domain-event-keys.ts';

const event = (type: DomainEvent['type'], payload: object): DomainEvent =>
  ({ id: '0190a0a0-0000-7000-8000-000000000001', type, occurred_at: '2026-11-27T10:00:00Z', payload }) as DomainEvent;

describe('staleKeysOf', () => {
  it('a sale made elsewhere refreshes the sales lists, fulfillments and dashboard; its stock refreshes the products', () => {
    const keys = staleKeysOf([
      event('sale.recorded', { sale_id: '0190a0a0-0000-7000-8000-000000000002' }),
      event('stock.moved', { variant_ids: ['0190a0a0-0000-7000-8000-000000000003'] }),
    ]);
    expect(keys).toEqual(expect.arrayContaining([salesKeys.all, fulfillmentKeys.all, dashboardKeys.all, catalogKeys.lists()]));
  });

  it('names each key once however many events ask for it', () => {
    const moved = event('stock.moved', { variant_ids: ['0190a0a0-0000-7000-8000-000000000003'] });
    const keys = staleKeysOf([moved, moved, moved]).map((key) => JSON.stringify(key));
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toContain(JSON.stringify(catalogKeys.lists()));
  });

  it('a price change leaves sales alone', () => {
    const keys = staleKeysOf([event('price.changed', { product_id: '0190a0a0-0000-7000-8000-000000000004' })]).map((key) =>
      JSON.stringify(key),
    );
    expect(keys).toContain(JSON.stringify(catalogKeys.details()));
    expect(keys).not.toContain(JSON.stringify(salesKeys.all));
  });
});
