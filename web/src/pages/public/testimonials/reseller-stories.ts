/**
 * Composite personas: each is drawn from problems resellers commonly describe, not from one real
 * person or business, and the page says so on every card. No names, no quotes, no figures.
 */
export type ResellerStory = {
  id: string;
  persona: string;
  setup: readonly string[];
  problem: string;
  need: string;
  answer: string;
  /** The feature area on /features that answers it. */
  featureAnchor: 'sync' | 'ledger' | 'automation' | 'extension' | 'more';
};

export const resellerStories: readonly ResellerStory[] = [
  {
    id: 'side-hustle',
    persona: 'The weekend sneaker flipper',
    setup: ['eBay', 'Whatnot', 'Works from home'],
    problem:
      'A pair sold on eBay while it was still up in a Whatnot show. The second buyer had to be cancelled, and the cancellation cost seller standing on both sides.',
    need: 'One count per size that every channel reads from, updated the moment something sells.',
    answer:
      'Tradepost takes a sold pair off every other channel within seconds, and after a show the Whatnot order CSV is matched to your items and booked as sales.',
    featureAnchor: 'sync',
  },
  {
    id: 'full-time',
    persona: 'The full-time reseller buying from walk-ins',
    setup: ['eBay', 'Shopify', 'In-person buys'],
    problem:
      'Revenue is easy to see; profit is not. Costs live in a notebook, trades mix cash and pairs, and nobody can say what the stock on the shelves actually cost.',
    need: 'A cost on every unit from the moment it is bought, and profit on every sale without a spreadsheet.',
    answer:
      'Every purchase, trade or intake creates a cost lot. Sales use the oldest lot first, so each sale shows its cost of goods and profit after marketplace fees.',
    featureAnchor: 'ledger',
  },
  {
    id: 'consignment',
    persona: 'The consignment shop',
    setup: ['Shop floor', 'Shopify', 'Many consignors'],
    problem:
      'Payout day means an afternoon matching sales to consignors by hand, and every question from a consignor means digging through old messages.',
    need: 'Consigned stock that knows who owns it, a share booked on every sale, and statements consignors can trust.',
    answer:
      'Intakes create consignor-owned stock with asking and minimum prices. Each sale accrues the consignor’s share; payouts go out in batches with a statement each.',
    featureAnchor: 'more',
  },
  {
    id: 'boutique',
    persona: 'The streetwear boutique with staff',
    setup: ['Shopify', 'Square', 'Part-time packers'],
    problem:
      'A busy week means the wrong size goes out, and the owner cannot hand every part-timer full access to costs and settings just so they can pack orders.',
    need: 'A packing job that checks itself, and staff who see only what their job needs.',
    answer:
      'The fulfillment role sees only fulfillments and settings. Scanning mode checks each barcode against the order and refuses the wrong item before the box is sealed.',
    featureAnchor: 'more',
  },
  {
    id: 'collectibles',
    persona: 'The cards and collectibles seller',
    setup: ['Whatnot shows', 'eBay', 'One-of-a-kind items'],
    problem:
      'Nearly every item is a single, graded or pre-owned piece with its own photos, so listing takes longer than finding the stock in the first place.',
    need: 'One-off items captured quickly from a phone, and listings that can be pulled in from the marketplaces where they already live.',
    answer:
      'Pre-owned items keep their own grade, photos and price; phones capture photos straight into Tradepost, and the browser extension turns an existing listing into a product draft.',
    featureAnchor: 'extension',
  },
  {
    id: 'repricing',
    persona: 'The reseller with too much aged stock',
    setup: ['eBay', 'Shopify', 'Large back catalogue'],
    problem:
      'Prices were set once and never touched. Some pairs sit for months while others sell below what the market would pay, and changing prices one by one never happens.',
    need: 'Prices that follow rules with a floor, and a clear view of what has sat too long.',
    answer:
      'Repricing rules run on the server with a floor at cost plus your minimum margin and a preview before anything changes; liquidation shows aged stock and the money tied up in it.',
    featureAnchor: 'automation',
  },
];
