import type { ReactNode } from 'react';
import { cx } from '../../../features/public-site/cx.ts';
import layout from '../../../features/public-site/marketing-layout.module.css';
import { CheckmarkCircleRegular } from '../../../features/public-site/public-icons.ts';
import styles from './feature-deep-dives.module.css';
import { AutomationExample, ExtensionExample, LedgerExample, SyncExample } from './feature-examples.tsx';

type DeepDive = {
  id: string;
  eyebrow: string;
  title: string;
  text: string;
  points: readonly string[];
  example: ReactNode;
};

const dives: readonly DeepDive[] = [
  {
    id: 'sync',
    eyebrow: 'Multi-marketplace sync',
    title: 'Every size and quantity, on every channel, within seconds',
    text: 'Tradepost keeps one count per size and pushes it to eBay, Shopify, Square and Whatnot whenever it changes. When a pair sells on one channel, the others drop to zero before a second buyer can check out.',
    points: [
      'Size runs matched across US men, women, GS, EU, UK and CM',
      'Per-channel caps and buffers: choose how much each marketplace sees',
      'Sync health per channel: last success, queued work and any drift',
    ],
    example: <SyncExample />,
  },
  {
    id: 'ledger',
    eyebrow: 'Stock ledger',
    title: 'A ledger that knows what every pair cost',
    text: 'Every change of stock is recorded as a movement: what changed, where, why and who did it. Each receipt creates a cost lot, and sales use the oldest lot first, so every sale shows its cost of goods and your real profit after fees.',
    points: [
      'Counts by scanner or by hand, with variance review',
      'Transfers between locations and adjustments with reason codes',
      'Stock can never go below zero, even when two orders land at once',
    ],
    example: <LedgerExample />,
  },
  {
    id: 'automation',
    eyebrow: 'Server-side automation',
    title: 'The work happens on our servers, not in your browser tab',
    text: 'Order imports, quantity pushes, repricing and bulk listing run server-side. Verified webhooks bring orders in, a reconciliation poll catches anything a marketplace missed, and duplicated or late events change nothing.',
    points: [
      'Repricing rules with a floor, a ceiling and a preview before anything changes',
      'Bulk list, relist, end or reprice with per-item results',
      'Liquidation schedules for stock that has sat too long',
    ],
    example: <AutomationExample />,
  },
  {
    id: 'extension',
    eyebrow: 'Browser extension',
    title: 'Tradepost beside eBay, Shopify and Whatnot',
    text: 'The extension shows your stock and cost next to the listing on screen, with listing and repricing actions right there. Capture any listing as a product draft in one click, and search your inventory from a side panel on any tab.',
    points: ['eBay item and Seller Hub pages', 'Shopify admin product pages', 'Whatnot show and listing pages'],
    example: <ExtensionExample />,
  },
];

/** The four things Tradepost is built around, each with a drawn example. */
export function FeatureDeepDives() {
  return (
    <>
      {dives.map((dive, index) => (
        <section
          key={dive.id}
          id={dive.id}
          className={cx(layout.section, index % 2 === 1 && layout.band)}
          aria-labelledby={`${dive.id}-title`}
        >
          <div className={layout.container}>
            <div className={cx(styles.row, index % 2 === 1 && styles.flipped)}>
              <div className={styles.text}>
                <p className={layout.eyebrow}>{dive.eyebrow}</p>
                <h2 id={`${dive.id}-title`} className={cx(layout.heading, styles.heading)}>
                  {dive.title}
                </h2>
                <p className={layout.lead}>{dive.text}</p>
                <ul className={layout.checkList}>
                  {dive.points.map((point) => (
                    <li key={point} className={layout.checkItem}>
                      <CheckmarkCircleRegular className={layout.checkIcon} aria-hidden="true" />
                      {point}
                    </li>
                  ))}
                </ul>
              </div>
              {dive.example}
            </div>
          </div>
        </section>
      ))}
    </>
  );
}
