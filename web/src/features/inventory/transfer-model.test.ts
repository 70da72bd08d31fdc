import type { Transfer } from '@tradepost/shared/schemas/inventory.ts';
import { describe, expect, it } from 'vitest';
import {
  addToTransferDraft,
  groupReceipts,
  receiptLines,
  receiveEverything,
  scanIntoReceipt,
  transferStage,
  transferTotals,
} from './transfer-model.ts';

const transfer = (status: Transfer['status'], lines: [string, number, number][]): Pick<Transfer, 'status' | 'lines'> => ({
  status,
  lines: lines.map(([variant_id, quantity, quantity_received]) => ({ variant_id, quantity, quantity_received })),
});

describe('transfer stage', () => {
  it('calls an in-transit transfer with some units in "partially received"', () => {
    expect(transferStage(transfer('in_transit', [['a', 3, 0]]))).toBe('in_transit');
    expect(transferStage(transfer('in_transit', [['a', 3, 1]]))).toBe('partially_received');
    expect(transferStage(transfer('received', [['a', 3, 3]]))).toBe('received');
    expect(transferStage(transfer('draft', [['a', 3, 0]]))).toBe('draft');
  });

  it('totals units sent, received and open', () => {
    expect(
      transferTotals(
        transfer('in_transit', [
          ['a', 3, 1],
          ['b', 2, 2],
        ]),
      ),
    ).toEqual({ lines: 2, units: 5, received: 3, open: 2 });
  });
});

describe('scan to receive', () => {
  const shipped = transfer('in_transit', [
    ['a', 2, 0],
    ['b', 1, 1],
  ]);

  it('adds one unit of the matching line per scan, up to what is open', () => {
    const first = scanIntoReceipt(shipped, {}, 'a');
    expect(first).toMatchObject({ ok: true, receiving: 1, draft: { a: 1 } });
    if (!first.ok) throw new Error('expected a receipt');
    const second = scanIntoReceipt(shipped, first.draft, 'a');
    expect(second).toMatchObject({ ok: true, receiving: 2, draft: { a: 2 } });
    if (!second.ok) throw new Error('expected a receipt');
    expect(scanIntoReceipt(shipped, second.draft, 'a')).toEqual({ ok: false, reason: 'all_received' });
  });

  it('refuses an item that is not on the transfer, and one already fully received', () => {
    expect(scanIntoReceipt(shipped, {}, 'zzz')).toEqual({ ok: false, reason: 'not_on_transfer' });
    expect(scanIntoReceipt(shipped, {}, 'b')).toEqual({ ok: false, reason: 'all_received' });
  });

  it('receives everything left, and sends only positive whole quantities in line order', () => {
    expect(receiveEverything(shipped)).toEqual({ a: 2 });
    expect(receiptLines(shipped, { b: 0, a: 2, zzz: 4 })).toEqual([{ variant_id: 'a', quantity: 2 }]);
    expect(receiptLines(shipped, { a: 1.5 })).toEqual([]);
  });
});

describe('building a transfer', () => {
  it('adds a new size once and counts up a size already on it', () => {
    const one = addToTransferDraft([], 'a');
    const two = addToTransferDraft(one, 'b', 3);
    expect(addToTransferDraft(two, 'a')).toEqual([
      { variantId: 'a', quantity: 2 },
      { variantId: 'b', quantity: 3 },
    ]);
  });
});

describe('transfer history', () => {
  it('groups the movements of one receipt and keeps receipts apart', () => {
    const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms).toISOString();
    const groups = groupReceipts([
      { variant_id: 'b', on_hand_delta: 1, created_at: at(3) },
      { variant_id: 'a', on_hand_delta: 1, created_at: at(0) },
      { variant_id: 'a', on_hand_delta: 1, created_at: at(60_000) },
      { variant_id: 'b', on_hand_delta: 2, created_at: at(60_004) },
    ]);
    expect(groups).toEqual([
      {
        at: at(0),
        units: [
          { variantId: 'a', quantity: 1 },
          { variantId: 'b', quantity: 1 },
        ],
      },
      {
        at: at(60_000),
        units: [
          { variantId: 'a', quantity: 1 },
          { variantId: 'b', quantity: 2 },
        ],
      },
    ]);
  });
});
