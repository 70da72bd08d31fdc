import { ChevronDownRegular } from './pricing-icons.ts';
import styles from './pricing-questions.module.css';

const questions = [
  {
    q: 'How does the free trial work?',
    a: 'The trial starts the moment you create your business account and lasts 14 days. Your dashboard shows how many days are left. You do not need a payment card to start.',
  },
  {
    q: 'Do you take a share of my sales?',
    a: 'No. Plans are a flat monthly price. Marketplace and payment fees are charged by the marketplaces themselves, and Tradepost shows them on every sale so your profit is after fees.',
  },
  {
    q: 'What counts towards the sizes and variants limit?',
    a: 'Each size of each product you hold in stock counts once, however many units you have and however many channels list it. Products you have sold out of do not count.',
  },
  {
    q: 'Which currency are prices in?',
    a: 'Prices are in US dollars per month, before any sales tax that applies where you are. Your own business can work in its own currency.',
  },
  {
    q: 'Can I change plans later?',
    a: 'Yes. Move up when you add staff, channels or locations, or move down if you need less. The change applies from your next monthly bill.',
  },
  {
    q: 'Can I take my data with me?',
    a: 'Yes. Your stock, sales and finances export as CSV. Your data belongs to your business and is never shared with other businesses unless you choose to share inventory through the network.',
  },
] as const;

/** The questions as disclosures that open on click (Fluent's collapsible, multiple Accordion drew the same). */
export function PricingQuestions() {
  return (
    <div className={styles.accordion}>
      {questions.map(({ q, a }) => (
        <details key={q} className={styles.item}>
          <summary className={styles.header}>
            <span className={styles.question}>{q}</span>
            <ChevronDownRegular className={styles.chevron} aria-hidden="true" />
          </summary>
          <div className={styles.panel}>
            <p className={styles.answer}>{a}</p>
          </div>
        </details>
      ))}
    </div>
  );
}
