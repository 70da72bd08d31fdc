import { makeStyles, mergeClasses, tokens, typographyStyles } from '@fluentui/react-components';
import { BoxRegular, CheckmarkCircleFilled, ReceiptRegular, TagRegular } from '@fluentui/react-icons';
import type { Dashboard } from '@tradepost/shared/schemas/sales.ts';
import { ButtonLink } from '../navigation/router-link.tsx';

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: '14px',
    padding: '24px',
    borderRadius: tokens.borderRadiusXLarge,
    border: `1px solid ${tokens.colorBrandStroke2}`,
    backgroundColor: tokens.colorBrandBackground2,
    minWidth: 0,
    '@media (max-width: 600px)': { padding: '18px' },
  },
  title: { ...typographyStyles.subtitle1, margin: 0 },
  text: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2 },
  steps: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '10px' },
  step: {
    display: 'flex',
    alignItems: 'center',
    gap: '12px',
    flexWrap: 'wrap',
    padding: '12px 14px',
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  stepText: { flexGrow: 1, minWidth: '200px', display: 'flex', flexDirection: 'column' },
  stepTitle: { ...typographyStyles.body1Strong },
  stepHint: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3 },
  done: { color: tokens.colorPaletteGreenForeground1, fontSize: '20px', display: 'inline-flex' },
  doneText: { textDecoration: 'line-through', color: tokens.colorNeutralForeground3 },
});

/** A new business sees what to do first instead of a wall of zeros. */
export function GettingStarted({ figures }: { figures: Dashboard }) {
  const styles = useStyles();
  const hasStock = figures.inventory.units_on_hand > 0;
  return (
    <section className={styles.card} aria-labelledby="getting-started">
      <h2 id="getting-started" className={styles.title}>
        Get your first numbers on this dashboard
      </h2>
      <p className={styles.text}>Every figure here comes from your own stock ledger and sales. Three steps fill it in.</p>
      <ol className={styles.steps}>
        <li className={styles.step}>
          {hasStock ? (
            <span className={styles.done}>
              <CheckmarkCircleFilled aria-label="Done" role="img" />
            </span>
          ) : null}
          <span className={styles.stepText}>
            <span className={mergeClasses(styles.stepTitle, hasStock && styles.doneText)}>Add a product with its sizes and prices</span>
            <span className={styles.stepHint}>Style code, sizes, barcodes: scan or type them.</span>
          </span>
          <ButtonLink to="/products/create-custom" icon={<TagRegular />}>
            Add product
          </ButtonLink>
        </li>
        <li className={styles.step}>
          {hasStock ? (
            <span className={styles.done}>
              <CheckmarkCircleFilled aria-label="Done" role="img" />
            </span>
          ) : null}
          <span className={styles.stepText}>
            <span className={mergeClasses(styles.stepTitle, hasStock && styles.doneText)}>Receive stock with its cost</span>
            <span className={styles.stepHint}>The cost makes profit and inventory value exact.</span>
          </span>
          <ButtonLink to="/inventory/adjustments" icon={<BoxRegular />}>
            Receive stock
          </ButtonLink>
        </li>
        <li className={styles.step}>
          <span className={styles.stepText}>
            <span className={styles.stepTitle}>Make a sale</span>
            <span className={styles.stepHint}>At the counter with a scanner, or any order you type in.</span>
          </span>
          <ButtonLink to="/retail/sales" appearance="primary" icon={<ReceiptRegular />}>
            Open the point of sale
          </ButtonLink>
        </li>
      </ol>
    </section>
  );
}
