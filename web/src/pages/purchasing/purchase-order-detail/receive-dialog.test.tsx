import { ApiError } from '@tradepost/shared/client/api-error.ts';
import type { PurchaseOrder } from '@tradepost/shared/schemas/purchasing.ts';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { overReceiptMessage, ReceiveDialogContent, receiveButtonLabel } from './receive-dialog.tsx';

// The unit project runs in Node without a DOM: the dialog is rendered to markup and read as text.

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');

const order: PurchaseOrder = {
  id: id(1),
  number: 1001,
  vendor_id: id(2),
  kind: 'order',
  customer_id: null,
  seller_name: 'Eastside Wholesale',
  trade_id: null,
  location_id: id(3),
  status: 'partially_received',
  expected_on: null,
  totals: { units_ordered: 5, units_received: 2, subtotal_cents: 5000, landed_cents: 0, total_cents: 5000 },
  created_at: '2026-11-27T10:00:00Z',
  ordered_at: '2026-11-27T10:00:00Z',
  received_at: null,
  closed_at: null,
  cancelled_at: null,
  note: null,
  landed_costs: { shipping_cents: 0, duties_cents: 0, fees_cents: 0, spread: 'value' },
  payout: null,
  lines: [
    {
      id: id(10),
      variant_id: id(11),
      product_id: id(12),
      product_title: 'Dunk Low Panda',
      size_label: 'US M 9',
      sku: 'DD1391-9',
      quantity_ordered: 3,
      quantity_received: 2,
      unit_cost_cents: 1000,
      landed_unit_cost_cents: 1000,
    },
    {
      id: id(20),
      variant_id: id(21),
      product_id: id(12),
      product_title: 'Dunk Low Panda',
      size_label: 'US M 10',
      sku: null,
      quantity_ordered: 2,
      quantity_received: 0,
      unit_cost_cents: 1000,
      landed_unit_cost_cents: 1000,
    },
  ],
};

const render = (overReceipt: string | null, errors: Record<string, string> = {}) =>
  renderToStaticMarkup(
    <ReceiveDialogContent
      order={order}
      locations={[{ id: id(3), name: 'Main store' } as never, { id: id(4), name: 'Warehouse' } as never]}
      locationId={id(3)}
      quantities={{ [id(10)]: 3, [id(20)]: 2 }}
      overReceipt={overReceipt}
      errors={errors}
      general={undefined}
      onLocation={() => undefined}
      onQuantity={() => undefined}
    />,
  );

describe('receive dialog', () => {
  it('takes the API’s OVER_RECEIPT answer as the question to confirm, and nothing else', () => {
    const over = new ApiError({
      status: 409,
      code: 'OVER_RECEIPT',
      message: 'Dunk Low Panda US M 9 would be 1 over the 3 ordered.',
      fromServer: true,
    });
    expect(overReceiptMessage(over)).toBe('Dunk Low Panda US M 9 would be 1 over the 3 ordered.');
    expect(
      overReceiptMessage(new ApiError({ status: 409, code: 'PURCHASE_ORDER_LOCKED', message: 'Locked', fromServer: true })),
    ).toBeNull();
    expect(overReceiptMessage(new Error('boom'))).toBeNull();
  });

  it('lists each line with ordered, received and the quantity to receive, into the chosen location', () => {
    const html = render(null);
    expect(text(html)).toContain('Main store');
    expect(html).toContain('aria-label="Receive now: Dunk Low Panda US M 9"');
    expect(html).toMatch(
      /aria-label="Receive now: Dunk Low Panda US M 9"[^>]*value="3"|value="3"[^>]*aria-label="Receive now: Dunk Low Panda US M 9"/,
    );
    expect(text(html)).not.toContain('More than ordered');
    expect(receiveButtonLabel(null)).toBe('Receive');
  });

  it('asks to confirm with the API’s message, the button then receiving anyway', () => {
    const html = render('Dunk Low Panda US M 9 would be 1 over the 3 ordered.');
    expect(text(html)).toContain('More than ordered Dunk Low Panda US M 9 would be 1 over the 3 ordered. Receive it anyway?');
    expect(receiveButtonLabel('over')).toBe('Receive anyway');
    // The API's sentence may come without its full stop.
    expect(text(render('Over-receipt: 1 more than the 4 ordered (2 received so far)'))).toContain(
      '(2 received so far). Receive it anyway?',
    );
  });

  it('puts a line’s message beside that line, by its place in the body sent', () => {
    const html = render(null, { 'lines.1.quantity': 'Quantity is too large' });
    const rows = (html.split('<tbody>')[1] ?? '').split('</tr>');
    expect(text(rows[1] ?? '')).toContain('Quantity is too large');
    expect(text(rows[0] ?? '')).not.toContain('Quantity is too large');
  });
});
