import { cx } from '../../../features/public-site/cx.ts';
import styles from './plan-comparison.module.css';
import { CheckmarkCircleFilled, SubtractRegular } from './pricing-icons.ts';
import { comparison, type PlanId, plans } from './pricing-plans.ts';

function Value({ value }: { value: boolean | string }) {
  if (typeof value === 'string') return <>{value}</>;
  return value ? (
    <>
      <CheckmarkCircleFilled className={styles.yes} aria-hidden="true" />
      <span className={styles.hidden}>Included</span>
    </>
  ) : (
    <>
      <SubtractRegular className={styles.no} aria-hidden="true" />
      <span className={styles.hidden}>Not included</span>
    </>
  );
}

const planIds: readonly PlanId[] = plans.map((plan) => plan.id);

/** The plans side by side; scrolls sideways on a phone rather than squeezing the columns. */
export function PlanComparison() {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard.
    <section className={styles.scroller} tabIndex={0} aria-label="Plan comparison">
      <table className={styles.table}>
        <caption className={styles.caption}>What each plan includes</caption>
        <thead>
          <tr>
            <th scope="col" className={cx(styles.th, styles.thStart)}>
              Feature
            </th>
            {plans.map((plan) => (
              <th key={plan.id} scope="col" className={styles.th}>
                {plan.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {comparison.map((row) => (
            <tr key={row.label}>
              <th scope="row" className={styles.rowHead}>
                {row.label}
              </th>
              {planIds.map((id) => (
                <td key={id} className={styles.td}>
                  <Value value={row.values[id]} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
