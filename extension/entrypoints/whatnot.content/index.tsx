import { defineContentScript } from 'wxt/utils/define-content-script';
import { mountPagePanel } from '../../components/page-panel/mount-page-panel.ts';
import { siteMatches } from '../../lib/sites.ts';

/** The Tradepost panel on Whatnot show and listing pages. */
export default defineContentScript({
  matches: siteMatches.whatnot,
  runAt: 'document_idle',
  main: (ctx) => mountPagePanel(ctx, 'whatnot'),
});
