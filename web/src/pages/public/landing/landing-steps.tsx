import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import { useMarketingLayoutStyles } from '../../../features/public-site/marketing-layout.ts';

const useStyles = makeStyles({
  steps: {
    display: 'grid',
    gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
    gap: '32px',
    listStyle: 'none',
    margin: 0,
    padding: 0,
    counterReset: 'step',
    '@media (max-width: 860px)': { gridTemplateColumns: 'minmax(0, 1fr)', gap: '24px' },
  },
  step: {
    display: 'flex',
    flexDirection: 'column',
    gap: '10px',
    paddingTop: '20px',
    borderTop: `2px solid ${tokens.colorBrandStroke1}`,
  },
  number: {
    ...typographyStyles.caption1Strong,
    color: tokens.colorBrandForeground1,
    fontVariantNumeric: 'tabular-nums',
  },
});

const steps = [
  {
    title: 'Bring your stock in',
    text: 'Scan barcodes, receive purchase orders, buy from walk-in sellers or import the listings you already have. Every unit arrives with its cost.',
  },
  {
    title: 'List it everywhere',
    text: 'Templates turn one product into eBay and Shopify listings with the right titles, sizes and item specifics. Choose how much stock each channel sees.',
  },
  {
    title: 'Sell, ship, see the profit',
    text: 'Orders from every channel land in one queue. Pick, pack and scan to verify, and each sale books its cost and profit as it happens.',
  },
] as const;

export function LandingSteps() {
  const styles = useStyles();
  const layout = useMarketingLayoutStyles();
  return (
    <section className={layout.section} aria-labelledby="steps-title">
      <div className={layout.container}>
        <div className={layout.intro}>
          <p className={layout.eyebrow}>How it works</p>
          <h2 id="steps-title" className={layout.heading}>
            One inventory. Every channel. No double sales.
          </h2>
        </div>
        <ol className={styles.steps}>
          {steps.map((step, index) => (
            <li key={step.title} className={styles.step}>
              <span className={styles.number}>{String(index + 1).padStart(2, '0')}</span>
              <h3 className={layout.cardTitle}>{step.title}</h3>
              <p className={layout.text}>{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
