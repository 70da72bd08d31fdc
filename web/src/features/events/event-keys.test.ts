import { eventKeys, eventStaleAfter } from '@tradepost/shared/query/events.ts';
import { domainEventTypes } from '@tradepost/shared/schemas/events.ts';
import { describe, expect, it } from 'vitest';

describe('eventKeys', () => {
  it('nests every deliveries list under the area, business before filter', () => {
    const key = eventKeys.deliveries('b1', 'problems');
    expect(key).toEqual(['events', 'deliveries', 'b1', 'problems']);
    expect(key.slice(0, eventKeys.all.length)).toEqual(eventKeys.all);
    expect(key.slice(0, eventKeys.deliveryLists().length)).toEqual(eventKeys.deliveryLists());
    expect(eventKeys.deliveries('b1', 'all')).not.toEqual(key);
  });

  it('makes the deliveries lists stale after every domain event, since each one is handed over', () => {
    for (const type of domainEventTypes) expect(eventStaleAfter[type]).toEqual([eventKeys.deliveryLists()]);
  });
});
