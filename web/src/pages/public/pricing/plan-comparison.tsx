import { makeStyles, mergeClasses, tokens, typographyStyles } from '@fluentui/react-components';
import { CheckmarkCircleFilled, SubtractRegular } from '@fluentui/react-icons';
import { comparison, type PlanId, plans } from './pricing-plans.ts';

const useStyles = makeStyles({
  scroller: {
    // Positioned, so the visually hidden cell labels stay inside the scrolling box.
    position: 'relative',
    overflowX: 'auto',
    borderRadius: tokens.borderRadiusXLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  table: {
    width: '100%',
    minWidth: '560px',
    borderCollapse: 'collapse',
    ...typographyStyles.body1,
    color: tokens.colorNeutralForeground1,
  },
  caption: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clipPath: 'inset(50%)', whiteSpace: 'nowrap' },
  th: {
    ...typographyStyles.subtitle2,
    textAlign: 'center',
    padding: '16px',
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  thStart: { textAlign: 'left' },
  rowHead: {
    ...typographyStyles.body1,
    textAlign: 'left',
    padding: '12px 16px',
    color: tokens.colorNeutralForeground2,
    borderBottom: `1px solid ${tokens.colorNeutralStroke3}`,
  },
  td: {
    textAlign: 'center',
    padding: '12px 16px',
    borderBottom: `1px solid ${tokens.colorNeutralStroke3}`,
    fontVariantNumeric: 'tabular-nums',
    ...typographyStyles.body1Strong,
  },
  yes: { color: tokens.colorBrandForeground1, fontSize: '20px', verticalAlign: 'middle' },
  no: { color: tokens.colorNeutralForeground4, fontSize: '18px', verticalAlign: 'middle' },
  hidden: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clipPath: 'inset(50%)', whiteSpace: 'nowrap' },
});

function Value({ value }: { value: boolean | string }) {
  const styles = useStyles();
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
  const styles = useStyles();
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard.
    <section className={styles.scroller} tabIndex={0} aria-label="Plan comparison">
      <table className={styles.table}>
        <caption className={styles.caption}>What each plan includes</caption>
        <thead>
          <tr>
            <th scope="col" className={mergeClasses(styles.th, styles.thStart)}>
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
