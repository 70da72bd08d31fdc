import { purchaseOrderStatuses } from '@tradepost/shared/schemas/purchasing.ts';
import { describe, expect, it } from 'vitest';
import { canDo, purchaseOrderActions } from './purchase-order-actions.ts';

describe('purchase order actions by status (what the API allows)', () => {
  it('offers editing and "Mark as ordered" only on a draft, and receiving only once ordered', () => {
    expect(purchaseOrderActions('draft')).toEqual(['edit', 'order', 'cancel', 'pdf']);
    expect(purchaseOrderActions('ordered')).toEqual(['receive', 'scan', 'cancel', 'pdf']);
    expect(purchaseOrderActions('partially_received')).toEqual(['receive', 'scan', 'close', 'pdf']);
    expect(purchaseOrderActions('received')).toEqual(['close', 'pdf']);
    expect(purchaseOrderActions('closed')).toEqual(['pdf']);
    expect(purchaseOrderActions('cancelled')).toEqual(['pdf']);
  });

  it('cancels only while nothing is received, closes only once something is', () => {
    const where = (action: Parameters<typeof canDo>[1]) => purchaseOrderStatuses.filter((status) => canDo(status, action));
    expect(where('cancel')).toEqual(['draft', 'ordered']);
    expect(where('close')).toEqual(['partially_received', 'received']);
    expect(where('receive')).toEqual(['ordered', 'partially_received']);
    expect(where('edit')).toEqual(['draft']);
    expect(where('pdf')).toEqual([...purchaseOrderStatuses]);
  });
});
