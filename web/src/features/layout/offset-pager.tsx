import { Button, makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';

const useStyles = makeStyles({
  pager: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '12px', flexWrap: 'wrap' },
  text: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground3 },
});

export type OffsetPagerProps = {
  offset: number;
  /** Rows on this page. */
  shown: number;
  total: number;
  pageSize: number;
  /** Said after the count: "of 1,204 products". */
  noun?: string;
  /** A refetch is under way: the figures may change in a moment. */
  updating: boolean;
  /** The buttons' words where the list has an order of its own (sales: Newer / Older). */
  labels?: { previous: string; next: string };
  onOffset: (offset: number) => void;
};

/** "1–50 of 1,204" with Previous and Next, for lists paged by offset. */
export function OffsetPager({ offset, shown, total, pageSize, noun, updating, labels, onOffset }: OffsetPagerProps) {
  const styles = useStyles();
  return (
    <div className={styles.pager}>
      <p className={styles.text} aria-live="polite">
        {offset + 1}–{offset + shown} of {total.toLocaleString()}
        {noun ? ` ${noun}` : ''}
        {updating ? ' · updating…' : ''}
      </p>
      <div>
        <Button
          appearance="subtle"
          icon={<ChevronLeftRegular />}
          disabled={offset === 0}
          onClick={() => onOffset(Math.max(0, offset - pageSize))}
        >
          {labels?.previous ?? 'Previous'}
        </Button>
        <Button
          appearance="subtle"
          icon={<ChevronRightRegular />}
          iconPosition="after"
          disabled={offset + shown >= total}
          onClick={() => onOffset(offset + pageSize)}
        >
          {labels?.next ?? 'Next'}
        </Button>
      </div>
    </div>
  );
}
