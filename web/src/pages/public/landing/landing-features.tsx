import { cx } from '../../../features/public-site/cx.ts';
import layout from '../../../features/public-site/marketing-layout.module.css';
import { ArrowSyncRegular, BookNumberRegular, CloudFlowRegular, PuzzlePieceRegular } from '../../../features/public-site/product-icons.ts';
import type { PublicIcon } from '../../../features/public-site/public-icon.tsx';
import styles from './landing-features.module.css';

type Feature = { icon: PublicIcon; title: string; text: string; points: readonly string[] };

const features: readonly Feature[] = [
  {
    icon: ArrowSyncRegular,
    title: 'Every marketplace in sync, in seconds',
    text: 'Each stock change pushes the right size and quantity to every channel that lists the item. A sale on one marketplace takes the pair off the others before anyone can buy it twice.',
    points: ['eBay, Shopify, Square and Whatnot', 'Size runs matched across US, EU, UK and GS', 'Per-channel buffers and caps'],
  },
  {
    icon: BookNumberRegular,
    title: 'A stock ledger with cost and profit',
    text: 'Every movement is recorded: what changed, where, why and who did it. Each purchase keeps its unit cost, so every sale shows its cost of goods and what you actually made.',
    points: ['Counts, transfers and adjustments', 'FIFO cost lots from every purchase', 'Profit per sale, after fees'],
  },
  {
    icon: CloudFlowRegular,
    title: 'Automation that runs on our servers',
    text: 'Syncing, order imports and repricing run server-side. Close the laptop or lose the Wi-Fi: nothing depends on a browser tab staying open.',
    points: [
      'Verified webhooks plus a safety-net poll',
      'Repricing rules with a floor and a preview',
      'Duplicated or late events change nothing',
    ],
  },
  {
    icon: PuzzlePieceRegular,
    title: 'A browser extension beside eBay, Shopify and Whatnot',
    text: 'See your stock and cost for the item on screen, list or reprice from there, and capture any listing as a product draft in one click.',
    points: ['Panels on the pages you already use', 'Search and quick actions in a side panel', 'Signs in with your Tradepost account'],
  },
];

export function LandingFeatures() {
  return (
    <section className={cx(layout.section, layout.band)} aria-labelledby="features-title">
      <div className={layout.container}>
        <div className={layout.intro}>
          <p className={layout.eyebrow}>Why resellers switch</p>
          <h2 id="features-title" className={layout.heading}>
            Know what you have, what it cost, and where it is listed.
          </h2>
          <p className={layout.lead}>
            Spreadsheets and tab-by-tab delisting break the day two channels sell the same pair. Tradepost is built around the two things
            that cost resellers money: double sales and unknown costs.
          </p>
        </div>
        <div className={styles.grid}>
          {features.map(({ icon: Icon, title, text, points }) => (
            <article key={title} className={cx(layout.card, styles.cardHover)}>
              <span className={layout.iconTile} aria-hidden="true">
                <Icon />
              </span>
              <h3 className={layout.cardTitle}>{title}</h3>
              <p className={layout.text}>{text}</p>
              <ul className={styles.list}>
                {points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
