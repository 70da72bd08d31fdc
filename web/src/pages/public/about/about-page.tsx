import { cx } from '../../../features/public-site/cx.ts';
import layout from '../../../features/public-site/marketing-layout.module.css';
import { MarketingPage, PageHero } from '../../../features/public-site/marketing-page.tsx';
import { CloudFlowRegular } from '../../../features/public-site/product-icons.ts';
import type { PublicIcon } from '../../../features/public-site/public-icon.tsx';
import { CheckmarkCircleRegular } from '../../../features/public-site/public-icons.ts';
import { TrialCallToAction } from '../../../features/public-site/trial-call-to-action.tsx';
import {
  DataPieRegular,
  DismissCircleRegular,
  LockClosedRegular,
  MoneyRegular,
  ScanRegular,
  ShieldCheckmarkRegular,
} from './about-icons.ts';
import styles from './about-page.module.css';

type Principle = { icon: PublicIcon; title: string; text: string };

const principles: readonly Principle[] = [
  {
    icon: ShieldCheckmarkRegular,
    title: 'Correct before clever',
    text: 'The ledger and the stock levels always agree, and a sale can never push a size below zero, even when two orders arrive in the same instant. Speed matters, but never more than the count being right.',
  },
  {
    icon: DataPieRegular,
    title: 'Your numbers, not our estimates',
    text: 'Every figure on your dashboard comes from your own purchases, movements and sales. Where there is no data yet, Tradepost says so instead of filling the gap.',
  },
  {
    icon: CloudFlowRegular,
    title: 'The server does the work',
    text: 'Syncing, order imports and repricing run on our servers. Nothing important depends on a browser tab staying open or a laptop staying awake.',
  },
  {
    icon: ScanRegular,
    title: 'Built for the floor, not only the desk',
    text: 'Hardware scanners, phones, a kiosk for customers and a fulfillment role for packers: the back room and the counter are where reselling happens.',
  },
  {
    icon: MoneyRegular,
    title: 'Plain prices',
    text: 'A flat monthly plan in US dollars and a 14-day free trial. No share of your sales, no setup fee, and your data exports as CSV whenever you want it.',
  },
  {
    icon: LockClosedRegular,
    title: 'Your business stays yours',
    text: 'Every business is walled off from every other. Marketplace credentials are encrypted at rest, and other shops only see what you choose to share through the network.',
  },
];

const isNot = [
  'A marketplace: we never buy, sell or hold your stock.',
  'A middleman on your sales: we take no cut of what you sell.',
  'A source of invented reviews or numbers: our testimonials page says plainly what its stories are.',
] as const;

const is = [
  'The record of what you own, where it is and what it cost.',
  'The service that keeps every channel showing the right quantity.',
  'The tools your staff use to buy, pack, count and ship.',
] as const;

/** Public page /about: why Tradepost exists and the principles it is built on. */
export function AboutPage() {
  return (
    <MarketingPage>
      <PageHero
        id="about-title"
        eyebrow="About Tradepost"
        title="Resellers should never have to sell the same pair twice"
        lead="Our mission is to give independent resellers and small shops the back office that large retailers take for granted: one true count of their stock, the real cost of every unit, and every channel in step."
      />
      <section className={layout.section} aria-labelledby="why-title">
        <div className={layout.container}>
          <div className={styles.story}>
            <div>
              <p className={layout.eyebrow}>Why it exists</p>
              <h2 id="why-title" className={layout.heading}>
                Reselling grew up. The tools did not.
              </h2>
            </div>
            <div className={styles.prose}>
              <p className={styles.paragraph}>
                Sneaker, streetwear and collectibles resale has become a real trade, with shops, staff, consignors and stock spread across
                several marketplaces. Most of it still runs on spreadsheets, notebooks and delisting by hand, one tab at a time.
              </p>
              <p className={styles.paragraph}>
                That works until two buyers check out the same pair on two marketplaces, or until someone asks what the stock on the shelves
                actually cost. Those are the two moments Tradepost is built around: it keeps one ledger of every unit with its cost, and it
                keeps every channel in step with that ledger.
              </p>
              <p className={styles.paragraph}>
                Everything else, from purchasing and consignment to wholesale, the network between shops and the analytics, grows out of
                that same ledger, so the numbers in one place always match the numbers in another.
              </p>
            </div>
          </div>
        </div>
      </section>
      <section className={cx(layout.section, layout.band)} aria-labelledby="principles-title">
        <div className={layout.container}>
          <div className={layout.intro}>
            <p className={layout.eyebrow}>How we build</p>
            <h2 id="principles-title" className={layout.heading}>
              The principles behind every screen
            </h2>
          </div>
          <ul className={styles.principles}>
            {principles.map(({ icon: Icon, title, text }) => (
              <li key={title} className={layout.card}>
                <span className={layout.iconTile} aria-hidden="true">
                  <Icon />
                </span>
                <h3 className={layout.cardTitle}>{title}</h3>
                <p className={layout.text}>{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section className={layout.section} aria-labelledby="what-title">
        <div className={layout.container}>
          <div className={layout.intro}>
            <p className={layout.eyebrow}>Plainly</p>
            <h2 id="what-title" className={layout.heading}>
              What Tradepost is, and what it is not
            </h2>
          </div>
          <div className={styles.isNot}>
            <div className={layout.card}>
              <h3 className={styles.listTitle}>Tradepost is</h3>
              <ul className={layout.checkList}>
                {is.map((line) => (
                  <li key={line} className={layout.checkItem}>
                    <CheckmarkCircleRegular className={layout.checkIcon} aria-hidden="true" />
                    {line}
                  </li>
                ))}
              </ul>
            </div>
            <div className={layout.card}>
              <h3 className={styles.listTitle}>Tradepost is not</h3>
              <ul className={layout.checkList}>
                {isNot.map((line) => (
                  <li key={line} className={layout.checkItem}>
                    <DismissCircleRegular className={cx(layout.checkIcon, styles.notIcon)} aria-hidden="true" />
                    {line}
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </div>
      </section>
      <TrialCallToAction />
    </MarketingPage>
  );
}
