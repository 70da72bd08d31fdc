import layout from '../../../features/public-site/marketing-layout.module.css';
import styles from './landing-steps.module.css';

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
