import { defineContentScript } from 'wxt/utils/define-content-script';
import { mountPagePanel } from '../../components/page-panel/mount-page-panel.ts';
import { siteMatches } from '../../lib/sites.ts';

/** The Tradepost panel on eBay item and Seller Hub listing pages. */
export default defineContentScript({
  matches: siteMatches.ebay,
  runAt: 'document_idle',
  main: (ctx) => mountPagePanel(ctx, 'ebay'),
});
