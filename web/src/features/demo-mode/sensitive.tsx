import { makeStyles, tokens } from '@fluentui/react-components';
import { maskValue, type SensitiveKind } from './mask-value.ts';
import { useDemoMode } from './use-demo-mode.ts';

const useStyles = makeStyles({
  masked: { letterSpacing: '0.04em', color: tokens.colorNeutralForeground2, whiteSpace: 'nowrap' },
  // Read by screen readers instead of a row of bullets.
  hiddenLabel: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    margin: '-1px',
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
  },
});

type SensitiveProps = {
  kind: SensitiveKind;
  /** The value as it would be shown (already formatted, e.g. '$1,234.56'). */
  children: string | number;
};

/**
 * Spec §1: a value demo mode obfuscates (money, a customer name, contact details). Wrap the shown
 * text: `<Sensitive kind="money">{formatMoney(total)}</Sensitive>`.
 */
export function Sensitive({ kind, children }: SensitiveProps) {
  const styles = useStyles();
  const demo = useDemoMode();
  if (!demo) return <>{children}</>;
  return (
    <span data-sensitive={kind} title="Hidden in demo mode">
      <span className={styles.masked} aria-hidden="true">
        {maskValue(kind, children)}
      </span>
      <span className={styles.hiddenLabel}>hidden</span>
    </span>
  );
}
