import { makeStyles, mergeClasses, tokens, typographyStyles } from '@fluentui/react-components';
import { useMarketingLayoutStyles } from '../../../features/public-site/marketing-layout.ts';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
    gap: '32px',
    listStyle: 'none',
    margin: 0,
    padding: 0,
    '@media (max-width: 860px)': { gridTemplateColumns: 'minmax(0, 1fr)', gap: '24px' },
  },
  item: {
    display: 'flex',
    flexDirection: 'column',
    gap: '10px',
    paddingTop: '20px',
    borderTop: `2px solid ${tokens.colorBrandStroke1}`,
  },
  title: { ...typographyStyles.subtitle1, margin: 0, color: tokens.colorNeutralForeground1 },
});

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
  const styles = useStyles();
  const layout = useMarketingLayoutStyles();
  return (
    <section className={mergeClasses(layout.section, layout.band)} aria-labelledby="audiences-title">
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
