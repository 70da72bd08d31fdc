import { Button, Field, Input, MessageBar, MessageBarBody, makeStyles, Switch, Text, tokens } from '@fluentui/react-components';
import { type FormEvent, useEffect, useState } from 'react';
import type { MarketplaceSite } from '../lib/readers/captured-listing.ts';
import { defaultServerAddress, normalizeServerAddress } from '../lib/server-address.ts';
import { siteLabels } from '../lib/sites.ts';
import { panelVisibilityItem, serverAddressItem } from '../lib/storage.ts';
import { TradepostMark } from './icons.tsx';
import { useSession } from './use-session.ts';
import { useStoredValue } from './use-stored-value.ts';

const useStyles = makeStyles({
  page: {
    maxWidth: '560px',
    margin: '0 auto',
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalL}`,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXL,
    boxSizing: 'border-box',
  },
  title: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, margin: 0, fontSize: tokens.fontSizeBase500 },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  heading: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  muted: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex' },
  switches: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
});

const sites: MarketplaceSite[] = ['ebay', 'shopify', 'whatnot'];
const siteWhere: Record<MarketplaceSite, string> = {
  ebay: 'item pages and Seller Hub listing pages',
  shopify: 'product pages',
  whatnot: 'show and listing pages',
};

/** Options: which Tradepost server to use, and on which marketplaces the panel appears. */
export function OptionsPage() {
  const styles = useStyles();
  return (
    <main className={styles.page}>
      <h1 className={styles.title}>
        <TradepostMark /> Tradepost options
      </h1>
      <ServerAddressForm />
      <PanelVisibility />
    </main>
  );
}

function ServerAddressForm() {
  const styles = useStyles();
  const [stored, , loaded] = useStoredValue(serverAddressItem);
  const session = useSession();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (loaded) setText(stored);
  }, [loaded, stored]);

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = normalizeServerAddress(text);
    if (address === null) {
      setError(`Enter the server address, for example ${defaultServerAddress}`);
      setSaved(false);
      return;
    }
    setError(null);
    await serverAddressItem.setValue(address);
    setText(address);
    setSaved(true);
  };

  const signedInElsewhere = session.data?.status === 'signed-in' && session.data.server !== stored;
  return (
    <form className={styles.section} onSubmit={save} aria-labelledby="tp-server-heading" noValidate>
      <h2 className={styles.heading} id="tp-server-heading">
        Server
      </h2>
      <Text size={200} className={styles.muted}>
        The Tradepost server you sign in to. Sign-in from the toolbar button uses this address.
      </Text>
      <Field label="Server address" validationMessage={error ?? undefined} validationState={error ? 'error' : 'none'}>
        <Input
          type="url"
          value={text}
          onChange={(_, data) => {
            setText(data.value);
            setSaved(false);
          }}
        />
      </Field>
      <div className={styles.actions}>
        <Button type="submit" appearance="primary">
          Save
        </Button>
      </div>
      {saved && (
        <MessageBar intent="success" role="status">
          <MessageBarBody>Saved. New sign-ins go to {stored}.</MessageBarBody>
        </MessageBar>
      )}
      {signedInElsewhere && session.data?.status === 'signed-in' && (
        <MessageBar intent="warning">
          <MessageBarBody>
            You are signed in to {session.data.server}. Sign out and sign in again to use {stored}.
          </MessageBarBody>
        </MessageBar>
      )}
    </form>
  );
}

function PanelVisibility() {
  const styles = useStyles();
  const [visibility, setVisibility] = useStoredValue(panelVisibilityItem);
  return (
    <section className={styles.section} aria-labelledby="tp-panels-heading">
      <h2 className={styles.heading} id="tp-panels-heading">
        Panels on marketplace pages
      </h2>
      <Text size={200} className={styles.muted}>
        The panel shows your stock, cost and prices beside a listing. Open pages follow these switches at once.
      </Text>
      <div className={styles.switches}>
        {sites.map((site) => (
          <Switch
            key={site}
            checked={visibility[site]}
            onChange={(_, data) => setVisibility({ ...visibility, [site]: data.checked })}
            label={`${siteLabels[site]}: ${siteWhere[site]}`}
          />
        ))}
      </div>
    </section>
  );
}
