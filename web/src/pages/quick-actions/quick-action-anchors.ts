/**
 * The six panels of /quick-actions, in page order, each reached by its anchor (spec §2: the
 * redirects /trade, /check-payouts … land on `/quick-actions#<anchor>`; the sidebar goes to #trade).
 */
export const quickActionAnchors = [
  'in-store-purchase',
  'trade',
  'highest-bid',
  'check-payouts',
  'inventory-search',
  'single-product-intake',
] as const;

export type QuickActionAnchor = (typeof quickActionAnchors)[number];

export type QuickAction = { anchor: QuickActionAnchor; title: string; summary: string };

export const quickActions: readonly QuickAction[] = [
  { anchor: 'in-store-purchase', title: 'In-store purchase', summary: 'Buy from a walk-in seller' },
  { anchor: 'trade', title: 'Trade', summary: 'Their items in, ours out' },
  { anchor: 'highest-bid', title: 'Highest bid', summary: 'What to pay per size' },
  { anchor: 'check-payouts', title: 'Check payouts', summary: 'Pending payouts to sellers' },
  { anchor: 'inventory-search', title: 'Inventory search', summary: 'Find stock by name or scan' },
  { anchor: 'single-product-intake', title: 'Single-product intake', summary: 'Scan one item into stock' },
];

export function isQuickActionAnchor(value: string): value is QuickActionAnchor {
  return (quickActionAnchors as readonly string[]).includes(value);
}

/** The panel a location hash names ('#trade', '#Trade', '#trade%20'), or null when it names none. */
export function anchorFromHash(hash: string): QuickActionAnchor | null {
  let name = hash.startsWith('#') ? hash.slice(1) : hash;
  try {
    name = decodeURIComponent(name);
  } catch {
    return null;
  }
  name = name.trim().toLowerCase();
  return isQuickActionAnchor(name) ? name : null;
}

/**
 * Which panel a hardware scan goes to: the intake, the in-store purchase or the trade (the scan adds
 * the item there) while it is the panel in use, else the search (a scan anywhere else looks it up).
 */
export function scanTargetFor(anchor: QuickActionAnchor | null): 'intake' | 'in-store-purchase' | 'trade' | 'search' {
  if (anchor === 'single-product-intake') return 'intake';
  if (anchor === 'in-store-purchase' || anchor === 'trade') return anchor;
  return 'search';
}
