import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import { addressLabelLines, NO_SHIPPING_ADDRESS, type ShippingAddress } from '@tradepost/shared/schemas/address.ts';

const useStyles = makeStyles({
  address: {
    ...typographyStyles.body1,
    fontStyle: 'normal',
    margin: 0,
    display: 'flex',
    flexDirection: 'column',
    overflowWrap: 'anywhere',
  },
  name: { ...typographyStyles.body1Strong },
  phone: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3, marginTop: '2px' },
  none: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground3 },
});

type ShippingAddressBlockProps = {
  address: ShippingAddress | null;
  /** The customer's name, for an address that names nobody. */
  fallbackName?: string | null | undefined;
};

/** Where the parcel goes, written as on its label; or that there is nothing to ship to. */
export function ShippingAddressBlock({ address, fallbackName }: ShippingAddressBlockProps) {
  const styles = useStyles();
  if (address === null) return <p className={styles.none}>{NO_SHIPPING_ADDRESS}</p>;
  const [first, ...rest] = addressLabelLines(address, fallbackName);
  return (
    <address className={styles.address} aria-label="Shipping address">
      {first === undefined ? null : <span className={styles.name}>{first}</span>}
      {rest.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: label lines are positional and may repeat
        <span key={index}>{line}</span>
      ))}
      {address.phone === null ? null : <span className={styles.phone}>Phone {address.phone}</span>}
    </address>
  );
}
