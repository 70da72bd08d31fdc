import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import { AppsListDetailRegular, BoxArrowLeftRegular, DocumentAddRegular } from '@fluentui/react-icons';
import { PageSection } from '@tradepost/shared/ui/page-frame.tsx';
import type { ReactNode } from 'react';
import { ButtonLink } from '../../features/navigation/router-link.tsx';

// The three quick actions that are not built yet say so, and what to do today instead: no fake forms.

const useStyles = makeStyles({
  text: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2, maxWidth: '680px' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: '8px' },
});

function Unbuilt({ id, title, icon, text, children }: { id: string; title: string; icon: ReactNode; text: string; children: ReactNode }) {
  const styles = useStyles();
  return (
    <PageSection id={`${id}-title`} title={title} icon={icon}>
      <p className={styles.text}>{text}</p>
      <div className={styles.actions}>{children}</div>
    </PageSection>
  );
}

export function InStorePurchaseSection({ icon }: { icon: ReactNode }) {
  return (
    <Unbuilt
      id="in-store-purchase"
      title="In-store purchase"
      icon={icon}
      text="Buying from a walk-in seller with price guidance, a payout and a receipt is not built yet. Until then, record stock bought from a walk-in seller as a purchase order, or take a single item in below with its cost."
    >
      <ButtonLink to="/purchase-orders/create" icon={<DocumentAddRegular />}>
        New purchase order
      </ButtonLink>
      <ButtonLink to="#single-product-intake" appearance="subtle" icon={<BoxArrowLeftRegular />}>
        Single-product intake
      </ButtonLink>
    </Unbuilt>
  );
}

export function TradeSection({ icon }: { icon: ReactNode }) {
  return (
    <Unbuilt
      id="trade"
      title="Trade"
      icon={icon}
      text="Trades — the customer’s items in, yours out, the difference paid either way — are not built yet. Until then, take their items in with single-product intake (source: walk-in seller) and take yours out of stock with an adjustment."
    >
      <ButtonLink to="#single-product-intake" icon={<BoxArrowLeftRegular />}>
        Single-product intake
      </ButtonLink>
      <ButtonLink to="/inventory/adjustments" appearance="subtle" icon={<AppsListDetailRegular />}>
        Adjustments
      </ButtonLink>
    </Unbuilt>
  );
}

export function CheckPayoutsSection({ icon }: { icon: ReactNode }) {
  return (
    <Unbuilt
      id="check-payouts"
      title="Check payouts"
      icon={icon}
      text="Payouts to sellers are not tracked yet, so none is pending here. Until then, pay sellers outside Tradepost and keep the payment with the purchase order it settles."
    >
      <ButtonLink to="/purchase-orders" icon={<AppsListDetailRegular />}>
        Purchase orders
      </ButtonLink>
    </Unbuilt>
  );
}
