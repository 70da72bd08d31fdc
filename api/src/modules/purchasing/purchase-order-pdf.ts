import type { EntityManager } from '@mikro-orm/postgresql';
import { payoutMethodLabels } from '@tradepost/shared/schemas/payouts.ts';
import { purchaseOrderLabel } from '@tradepost/shared/schemas/purchasing.ts';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { tenantDb } from '../../db/tenant-db.ts';
import { getPurchaseOrder } from './purchase-orders.service.ts';

// Standard PDF fonts cover WinAnsi only (Latin-1 plus dashes, quotes, the ellipsis, the euro…);
// anything else would make pdf-lib throw.
const printable = (text: string) =>
  text.replace(/[^\x20-\x7E\u00A0-\u00FF\u2013\u2014\u2018\u2019\u201A\u201C\u201D\u201E\u2022\u2026\u20AC\u2122]/g, '?');

/** Matches no row: an in-store purchase from a customer has no vendor to read. */
const NO_ID = '00000000-0000-0000-0000-000000000000';

function fit(text: string, font: PDFFont, size: number, width: number): string {
  let out = printable(text);
  while (out.length > 1 && font.widthOfTextAtSize(out, size) > width) out = `${out.slice(0, -2)}…`.replace(/…+$/, '…');
  return out;
}

/**
 * The purchase order to send to the vendor, on US Letter pages: who orders from whom, the number and
 * expected date, one row per size (product, size, SKU, quantity, unit cost, line total) and the
 * totals with the landed costs. Rows that do not fit continue on a new page. An in-store purchase
 * prints as the seller's "Purchase receipt": the seller, where the goods were taken in, the items at
 * the agreed prices, and the payout (method, amount, status).
 */
export async function purchaseOrderPdf(
  em: EntityManager,
  businessId: string,
  purchaseOrderId: string,
): Promise<{ bytes: Uint8Array; number: number }> {
  const order = await getPurchaseOrder(em, businessId, purchaseOrderId);
  const db = tenantDb(em, businessId);
  const [business, vendor, location] = await Promise.all([
    db.selectFrom('businesses').select(['name', 'currency']).where('id', '=', businessId).executeTakeFirst(),
    db
      .selectFrom('vendors')
      .select(['name', 'contact_name', 'email', 'phone', 'terms', 'currency'])
      .where('id', '=', order.vendor_id ?? NO_ID)
      .executeTakeFirst(),
    db.selectFrom('locations').select('name').where('id', '=', order.location_id).executeTakeFirst(),
  ]);
  const currency = (vendor?.currency ?? business?.currency ?? 'USD').trim();
  const money = (cents: number) => {
    try {
      return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);
    } catch {
      return (cents / 100).toFixed(2);
    }
  };

  const pdf = await PDFDocument.create();
  const label = purchaseOrderLabel(order.number);
  const inStore = order.kind === 'in_store';
  const title = inStore ? 'Purchase receipt' : 'Purchase order';
  pdf.setTitle(`${title} ${label}`);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.1, 0.1, 0.1);
  const muted = rgb(0.4, 0.4, 0.4);
  let page: PDFPage = pdf.addPage([612, 792]);
  let y = 740;
  const text = (value: string, x: number, size = 10, font = regular, color = ink) =>
    page.drawText(printable(value), { x, y, size, font, color });
  const right = (value: string, x: number, size = 10, font = regular) =>
    page.drawText(printable(value), { x: x - font.widthOfTextAtSize(printable(value), size), y, size, font, color: ink });
  const rule = () => page.drawLine({ start: { x: 48, y: y + 12 }, end: { x: 564, y: y + 12 }, thickness: 0.8, color: muted });
  const tableHeader = () => {
    rule();
    text('Product', 48, 10, bold);
    text('Size', 268, 10, bold);
    text('SKU', 318, 10, bold);
    right('Qty', 440, 10, bold);
    right('Unit cost', 500, 10, bold);
    right('Total', 564, 10, bold);
    y -= 18;
  };

  text(fit(business?.name ?? 'Tradepost', bold, 18, 330), 48, 18, bold);
  text(title, 420, 18, bold);
  y -= 22;
  text(label, 420, 12, bold);
  y -= 16;
  text(`Date ${(order.received_at ?? order.created_at).slice(0, 10)}`, 420, 10, regular, muted);
  y -= 14;
  if (order.expected_on) {
    text(`Expected ${order.expected_on}`, 420, 10, regular, muted);
    y -= 14;
  }
  y -= 18;
  text(inStore ? 'Seller' : 'Vendor', 48, 10, bold);
  text(inStore ? 'Received at' : 'Deliver to', 330, 10, bold);
  y -= 16;
  const vendorLines = [
    vendor?.name ?? order.seller_name,
    ...(vendor?.contact_name ? [vendor.contact_name] : []),
    ...(vendor?.email ? [vendor.email] : []),
    ...(vendor?.phone ? [vendor.phone] : []),
    ...(vendor?.terms && !inStore ? [`Terms: ${vendor.terms}`] : []),
  ];
  for (const [i, line] of vendorLines.entries()) {
    text(fit(line, i === 0 ? bold : regular, 10, 270), 48, 10, i === 0 ? bold : regular);
    if (i === 0) text(fit(location?.name ?? '', regular, 10, 230), 330);
    y -= 14;
  }
  y -= 20;
  tableHeader();
  for (const line of order.lines) {
    if (y < 150) {
      page = pdf.addPage([612, 792]);
      y = 740;
      text(`${label} (continued)`, 48, 10, regular, muted);
      y -= 30;
      tableHeader();
    }
    text(fit(line.product_title, regular, 10, 212), 48);
    text(fit(line.size_label, regular, 10, 46), 268);
    text(fit(line.sku ?? '', regular, 10, 90), 318);
    right(String(line.quantity_ordered), 440);
    right(money(line.unit_cost_cents), 500);
    right(money(line.unit_cost_cents * line.quantity_ordered), 564);
    y -= 16;
  }
  y -= 6;
  rule();
  const { totals, landed_costs: landed } = order;
  const totalRows: [string, number][] = [
    [`Subtotal (${totals.units_ordered} unit${totals.units_ordered === 1 ? '' : 's'})`, totals.subtotal_cents],
    ...(landed.shipping_cents ? ([['Shipping', landed.shipping_cents]] as [string, number][]) : []),
    ...(landed.duties_cents ? ([['Duties', landed.duties_cents]] as [string, number][]) : []),
    ...(landed.fees_cents ? ([['Fees', landed.fees_cents]] as [string, number][]) : []),
  ];
  for (const [name, cents] of totalRows) {
    text(name, 340);
    right(money(cents), 564);
    y -= 16;
  }
  text('Total', 340, 11, bold);
  right(money(totals.total_cents), 564, 11, bold);
  const { payout } = order;
  if (payout) {
    if (y < 150) {
      page = pdf.addPage([612, 792]);
      y = 770;
    }
    y -= 30;
    text('Payout', 48, 10, bold);
    y -= 16;
    const status = payout.status === 'paid' ? `Paid${payout.paid_at ? ` ${payout.paid_at.slice(0, 10)}` : ''}` : 'Pending';
    const payoutRows = [
      `${payoutMethodLabels[payout.method]}: ${money(payout.amount_cents)} (${status})`,
      ...(payout.credit_cents !== null && payout.credit_cents !== payout.amount_cents
        ? [`Store credit booked: ${money(payout.credit_cents)}`]
        : []),
      ...(payout.account_last4 ? [`To the account ending ${payout.account_last4}`] : []),
      ...(payout.payable_to ? [`Payable to ${payout.payable_to}`] : []),
      ...(payout.reference ? [`Reference ${payout.reference}`] : []),
    ];
    for (const row of payoutRows) {
      text(fit(row, regular, 10, 516), 48);
      y -= 14;
    }
  }
  if (order.note) {
    y -= 30;
    text(fit(`Note: ${order.note}`, regular, 10, 516), 48, 10, regular, muted);
  }
  return { bytes: await pdf.save(), number: order.number };
}
