import type { EntityManager } from '@mikro-orm/postgresql';
import { addressLabelLines, NO_SHIPPING_ADDRESS } from '@tradepost/shared/schemas/address.ts';
import { PDFDocument, type PDFFont, rgb, StandardFonts } from 'pdf-lib';
import { tenantDb } from '../../db/tenant-db.ts';
import { getFulfillment } from './fulfillments.service.ts';

// Standard PDF fonts cover WinAnsi only (Latin-1 plus dashes, quotes, the ellipsis, the euro…);
// anything else would make pdf-lib throw.
const printable = (text: string) =>
  text.replace(/[^\x20-\x7E\u00A0-\u00FF\u2013\u2014\u2018\u2019\u201A\u201C\u201D\u201E\u2022\u2026\u20AC\u2122]/g, '?');

function fit(text: string, font: PDFFont, size: number, width: number): string {
  let out = printable(text);
  while (out.length > 1 && font.widthOfTextAtSize(out, size) > width) out = `${out.slice(0, -2)}…`.replace(/…+$/, '…');
  return out;
}

/** One US Letter page per fulfillment: who it goes to, what is in the box, and where it was picked. */
export async function packingSlipPdf(em: EntityManager, businessId: string, fulfillmentId: string): Promise<Uint8Array> {
  const fulfillment = await getFulfillment(em, businessId, fulfillmentId);
  const info = await tenantDb(em, businessId)
    .selectFrom('fulfillments as f')
    .innerJoin('sales as s', 's.id', 'f.sale_id')
    .innerJoin('businesses as b', 'b.id', 'f.business_id')
    .innerJoin('locations as l', 'l.id', 'f.location_id')
    .select(['b.name as business', 'l.name as location', 's.ordered_at', 's.note'])
    .where('f.id', '=', fulfillmentId)
    .executeTakeFirst();
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Packing slip #${fulfillment.sale_number}`);
  const page = pdf.addPage([612, 792]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.1, 0.1, 0.1);
  const muted = rgb(0.4, 0.4, 0.4);
  let y = 740;
  const text = (value: string, x: number, size = 10, font = regular, color = ink) =>
    page.drawText(printable(value), { x, y, size, font, color });

  text(info?.business ?? 'Tradepost', 48, 18, bold);
  text(`Packing slip`, 430, 18, bold);
  y -= 22;
  text(`Order #${fulfillment.sale_number} · ${fulfillment.channel.replace('_', ' ')}`, 48, 11, regular, muted);
  text(`Ordered ${new Date(info?.ordered_at ?? fulfillment.created_at).toISOString().slice(0, 10)}`, 430, 11, regular, muted);
  y -= 36;
  text('Ship to', 48, 10, bold);
  text('Picked at', 330, 10, bold);
  y -= 16;
  // As on a label; with no address the customer (if any) collects it.
  const address = fulfillment.shipping_address;
  const label = address
    ? [...addressLabelLines(address, fulfillment.customer_name), ...(address.phone ? [`Phone ${address.phone}`] : [])]
    : [...(fulfillment.customer_name ? [fulfillment.customer_name] : []), NO_SHIPPING_ADDRESS];
  for (const [i, line] of label.entries()) {
    text(
      fit(line, i === 0 ? bold : regular, 10, 270),
      48,
      10,
      i === 0 ? bold : regular,
      !address && line === NO_SHIPPING_ADDRESS ? muted : ink,
    );
    if (i === 0) text(info?.location ?? '', 330);
    y -= 14;
  }
  y -= 20;
  page.drawLine({ start: { x: 48, y: y + 12 }, end: { x: 564, y: y + 12 }, thickness: 0.8, color: muted });
  text('Item', 48, 10, bold);
  text('Size', 350, 10, bold);
  text('SKU', 410, 10, bold);
  text('Qty', 540, 10, bold);
  y -= 18;
  for (const line of fulfillment.lines) {
    if (y < 80) break;
    text(fit(line.title, regular, 10, 290), 48);
    text(line.size, 350);
    text(fit(line.sku, regular, 10, 120), 410);
    text(String(line.quantity), 540);
    y -= 16;
  }
  const units = fulfillment.lines.reduce((n, l) => n + l.quantity, 0);
  y -= 8;
  page.drawLine({ start: { x: 48, y: y + 12 }, end: { x: 564, y: y + 12 }, thickness: 0.8, color: muted });
  text(`${units} item${units === 1 ? '' : 's'}`, 48, 10, bold);
  if (info?.note) {
    y -= 28;
    text(fit(`Note: ${info.note}`, regular, 10, 516), 48, 10, regular, muted);
  }
  return pdf.save();
}
