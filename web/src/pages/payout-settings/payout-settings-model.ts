import { type PayoutSettings, payoutMethodLabels } from '@tradepost/shared/schemas/payouts.ts';
import { formatWhen } from '@tradepost/shared/ui/date-time.ts';
import { formatMoney } from '@tradepost/shared/ui/money.ts';
import { type PayoutChoiceValue, payoutChoice } from '../../features/counter/payout-choice-model.ts';

/** The payout's details as the form edits them (the account number in full: this page is the one place it shows). */
export function payoutFormValue(payout: PayoutSettings): PayoutChoiceValue {
  const { details } = payout;
  return payoutChoice(payout.method, {
    account_holder: details.account_holder ?? '',
    account_number: details.account_number ?? '',
    routing_number: details.routing_number ?? '',
    payable_to: details.payable_to ?? '',
    mailing_address: details.mailing_address ?? '',
  });
}

/** The facts of a payout, paid or pending, in the order a person checks them. */
export function payoutFacts(payout: PayoutSettings, currency: string): { name: string; value: string }[] {
  const facts = [
    { name: 'Payee', value: payout.payee_name },
    { name: 'Amount', value: formatMoney(payout.amount_cents, currency) },
    { name: 'Method', value: payoutMethodLabels[payout.method] },
    { name: 'Status', value: payout.status === 'paid' ? 'Paid' : 'Pending' },
  ];
  if (payout.credit_cents !== null) facts.push({ name: 'Store credit booked', value: formatMoney(payout.credit_cents, currency) });
  const d = payout.details;
  if (d.account_holder !== null) facts.push({ name: 'Account holder', value: d.account_holder });
  if (d.account_number !== null) facts.push({ name: 'Account number', value: d.account_number });
  if (d.routing_number !== null) facts.push({ name: 'Routing number', value: d.routing_number });
  if (d.payable_to !== null) facts.push({ name: 'Payable to', value: d.payable_to });
  if (d.mailing_address !== null) facts.push({ name: 'Mailing address', value: d.mailing_address });
  if (payout.status === 'paid') {
    facts.push({ name: 'Reference', value: payout.reference ?? '—' });
    facts.push({ name: 'Paid', value: payout.paid_at === null ? '—' : formatWhen(payout.paid_at) });
    facts.push({ name: 'Paid by', value: payout.paid_by_name ?? '—' });
  }
  return facts;
}
