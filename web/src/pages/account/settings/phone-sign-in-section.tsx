import { Button, Link, MessageBar, MessageBarBody, makeStyles, Spinner, tokens, typographyStyles } from '@fluentui/react-components';
import { CopyRegular, PhoneRegular } from '@fluentui/react-icons';
import type { MobileLoginCode } from '@tradepost/shared/schemas/auth.ts';
import { PageSection } from '@tradepost/shared/ui/page-frame.tsx';
import { useEffect, useState } from 'react';
import { useCreateMobileLoginCode } from '../../../features/account/use-mobile-login.ts';
import { useAppToast } from '../../../features/notifications/use-app-toast.tsx';

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: '16px', alignItems: 'flex-start' },
  steps: {
    margin: 0,
    paddingLeft: '20px',
    display: 'flex',
    flexDirection: 'column',
    gap: '6px',
    ...typographyStyles.body1,
    color: tokens.colorNeutralForeground2,
  },
  codeCard: {
    alignSelf: 'stretch',
    display: 'flex',
    flexDirection: 'column',
    gap: '14px',
    padding: '20px',
    borderRadius: tokens.borderRadiusLarge,
    border: `1px dashed ${tokens.colorBrandStroke2}`,
    backgroundColor: tokens.colorBrandBackground2,
    '@media (max-width: 600px)': { padding: '16px' },
  },
  codeLabel: { ...typographyStyles.caption1Strong, margin: 0, color: tokens.colorNeutralForeground2 },
  code: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: '4px 18px',
    margin: 0,
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: 'clamp(2rem, 4vw + 1rem, 3rem)',
    fontWeight: tokens.fontWeightSemibold,
    letterSpacing: '0.18em',
    lineHeight: 1.1,
    color: tokens.colorNeutralForeground1,
  },
  expiry: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2, fontVariantNumeric: 'tabular-nums' },
  linkRow: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '8px 12px', minWidth: 0 },
  link: { ...typographyStyles.body1, fontFamily: tokens.fontFamilyMonospace, overflowWrap: 'anywhere', minWidth: 0 },
  note: { ...typographyStyles.caption1, margin: 0, color: tokens.colorNeutralForeground3 },
});

/** Seconds until the code runs out, ticking once a second while one is shown. */
function useSecondsLeft(expiresAt: string | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (expiresAt === undefined) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [expiresAt]);
  if (expiresAt === undefined) return 0;
  const end = Date.parse(expiresAt);
  return Number.isFinite(end) ? Math.max(0, Math.ceil((end - now) / 1000)) : 0;
}

const formatSeconds = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** "ABCD2345" reads as "ABCD 2345"; the phone accepts it with or without the space. */
const codeGroups = (code: string) => code.match(/.{1,4}/g) ?? [code];

function ShownCode({ login, onNew, creating }: { login: MobileLoginCode; onNew: () => void; creating: boolean }) {
  const styles = useStyles();
  const toast = useAppToast();
  const secondsLeft = useSecondsLeft(login.expires_at);
  const url = `${window.location.origin}${login.path}`;
  const expired = secondsLeft === 0;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ intent: 'success', title: 'Link copied' });
    } catch {
      toast({ intent: 'error', title: 'Copy failed', body: 'Select the link and copy it by hand.' });
    }
  };

  if (expired) {
    return (
      <div className={styles.codeCard}>
        <p className={styles.expiry} role="status">
          This code has expired. Show a new one when your phone is ready.
        </p>
        <div>
          <Button appearance="primary" onClick={onNew} disabledFocusable={creating} icon={creating ? <Spinner size="tiny" /> : undefined}>
            Show a new code
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className={styles.codeCard}>
      <p className={styles.codeLabel}>Your one-time code</p>
      <p className={styles.code}>
        {codeGroups(login.code).map((group, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: groups of one code can repeat; their position is their identity.
          <span key={index}>{group}</span>
        ))}
      </p>
      <p className={styles.expiry}>
        Works once. Expires in <strong>{formatSeconds(secondsLeft)}</strong>.
      </p>
      <div className={styles.linkRow}>
        <Link className={styles.link} href={url} target="_blank" rel="noreferrer">
          {url}
        </Link>
        <Button size="small" icon={<CopyRegular />} onClick={() => void copy()}>
          Copy link
        </Button>
      </div>
    </div>
  );
}

/**
 * "Sign in on your phone": a short-lived one-time code from POST /auth/mobile-login, shown large with
 * the link the phone can open. There is no QR code here yet; it arrives with the mobile app area.
 */
export function PhoneSignInSection() {
  const styles = useStyles();
  const toast = useAppToast();
  const create = useCreateMobileLoginCode();

  const showCode = () =>
    create.mutate(undefined, {
      onError: () => toast({ intent: 'error', title: 'Update failed', body: 'No sign-in code could be made. Please try again.' }),
    });

  return (
    <PageSection
      id="phone-title"
      title="Sign in on your phone"
      description="Sign a phone in to this account without typing your password on it."
      icon={<PhoneRegular />}
    >
      <div className={styles.body}>
        <ol className={styles.steps}>
          <li>Choose “Show a sign-in code” below.</li>
          <li>On your phone, open the link, or go to {window.location.host}/mobile-login and type the code.</li>
        </ol>
        {create.data === undefined ? (
          <Button
            appearance="primary"
            icon={create.isPending ? <Spinner size="tiny" /> : <PhoneRegular />}
            disabledFocusable={create.isPending}
            onClick={showCode}
          >
            Show a sign-in code
          </Button>
        ) : (
          <ShownCode login={create.data} onNew={showCode} creating={create.isPending} />
        )}
        {create.isError && create.data === undefined ? (
          <MessageBar intent="error">
            <MessageBarBody>No sign-in code could be made. Check your connection and try again.</MessageBarBody>
          </MessageBar>
        ) : null}
        <p className={styles.note}>
          Anyone with the code can sign in as you until it expires, so only show it to your own phone. Scanning a QR code instead will be
          offered with the mobile app area; until then, use the code or the link.
        </p>
      </div>
    </PageSection>
  );
}
