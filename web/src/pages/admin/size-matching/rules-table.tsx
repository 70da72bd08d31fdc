import { Badge, Button, makeStyles, mergeClasses, tokens, typographyStyles } from '@fluentui/react-components';
import { DeleteRegular } from '@fluentui/react-icons';
import type { SizeRuleDto } from '@tradepost/shared/schemas/sizes.ts';

const useStyles = makeStyles({
  wrap: {
    minWidth: 0,
    overflowX: 'auto',
    borderRadius: tokens.borderRadiusLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  table: { width: '100%', borderCollapse: 'collapse', ...typographyStyles.body1 },
  th: {
    ...typographyStyles.caption1Strong,
    textAlign: 'start',
    padding: '8px 12px',
    color: tokens.colorNeutralForeground3,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    whiteSpace: 'nowrap',
  },
  td: { padding: '6px 12px', borderBottom: `1px solid ${tokens.colorNeutralStroke3}`, verticalAlign: 'middle' },
  raw: { fontFamily: tokens.fontFamilyMonospace, fontWeight: tokens.fontWeightSemibold },
  nowrap: { whiteSpace: 'nowrap' },
  muted: { color: tokens.colorNeutralForeground3 },
});

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

type RulesTableProps = { rules: readonly SizeRuleDto[]; deletingId: string | null; onDelete: (rule: SizeRuleDto) => void };

/** Every learned rule, newest first: what string, what size, for whom, by whom. */
export function RulesTable({ rules, deletingId, onDelete }: RulesTableProps) {
  const styles = useStyles();
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section className={styles.wrap} tabIndex={0} aria-label="Size rules">
      <table className={styles.table}>
        <thead>
          <tr>
            <th className={styles.th} scope="col">
              Size string
            </th>
            <th className={styles.th} scope="col">
              Reads as
            </th>
            <th className={styles.th} scope="col">
              Format
            </th>
            <th className={styles.th} scope="col">
              Applies to
            </th>
            <th className={styles.th} scope="col">
              Matched by
            </th>
            <th className={styles.th} scope="col">
              When
            </th>
            <th className={styles.th} scope="col">
              <span className={styles.muted}>Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rules.map((rule) => (
            <tr key={rule.id}>
              <td className={styles.td}>
                <span className={styles.raw}>{rule.pattern}</span>
              </td>
              <td className={mergeClasses(styles.td, styles.nowrap)}>{rule.label}</td>
              <td className={styles.td}>{rule.format_name}</td>
              <td className={styles.td}>
                {rule.business === null ? (
                  <Badge appearance="tint" color="success" size="small">
                    Every business
                  </Badge>
                ) : (
                  rule.business.name
                )}
              </td>
              <td className={styles.td}>{rule.created_by ?? <span className={styles.muted}>Deleted user</span>}</td>
              <td className={mergeClasses(styles.td, styles.nowrap)}>{when.format(new Date(rule.created_at))}</td>
              <td className={styles.td}>
                <Button
                  appearance="subtle"
                  size="small"
                  icon={<DeleteRegular />}
                  disabled={deletingId === rule.id}
                  aria-label={`Delete the rule for ${rule.pattern}`}
                  onClick={() => onDelete(rule)}
                >
                  Delete
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
