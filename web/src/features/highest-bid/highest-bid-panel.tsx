import { Button, Field, Input, makeStyles, Spinner, tokens, typographyStyles } from '@fluentui/react-components';
import { AddRegular, ArrowDownloadRegular, SaveRegular, SearchRegular, TagRegular } from '@fluentui/react-icons';
import { MAX_TARGET_MARGIN_PERCENT, RECENT_SALES_AVERAGED } from '@tradepost/shared/schemas/highest-bid.ts';
import { useDebouncedValue } from '@tradepost/shared/ui/use-debounced-value.ts';
import { type JSX, useState } from 'react';
import { apiFormErrors } from '../account/api-form-errors.ts';
import { EmptyState } from '../layout/empty-state.tsx';
import { LoadFailed } from '../layout/load-failed.tsx';
import { OffsetPager } from '../layout/offset-pager.tsx';
import { ButtonLink } from '../navigation/router-link.tsx';
import { useBusinessScope } from '../session/use-business-scope.ts';
import { useCan } from '../session/use-can.ts';
import { HighestBidTable } from './highest-bid-table.tsx';
import { downloadHighestBidCsv, useHighestBid, usePurchasingSettings, useSaveTargetMargin } from './use-highest-bid.ts';

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', gap: '16px', minWidth: 0 },
  intro: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2, maxWidth: '720px' },
  toolbar: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: '8px 16px' },
  search: { flexGrow: 1, maxWidth: '420px', minWidth: '200px' },
  margin: { width: '140px' },
  // Fluent's Input has a minimum width of its own, wider than this field: without this it runs under the button.
  marginInput: { width: '100%', minWidth: 0 },
  // Level with the inputs: below the fields' labels, whatever hints the fields show under them.
  marginActions: { display: 'flex', alignItems: 'flex-start', gap: '8px', paddingTop: '22px' },
  grow: { flexGrow: 1 },
  muted: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground3, display: 'flex', gap: '8px', alignItems: 'center' },
  footnote: { ...typographyStyles.caption1, margin: 0, color: tokens.colorNeutralForeground3, maxWidth: '820px' },
});

const PAGE = 50;

/** What the margin field holds: a whole percent 0–90, empty (the saved target), or something else. */
function readMargin(text: string): number | undefined | 'invalid' {
  const trimmed = text.trim().replace(/%$/, '').trim();
  if (trimmed === '') return undefined;
  if (!/^\d{1,3}$/.test(trimmed)) return 'invalid';
  const percent = Number(trimmed);
  return percent > MAX_TARGET_MARGIN_PERCENT ? 'invalid' : percent;
}

/**
 * The highest-bid report (quick actions `#highest-bid`): what to pay a seller per size so the resale
 * keeps the target margin, from our recent sales and prices. It reads the business scope and the
 * role itself; a role without purchasing gets a line, not a call (a 403 would end the session).
 */
export function HighestBidPanel(): JSX.Element {
  const styles = useStyles();
  const scope = useBusinessScope();
  const can = useCan();
  const canRead = can('purchasing:read');
  const canWrite = can('purchasing:write');
  const currency = scope?.currency ?? 'USD';

  const [text, setText] = useState('');
  const q = useDebouncedValue(text, 200).trim();
  const [offset, setOffset] = useState(0);
  /** What the user typed in the margin field; null while it shows the saved target. */
  const [marginText, setMarginText] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | undefined>(undefined);

  const settings = usePurchasingSettings(scope, canRead);
  const saveTarget = useSaveTargetMargin(scope);
  const target = settings.data?.target_margin_percent;
  const typed = marginText === null ? undefined : readMargin(marginText);
  const debouncedMargin = useDebouncedValue(typed, 300);
  const margin = typeof debouncedMargin === 'number' ? debouncedMargin : undefined;
  const report = useHighestBid(scope, { q: q === '' ? undefined : q, margin, offset, limit: PAGE }, canRead);

  if (!canRead) {
    return <p className={styles.muted}>Your role does not include purchasing, so bids are not shown here.</p>;
  }

  const items = report.data?.items ?? [];
  const total = report.data?.total ?? 0;
  const shownMargin = report.data?.margin_percent ?? target;
  const marginMessage = typed === 'invalid' ? `Enter a whole percent from 0 to ${MAX_TARGET_MARGIN_PERCENT}` : saveError;
  const canSave = canWrite && typeof typed === 'number' && typed !== target;

  const save = () => {
    if (typeof typed !== 'number') return;
    setSaveError(undefined);
    saveTarget.mutate(typed, {
      onSuccess: () => setMarginText(null),
      onError: (error) => {
        const result = apiFormErrors(error, ['target_margin_percent'] as const, 'The target margin could not be saved.');
        setSaveError(result.fields.target_margin_percent ?? result.general);
      },
    });
  };

  return (
    <div className={styles.panel}>
      <p className={styles.intro}>
        What to pay a seller for each size so that reselling it keeps your margin: the price you can expect (the average of the size’s last{' '}
        {RECENT_SALES_AVERAGED} sales, else your price) less the margin, rounded down to the dollar.
      </p>
      <div className={styles.toolbar}>
        <Field className={styles.search} label="Search products" hint="Title, style code or SKU">
          <Input
            type="search"
            value={text}
            contentBefore={<SearchRegular aria-hidden="true" />}
            onChange={(_, d) => {
              setText(d.value);
              setOffset(0);
            }}
          />
        </Field>
        <Field
          className={styles.margin}
          label="Margin"
          hint={target === undefined ? undefined : `Target: ${target}%`}
          validationMessage={marginMessage}
        >
          <Input
            className={styles.marginInput}
            inputMode="numeric"
            value={marginText ?? (target === undefined ? '' : String(target))}
            contentAfter="%"
            onChange={(_, d) => {
              setMarginText(d.value);
              setSaveError(undefined);
              setOffset(0);
            }}
          />
        </Field>
        <div className={styles.marginActions}>
          {canWrite ? (
            <Button
              icon={saveTarget.isPending ? <Spinner size="tiny" /> : <SaveRegular />}
              disabledFocusable={!canSave || saveTarget.isPending}
              onClick={save}
            >
              Save as target
            </Button>
          ) : null}
        </div>
        <span className={styles.grow} />
        <div className={styles.marginActions}>
          <CsvButton query={{ q: q === '' ? undefined : q, margin }} />
        </div>
      </div>
      {report.isPending ? (
        <p className={styles.muted}>
          <Spinner size="tiny" aria-hidden="true" /> Working out the bids…
        </p>
      ) : report.isError ? (
        <LoadFailed subject="The highest-bid report" onRetry={() => void report.refetch()} retrying={report.isFetching} />
      ) : items.length === 0 && q === '' ? (
        <EmptyState
          title="No products to price yet"
          icon={<TagRegular />}
          actions={
            <ButtonLink appearance="primary" icon={<AddRegular />} to="/add-product">
              Add a product
            </ButtonLink>
          }
        >
          Bids come from your active products: add them with their sizes and prices, or import your catalog. Each sale you record then
          sharpens the bid for its size.
        </EmptyState>
      ) : items.length === 0 ? (
        <p className={styles.muted}>No active product matches “{q}”. Check the spelling, or search by style code or SKU.</p>
      ) : (
        <>
          <HighestBidTable rows={items} currency={currency} />
          <OffsetPager
            offset={offset}
            shown={items.length}
            total={total}
            pageSize={PAGE}
            noun="sizes"
            updating={report.isFetching}
            onOffset={setOffset}
          />
        </>
      )}
      <p className={styles.footnote}>
        Bids keep a margin of {shownMargin === undefined ? '…' : `${shownMargin}%`}. Market prices are not included yet: no market data
        source is connected, so bids rest on your own sales and prices only.
      </p>
    </div>
  );
}

/** Downloads every row of the filter as CSV, at the margin on screen. */
function CsvButton({ query }: { query: { q: string | undefined; margin: number | undefined } }) {
  const scope = useBusinessScope();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      icon={busy ? <Spinner size="tiny" /> : <ArrowDownloadRegular />}
      disabledFocusable={busy || scope === undefined}
      onClick={() => {
        if (scope === undefined) return;
        setBusy(true);
        void downloadHighestBidCsv(scope, query).finally(() => setBusy(false));
      }}
    >
      Download CSV
    </Button>
  );
}
