import { makeStyles, mergeClasses, tokens, typographyStyles } from '@fluentui/react-components';
import { CheckmarkCircle24Filled, ErrorCircle24Filled } from '@fluentui/react-icons';
import type { ScanFeedback } from './use-scan-feedback.ts';

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    alignItems: 'center',
    gap: '10px',
    padding: '10px 14px',
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid transparent`,
    ...typographyStyles.body1Strong,
    transitionProperty: 'background-color, border-color',
    transitionDuration: tokens.durationNormal,
  },
  success: {
    color: tokens.colorPaletteGreenForeground1,
    backgroundColor: tokens.colorPaletteGreenBackground1,
    border: `1px solid ${tokens.colorPaletteGreenBorder1}`,
  },
  // The flash darkens the background, so the text turns neutral to keep its contrast.
  successFlash: {
    color: tokens.colorNeutralForeground1,
    backgroundColor: tokens.colorPaletteGreenBackground2,
    border: `1px solid ${tokens.colorPaletteGreenBorder2}`,
  },
  error: {
    color: tokens.colorPaletteRedForeground1,
    backgroundColor: tokens.colorPaletteRedBackground1,
    border: `1px solid ${tokens.colorPaletteRedBorder1}`,
  },
  errorFlash: {
    color: tokens.colorNeutralForeground1,
    backgroundColor: tokens.colorPaletteRedBackground2,
    border: `1px solid ${tokens.colorPaletteRedBorder2}`,
  },
  icon: { flexShrink: 0 },
});

/** The last scan's outcome in colour; announced to screen readers (errors assertively). */
export function ScanFeedbackBar({
  feedback,
  flashing,
  className,
}: {
  feedback: ScanFeedback | null;
  flashing: boolean;
  className?: string;
}) {
  const styles = useStyles();
  if (feedback === null) return null;
  const isError = feedback.tone === 'error';
  return (
    <div
      key={feedback.key}
      role={isError ? 'alert' : 'status'}
      data-scan-tone={feedback.tone}
      className={mergeClasses(
        styles.bar,
        isError ? styles.error : styles.success,
        flashing && (isError ? styles.errorFlash : styles.successFlash),
        className,
      )}
    >
      {isError ? <ErrorCircle24Filled className={styles.icon} /> : <CheckmarkCircle24Filled className={styles.icon} />}
      <span>{feedback.message}</span>
    </div>
  );
}
