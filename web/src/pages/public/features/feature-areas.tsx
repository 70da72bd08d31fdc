import { cx } from '../../../features/public-site/cx.ts';
import layout from '../../../features/public-site/marketing-layout.module.css';
import type { PublicIcon } from '../../../features/public-site/public-icon.tsx';
import styles from './feature-areas.module.css';
import {
  BoxMultipleRegular,
  BuildingRetailMoneyRegular,
  CameraRegular,
  DataTrendingRegular,
  HandshakeRegular,
  PeopleTeamRegular,
  PersonTagRegular,
  ScanRegular,
  ShoppingBagRegular,
} from './features-icons.ts';

type Area = { icon: PublicIcon; title: string; text: string };

const areas: readonly Area[] = [
  {
    icon: ShoppingBagRegular,
    title: 'Purchasing',
    text: 'Vendors and purchase orders from draft to received. Import a vendor invoice as a PDF, receive by scanning UPCs, and every unit lands with its cost.',
  },
  {
    icon: BuildingRetailMoneyRegular,
    title: 'Buying over the counter',
    text: 'Buy from walk-in sellers or trade pairs for pairs with market prices in view, record the payout, and see the highest bids on what you hold.',
  },
  {
    icon: PersonTagRegular,
    title: 'Consignment',
    text: 'Consignors, intakes with asking and minimum prices, commission bands, and a share booked to the consignor on every sale. Payouts go out in batches with statements.',
  },
  {
    icon: BoxMultipleRegular,
    title: 'Wholesale',
    text: 'Price tiers, a shareable wholesale list, reservations that hold stock for a buyer, orders with packing lists, and buyer offers you can accept or counter.',
  },
  {
    icon: HandshakeRegular,
    title: 'Reseller network',
    text: 'Connect with other shops, choose what they see and at what price, make offers on their stock and post want-to-buy lists that are matched against it.',
  },
  {
    icon: DataTrendingRegular,
    title: 'Analytics and finances',
    text: 'Inventory value at cost and at price, sales by channel and day, profit and loss, aged stock and sell-through. Charts first, numbers one click away, CSV export.',
  },
  {
    icon: ScanRegular,
    title: 'Fulfillment and scanning',
    text: 'Pick rules decide which location ships. Scanning mode checks every barcode against the order and refuses the wrong size loudly. Hardware scanners work on any screen.',
  },
  {
    icon: CameraRegular,
    title: 'Phones, photos and the shop floor',
    text: 'Capture product photos and pre-owned items on a phone, pair a phone as a remote scanner, and put a kiosk on the floor so customers can browse stock by size.',
  },
  {
    icon: PeopleTeamRegular,
    title: 'Staff and roles',
    text: 'Invite your team by e-mail. Owners see everything, staff run the day, and the fulfillment role sees only what it needs to pick, pack and ship.',
  },
];

/** Everything else a reselling business runs on, area by area. */
export function FeatureAreas() {
  return (
    <section id="more" className={layout.section} aria-labelledby="areas-title">
      <div className={layout.container}>
        <div className={layout.intro}>
          <p className={layout.eyebrow}>The rest of the shop</p>
          <h2 id="areas-title" className={layout.heading}>
            From the first purchase to the last payout
          </h2>
          <p className={layout.lead}>
            Listing is one part of the job. Tradepost also covers how stock comes in, who owns it, who it goes to and what it earned, in the
            same ledger.
          </p>
        </div>
        <div className={styles.grid}>
          {areas.map(({ icon: Icon, title, text }) => (
            <article key={title} className={cx(layout.card, styles.card)}>
              <span className={layout.iconTile} aria-hidden="true">
                <Icon />
              </span>
              <h3 className={layout.cardTitle}>{title}</h3>
              <p className={layout.text}>{text}</p>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
