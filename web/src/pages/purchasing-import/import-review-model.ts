import { type ImportedLine, type ImportRules, importRulesSchema } from '@tradepost/shared/schemas/purchase-import.ts';
import { moneyInputText, parseMoney } from '@tradepost/shared/ui/money.ts';

/** The size a line is matched to: by the import, or by hand on the review screen. */
export type ReviewMatch = { variant_id: string; product_title: string; size_label: string; sku: string | null };

/** One line of the document as the review screen edits it (amounts as typed text). */
export type ReviewLine = {
  key: number;
  text: string;
  page: number;
  /** What the document says (SKU or style code, size), to match by hand against. */
  sku: string | null;
  size: string | null;
  match: ReviewMatch | null;
  matchedByHand: boolean;
  /** Why the import could not match it, in the API's words. */
  problem: string | null;
  quantityText: string;
  costText: string;
  dropped: boolean;
};

export type OrderLineDraft = { variant_id: string; quantity: number; unit_cost_cents: number };

export function reviewLinesFrom(lines: readonly ImportedLine[], currency: string): ReviewLine[] {
  return lines.map((line, key) => ({
    key,
    text: line.text,
    page: line.page,
    sku: line.sku,
    size: line.size,
    match:
      line.match === null
        ? null
        : {
            variant_id: line.match.variant_id,
            product_title: line.match.product_title,
            size_label: line.match.size_label,
            sku: line.match.sku,
          },
    matchedByHand: false,
    problem: line.match === null ? (line.problem ?? 'No size matched') : line.problem,
    quantityText: line.quantity === null ? '' : String(line.quantity),
    costText: line.unit_cost_cents === null ? '' : moneyInputText(line.unit_cost_cents, currency),
    dropped: false,
  }));
}

export function matchByHand(lines: readonly ReviewLine[], key: number, match: ReviewMatch): ReviewLine[] {
  return lines.map((line) => (line.key === key ? { ...line, match, matchedByHand: true, dropped: false } : line));
}

export function setDropped(lines: readonly ReviewLine[], key: number, dropped: boolean): ReviewLine[] {
  return lines.map((line) => (line.key === key ? { ...line, dropped } : line));
}

export function setQuantityText(lines: readonly ReviewLine[], key: number, quantityText: string): ReviewLine[] {
  return lines.map((line) => (line.key === key ? { ...line, quantityText } : line));
}

export function setCostText(lines: readonly ReviewLine[], key: number, costText: string): ReviewLine[] {
  return lines.map((line) => (line.key === key ? { ...line, costText } : line));
}

/** Whole units, 1 to 100 000 (the purchase order's own limits); null when the text is not that. */
export function readQuantity(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= 1 && value <= 100_000 ? value : null;
}

export type ReviewState = {
  /** What still needs the user, per line key (a dropped line needs nothing). */
  issues: Map<number, string>;
  /** The purchase order's lines when nothing needs the user, in the document's order. */
  orderLines: OrderLineDraft[];
  kept: number;
  dropped: number;
  ready: boolean;
};

/**
 * Every kept line must be matched to a size with a quantity and a unit cost, and a size may be on
 * the order once (the purchase order refuses it twice): the later line says which one it repeats.
 */
export function reviewState(lines: readonly ReviewLine[], currency: string): ReviewState {
  const issues = new Map<number, string>();
  const orderLines: OrderLineDraft[] = [];
  const firstOfSize = new Map<string, number>();
  let kept = 0;
  for (const [index, line] of lines.entries()) {
    if (line.dropped) continue;
    kept += 1;
    if (line.match === null) {
      issues.set(line.key, 'Match this line to a size, or drop it');
      continue;
    }
    const earlier = firstOfSize.get(line.match.variant_id);
    if (earlier !== undefined) {
      issues.set(line.key, `Same size as line ${earlier + 1}: add its quantity there and drop this one`);
      continue;
    }
    firstOfSize.set(line.match.variant_id, index);
    const quantity = readQuantity(line.quantityText);
    if (quantity === null) {
      issues.set(line.key, line.quantityText.trim() === '' ? 'Enter the quantity' : 'Quantity must be a whole number from 1');
      continue;
    }
    const cost = parseMoney(line.costText, currency);
    if (cost === undefined) {
      issues.set(line.key, 'Enter the unit cost');
      continue;
    }
    if (cost === null) {
      issues.set(line.key, 'Unit cost must be an amount such as 80.00');
      continue;
    }
    orderLines.push({ variant_id: line.match.variant_id, quantity, unit_cost_cents: cost });
  }
  const ready = kept > 0 && issues.size === 0;
  return { issues, orderLines: ready ? orderLines : [], kept, dropped: lines.length - kept, ready };
}

/** Where the import stands, kept in the address so a reload keeps the place. */
export type ImportPlace = { vendorId: string | null; documentId: string | null; rules: ImportRules | undefined };

export function readImportPlace(params: URLSearchParams): ImportPlace {
  const vendorId = params.get('vendor') || null;
  const documentId = params.get('document') || null;
  let rules: ImportRules | undefined;
  const raw = params.get('rules');
  if (raw !== null && raw !== '') {
    try {
      const parsed = importRulesSchema.safeParse(JSON.parse(raw));
      if (parsed.success) rules = parsed.data;
    } catch {
      // A hand-edited address: the vendor's saved rules are used instead.
    }
  }
  return { vendorId, documentId, rules };
}

export function importSearch(place: ImportPlace): string {
  const search = new URLSearchParams();
  if (place.vendorId !== null) search.set('vendor', place.vendorId);
  if (place.documentId !== null) search.set('document', place.documentId);
  if (place.rules !== undefined) search.set('rules', JSON.stringify(place.rules));
  return search.toString();
}
