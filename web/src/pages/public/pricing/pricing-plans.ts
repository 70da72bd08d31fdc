/** The three plans, as the pricing page and its comparison table show them. Prices in USD per month. */
export type PlanId = 'starter' | 'growth' | 'shop';

export type Plan = {
  id: PlanId;
  name: string;
  priceUsd: number;
  forWhom: string;
  /** The limits that differ between plans, in plain words. */
  limits: readonly string[];
  /** What the plan adds (the first line says what it builds on). */
  includes: readonly string[];
  highlighted: boolean;
};

export const plans: readonly Plan[] = [
  {
    id: 'starter',
    name: 'Starter',
    priceUsd: 29,
    forWhom: 'For a solo reseller getting stock and costs under control.',
    limits: ['1 user', '2 sales channels', 'Up to 2,000 sizes and variants in stock', '1 location'],
    includes: [
      'Stock ledger with cost lots and profit per sale',
      'Inventory counts and adjustments',
      'Marketplace sync in seconds, size by size',
      'Browser extension for eBay, Shopify and Whatnot',
      'Purchase orders and over-the-counter buying',
      'Dashboard and sales analytics',
    ],
    highlighted: false,
  },
  {
    id: 'growth',
    name: 'Growth',
    priceUsd: 79,
    forWhom: 'For full-time resellers selling on every marketplace.',
    limits: ['3 users', 'All channels: eBay, Shopify, Square and Whatnot', 'Up to 20,000 sizes and variants in stock', '2 locations'],
    includes: [
      'Everything in Starter, plus:',
      'Repricing rules and liquidation schedules',
      'Bulk listing and price changes',
      'eBay and Shopify listing templates',
      'Consignment, wholesale and the reseller network',
      'Transfers between your locations',
      'Whatnot shows with CSV export and order import',
    ],
    highlighted: true,
  },
  {
    id: 'shop',
    name: 'Shop',
    priceUsd: 199,
    forWhom: 'For stores with staff, consignors and a shop floor.',
    limits: ['Up to 15 users', 'All channels', 'Up to 100,000 sizes and variants in stock', 'Up to 10 locations'],
    includes: [
      'Everything in Growth, plus:',
      'Fulfillment role for packing staff',
      'Pick rules and scan-to-verify packing',
      'Store-floor kiosk for customers to browse stock by size',
      'Priority support by e-mail',
    ],
    highlighted: false,
  },
];

type Cell = boolean | string;
export type ComparisonRow = { label: string; values: Record<PlanId, Cell> };

export const comparison: readonly ComparisonRow[] = [
  { label: 'Users', values: { starter: '1', growth: '3', shop: 'Up to 15' } },
  { label: 'Sales channels', values: { starter: '2', growth: 'All', shop: 'All' } },
  { label: 'Sizes and variants in stock', values: { starter: '2,000', growth: '20,000', shop: '100,000' } },
  { label: 'Locations', values: { starter: '1', growth: '2', shop: '10' } },
  { label: 'Stock ledger, cost lots, profit per sale', values: { starter: true, growth: true, shop: true } },
  { label: 'Server-side sync and order import', values: { starter: true, growth: true, shop: true } },
  { label: 'Browser extension', values: { starter: true, growth: true, shop: true } },
  { label: 'Inventory counts and adjustments', values: { starter: true, growth: true, shop: true } },
  { label: 'Repricing and liquidation', values: { starter: false, growth: true, shop: true } },
  { label: 'Consignment, wholesale, network', values: { starter: false, growth: true, shop: true } },
  { label: 'Transfers between locations', values: { starter: false, growth: true, shop: true } },
  { label: 'Fulfillment role and scan-to-verify', values: { starter: false, growth: false, shop: true } },
  { label: 'Store-floor kiosk', values: { starter: false, growth: false, shop: true } },
];
