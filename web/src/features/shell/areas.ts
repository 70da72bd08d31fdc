/**
 * Routes of spec §2 whose screens are not built yet, each with the name the user knows it by and
 * one line on what it will do (from docs/product.md). The router gives each of these the
 * "not available yet" page; when a screen is built, its row leaves this table and the route points
 * at the real page.
 */
export type Area = { title: string; description: string };

export const areas = {
  // Mobile and scanner routes (no sidebar).
  '/mobile': { title: 'Mobile', description: 'It will gather photos, scanning and payouts for your phone, each one tap away.' },
  '/mobile-photos': {
    title: 'Mobile Photos',
    description: 'It will list the products that still need photos, to shoot and upload from your phone.',
  },
  '/mobile-photos/:productId/capture': {
    title: 'Photo Capture',
    description: "It will take a product's photos with your phone camera and add them to its images.",
  },
  '/mobile-photos/quick-capture': {
    title: 'Quick Capture',
    description: 'It will save a snapped item as a pre-owned draft, to finish later at a desk.',
  },
  '/mobile-photos/:productId/complete': {
    title: 'Photos Complete',
    description: 'It will show the photos just taken for a product and mark it as done.',
  },
  '/mobile-scanner': {
    title: 'Mobile Scanner',
    description: 'It will scan barcodes with your phone camera to look up stock, price and location.',
  },
  '/mobile-payouts': { title: 'Mobile Payouts', description: 'It will mark consignor and seller payouts as paid from your phone.' },
  '/mobile-remote-scanner': {
    title: 'Remote Scanner',
    description: 'It will pair this phone with a desktop by QR code, so every scan appears on the desktop at once.',
  },
  '/product-scanner': {
    title: 'Product Scanner',
    description: 'It will open the product behind a scanned barcode, with its stock and price.',
  },
  '/remote-scanner': {
    title: 'Remote Scanner',
    description: 'It will show a QR code that pairs a phone as a barcode scanner for this desktop.',
  },

  // Diagnostics.
  '/scanner-test': {
    title: 'Scanner Test',
    description: 'It will check that your barcode scanner is recognised, showing each scan as it arrives.',
  },
  '/scanner-debug-logs': {
    title: 'Scanner Debug Logs',
    description: 'It will show the timing of recent scans, to find out why a scanner is missed or misread.',
  },

  // Analytics.
  '/analytics': {
    title: 'Analytics',
    description: 'It will chart your inventory, sales, finances and operations, with the numbers one click away.',
  },
  '/analytics/inventory': {
    title: 'Inventory Analytics',
    description: 'It will chart stock value at cost and at price, units by category and size, and stock age.',
  },
  '/analytics/product-report': {
    title: 'Product Report',
    description: 'It will report sales, sell-through, profit and stock on hand per product across every channel.',
  },
  '/analytics/sales': { title: 'Sales Analytics', description: 'It will chart sales and profit by channel and by day.' },
  '/analytics/financial': {
    title: 'Financial Analytics',
    description: 'It will show profit and loss: revenue, cost of goods, fees, shipping and expenses by period.',
  },
  '/analytics/operational': {
    title: 'Operational Analytics',
    description: 'It will chart time to ship, picks per user and sync errors.',
  },

  // Channels and retail.
  '/retail/shopify': {
    title: 'Shopify',
    description: "It will show your Shopify store's products, stock and orders next to the rest of your retail.",
  },

  // Listings.
  '/ebay-templates': {
    title: 'eBay Templates',
    description: 'It will keep eBay listing templates: title pattern, category, condition, item specifics, description and policies.',
  },
  '/ebay-templates/create': { title: 'New eBay Template', description: 'It will create an eBay listing template.' },
  '/ebay-templates/edit/:id': { title: 'Edit eBay Template', description: 'It will change an eBay listing template.' },
  '/shopify-sizing-templates': {
    title: 'Shopify Sizing Templates',
    description: 'It will define how each size format becomes Shopify option names and values.',
  },
  '/shopify-sizing-templates/create': { title: 'New Shopify Sizing Template', description: 'It will create a Shopify sizing template.' },
  '/shopify-sizing-templates/edit/:id': { title: 'Edit Shopify Sizing Template', description: 'It will change a Shopify sizing template.' },
  '/shopify-sizing-templates/settings': {
    title: 'Shopify Sizing Settings',
    description: 'It will choose which sizing template each size format uses on Shopify.',
  },
  '/templates/listing/create': {
    title: 'New Listing Template',
    description: 'It will create a listing template for channels other than eBay and Shopify.',
  },
  '/templates/listing/:id/edit': { title: 'Edit Listing Template', description: 'It will change a listing template.' },
  '/repricing': {
    title: 'Repricing',
    description:
      'It will reprice by rules — markup over cost, match or undercut the lowest ask, markdown over time — with a preview first.',
  },
  '/liquidation': {
    title: 'Liquidation',
    description: 'It will show aged stock and the money tied up in it, to mark down, move to wholesale or offer to your network.',
  },

  // Sales and fulfillment.

  // Purchasing.

  // Wholesale.
  '/wholesale-orders': {
    title: 'Wholesale Orders',
    description: 'It will take orders from wholesale buyers from draft to confirmed, packed, shipped and paid.',
  },
  '/wholesale-orders/create': { title: 'New Wholesale Order', description: 'It will create an order for a wholesale buyer.' },
  '/wholesale-orders/:orderId': { title: 'Wholesale Order', description: 'It will show one wholesale order with its lines and status.' },
  '/wholesale-orders/:orderId/edit': { title: 'Edit Wholesale Order', description: 'It will change the lines of a wholesale order.' },
  '/wholesale-orders/:orderId/packing-list': {
    title: 'Packing List',
    description: 'It will print the packing list of a wholesale order.',
  },
  '/wholesale': {
    title: 'Wholesale',
    description: 'It will gather your wholesale buyers, price tiers, list, reservations and orders.',
  },
  '/wholesale/list': {
    title: 'Wholesale List',
    description: 'It will share what you sell wholesale, with available quantities and tier prices.',
  },
  '/wholesale/reservations': {
    title: 'Reservations',
    description: 'It will hold stock for a wholesale buyer until an expiry date.',
  },
  '/wholesale/price-management': { title: 'Wholesale Prices', description: 'It will set price tiers for your wholesale buyers.' },
  '/wholesale/offers': { title: 'Offers', description: 'It will list offers from wholesale buyers to accept, counter or decline.' },

  // Other.
  '/finances': {
    title: 'Finances',
    description: 'It will show revenue, cost of goods, fees, shipping, expenses and net profit by period, with CSV export.',
  },
  '/expenses': {
    title: 'Expenses',
    description: 'It will record expenses with category, vendor, amount, date and receipt, including repeating ones.',
  },
  '/market-review': {
    title: 'Market Review',
    description: "It will list items whose price is out of line with the market's lowest ask, highest bid or last sale.",
  },
  '/billing': { title: 'Billing', description: 'It will show your plan, payment method and invoices.' },
  '/subscription': { title: 'Subscription', description: 'It will show your trial and subscription, and let you choose a plan.' },

  // Admin.
  '/admin/product-sales-reports': {
    title: 'Product Sales Reports',
    description: 'It will report product sales across every business.',
  },
  '/admin/marketplace-sales': {
    title: 'Marketplace Sales',
    description: 'It will report sales on every marketplace across every business.',
  },
  '/system-sales': {
    title: 'System Sales',
    description: 'It will report sales across the whole system for this account.',
  },

  // Consignment.
  '/consignment': {
    title: 'Consignment',
    description: 'It will sell items for consignors, with intakes, commissions, balances and payouts.',
  },
  '/consignment/settings': {
    title: 'Consignment Settings',
    description: 'It will set the default commission, fee bands, payout schedule, minimum price and contract length.',
  },
  '/consignment/consignors': {
    title: 'Consignors',
    description: 'It will keep the people who consign with you, with payout method, balance and statements.',
  },
  '/consignment/intake': {
    title: 'Consignment Intake',
    description: "It will take in a consignor's items with condition, asking and minimum price, and print a receipt.",
  },
  '/consignment/intakes': {
    title: 'Consignment Intakes',
    description: 'It will list every intake with its items and what has sold.',
  },
  '/consignment/intakes/:intakeId': {
    title: 'Consignment Intake',
    description: 'It will show one intake: its items, what has sold and what the consignor is owed.',
  },

  // Network.
  '/network': {
    title: 'Network',
    description: "It will connect you with other businesses to see each other's inventory and trade.",
  },
  '/network/connections': {
    title: 'Connections',
    description: 'It will manage connection requests, connections and blocks, and what each connection sees.',
  },
  '/network/inventory': {
    title: 'View Inventory',
    description: "It will browse your connections' inventory and make offers on it.",
  },
  '/network/sales': { title: 'Network Sales', description: 'It will list orders other businesses in your network placed with you.' },
  '/network/purchases': { title: 'Network Purchases', description: 'It will list orders you placed with businesses in your network.' },
  '/want-to-buy': {
    title: 'Want to Buy',
    description: "It will keep lists of what you are looking for, matched against your connections' inventory.",
  },
  '/messages': { title: 'Messages', description: 'It will hold your conversations with businesses in your network.' },
  '/available-inventory': {
    title: 'Available Inventory',
    description: 'It will show the stock your connections offer you, with their prices.',
  },
  '/purchase-history': { title: 'Purchase History', description: 'It will list what you bought through the network.' },
  '/offers': { title: 'Offers', description: 'It will list the offers you made and received in the network.' },

  // Whatnot.
  '/whatnot': {
    title: 'Whatnot',
    description: "It will plan Whatnot shows, export their items in Whatnot's bulk-listing format and record the sales afterwards.",
  },
  '/whatnot/shows/:showId/edit': {
    title: 'Edit Show',
    description: "It will set a show's title, time and items with start price and format.",
  },
  '/whatnot/shows/:showId/csv-review': {
    title: 'Show Sales Review',
    description: "It will import Whatnot's order CSV after a show, match each line to an item and record the sales.",
  },
} as const satisfies Record<string, Area>;

export type AreaPath = keyof typeof areas;

export function areaFor(path: AreaPath): Area {
  return areas[path];
}
