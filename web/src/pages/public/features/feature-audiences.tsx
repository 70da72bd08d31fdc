import { cx } from '../../../features/public-site/cx.ts';
import layout from '../../../features/public-site/marketing-layout.module.css';
import styles from './feature-audiences.module.css';

const audiences = [
  {
    title: 'Sneaker, streetwear and collectibles resellers',
    text: 'Solo sellers and full-time resellers who list the same stock on several marketplaces and need to stop double sales and know their margin.',
  },
  {
    title: 'Consignment shops',
    text: 'Stores that sell other people’s pairs and owe each consignor their share, with intakes, minimum prices, payouts and statements kept straight.',
  },
  {
    title: 'Small retailers with staff',
    text: 'Shops with a counter, a stock room and a team, where the owner wants clear roles, scanned fulfillment and one view of every channel.',
  },
] as const;

export function FeatureAudiences() {
  return (
    <section className={cx(layout.section, layout.band)} aria-labelledby="audiences-title">
      <div className={layout.container}>
        <div className={layout.intro}>
          <p className={layout.eyebrow}>Who it is for</p>
          <h2 id="audiences-title" className={layout.heading}>
            Built for people who sell one-of-a-kind stock in many places
          </h2>
        </div>
        <ul className={styles.grid}>
          {audiences.map((audience) => (
            <li key={audience.title} className={styles.item}>
              <h3 className={styles.title}>{audience.title}</h3>
              <p className={layout.text}>{audience.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
