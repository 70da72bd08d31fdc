import { Badge, Button, MessageBar, MessageBarBody, makeStyles, Spinner, tokens, typographyStyles } from '@fluentui/react-components';
import { ArrowLeftRegular, MoneyHandRegular, SaveRegular } from '@fluentui/react-icons';
import { toApiError } from '@tradepost/shared/client/api-error.ts';
import { type PayoutSettings, payoutMethodLabels } from '@tradepost/shared/schemas/payouts.ts';
import { purchaseOrderLabel } from '@tradepost/shared/schemas/purchasing.ts';
import { AppPage, PageSection } from '@tradepost/shared/ui/page-frame.tsx';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useParams } from 'react-router-dom';
import { fieldErrors } from '../../features/catalog/field-errors.ts';
import { PayoutChoiceFields } from '../../features/counter/payout-choice.tsx';
import {
  type PayoutChoiceValue,
  payoutChoiceBody,
  payoutChoiceErrors,
  payoutErrorsFrom,
} from '../../features/counter/payout-choice-model.ts';
import { payoutOptionsOf, usePurchasingSettings } from '../../features/counter/use-purchasing-settings.ts';
import { FormErrorAlert } from '../../features/forms/form-error-alert.tsx';
import { EmptyState } from '../../features/layout/empty-state.tsx';
import { LoadFailed } from '../../features/layout/load-failed.tsx';
import { ButtonLink } from '../../features/navigation/router-link.tsx';
import { usePayoutSettings, useUpdatePayout } from '../../features/purchasing/use-in-store-purchases.ts';
import { useBusinessScope } from '../../features/session/use-business-scope.ts';
import { payoutFacts, payoutFormValue } from './payout-settings-model.ts';

const useStyles = makeStyles({
  facts: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', gap: '12px 24px', margin: 0 },
  fact: { display: 'flex', flexDirection: 'column', gap: '2px', margin: 0, minWidth: 0 },
  label: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3, margin: 0 },
  value: { ...typographyStyles.body1Strong, margin: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' },
  form: { display: 'flex', flexDirection: 'column', gap: '16px', maxWidth: '720px' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'center' },
  muted: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground3, display: 'flex', gap: '8px', alignItems: 'center' },
});

function PendingPayoutForm({ payout, purchaseOrderId }: { payout: PayoutSettings; purchaseOrderId: string }) {
  const styles = useStyles();
  const scope = useBusinessScope();
  const currency = scope?.currency ?? 'USD';
  const settings = usePurchasingSettings(scope);
  const options = payoutOptionsOf(settings.data);
  const update = useUpdatePayout(scope, purchaseOrderId);
  const [value, setValue] = useState<PayoutChoiceValue>(() => payoutFormValue(payout));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | undefined>(undefined);
  const [saved, setSaved] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setGeneral(undefined);
    setSaved(null);
    const local = payoutChoiceErrors(value, options.payout_methods);
    if (Object.keys(local).length > 0) {
      setErrors(local);
      return;
    }
    setErrors({});
    update.mutate(payoutChoiceBody(value), {
      onSuccess: (answer) =>
        setSaved(
          answer.status === 'paid'
            ? `Paid now by ${payoutMethodLabels[answer.method].toLowerCase()}.`
            : `Saved: ${payoutMethodLabels[answer.method].toLowerCase()}, waiting on Check payouts.`,
        ),
      onError: (error) => {
        const found = fieldErrors(
          error,
          (path) => path === 'method' || path.startsWith('details'),
          'The payout could not be changed. Nothing was saved; try again.',
        );
        setErrors(payoutErrorsFrom(found.fields, ''));
        setGeneral(found.general);
      },
    });
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Change the payout">
      <PayoutChoiceFields
        label="Pay the seller by"
        value={value}
        onChange={(next) => {
          setValue(next);
          setErrors({});
          setSaved(null);
        }}
        offered={options.payout_methods}
        errors={errors}
        storeCreditBonusPercent={options.store_credit_bonus_percent}
        amountCents={payout.amount_cents}
        currency={currency}
      />
      <FormErrorAlert message={general} />
      {saved === null ? null : (
        <MessageBar intent="success">
          <MessageBarBody>{saved}</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.actions}>
        <Button
          type="submit"
          appearance="primary"
          icon={update.isPending ? <Spinner size="tiny" /> : <SaveRegular />}
          disabledFocusable={update.isPending}
        >
          Save payout
        </Button>
      </div>
    </form>
  );
}

/**
 * /purchase-orders/:purchaseOrderId/payout-settings: how the seller of an in-store purchase is paid.
 * While pending, the method and its details can change (cash or store credit settle it now); once
 * paid it is read-only with its reference and who paid. The account number shows in full only here.
 */
export function PayoutSettingsPage() {
  const styles = useStyles();
  const { purchaseOrderId = '' } = useParams();
  const scope = useBusinessScope();
  const currency = scope?.currency ?? 'USD';
  const payout = usePayoutSettings(scope, purchaseOrderId);
  const back = (
    <ButtonLink to={`/purchase-orders/${encodeURIComponent(purchaseOrderId)}`} appearance="subtle" icon={<ArrowLeftRegular />}>
      Back to the purchase
    </ButtonLink>
  );

  let content: ReactNode;
  let description: ReactNode = 'How the seller of this purchase is paid.';
  if (payout.isPending) {
    content = (
      <p className={styles.muted}>
        <Spinner size="tiny" aria-hidden="true" /> Loading the payout…
      </p>
    );
  } else if (payout.isError) {
    const apiError = toApiError(payout.error);
    content =
      apiError?.status === 404 ? (
        <EmptyState title={apiError.message || 'This purchase has no payout'} actions={back}>
          Only purchases bought at the counter are paid by a payout: a vendor order is paid outside Tradepost, and a trade whose items
          covered ours owed the customer nothing.
        </EmptyState>
      ) : (
        <LoadFailed subject="The payout" onRetry={() => void payout.refetch()} retrying={payout.isFetching} />
      );
  } else {
    const data = payout.data;
    description = (
      <>
        {purchaseOrderLabel(data.purchase_order_number)} · {data.payee_name} ·{' '}
        <Badge appearance="tint" color={data.status === 'paid' ? 'success' : 'warning'} shape="rounded">
          {data.status === 'paid' ? 'Paid' : 'Pending'}
        </Badge>
      </>
    );
    content = (
      <>
        <PageSection id="payout-facts" title="Payout" icon={<MoneyHandRegular />} aside={back}>
          <dl className={styles.facts}>
            {payoutFacts(data, currency).map((fact) => (
              <div key={fact.name} className={styles.fact}>
                <dt className={styles.label}>{fact.name}</dt>
                <dd className={styles.value}>{fact.value}</dd>
              </div>
            ))}
          </dl>
        </PageSection>
        {data.status === 'pending' ? (
          <PageSection
            id="payout-change"
            title="Change how they are paid"
            description="Until it is marked paid on Check payouts, the method and its details can change. Cash or store credit settles it now."
          >
            <PendingPayoutForm payout={data} purchaseOrderId={purchaseOrderId} />
          </PageSection>
        ) : (
          <p className={styles.muted}>This payout is paid, so it can no longer change.</p>
        )}
      </>
    );
  }

  return (
    <AppPage title="Payout Settings" description={description}>
      {content}
    </AppPage>
  );
}
