import { Button, Field, Input, makeStyles, Spinner, tokens, typographyStyles } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { loginErrorMessage } from '@tradepost/shared/domain/password-messages.ts';
import { displayName } from '@tradepost/shared/domain/session.ts';
import { mobileLoginExchangeBodySchema } from '@tradepost/shared/schemas/auth.ts';
import { useAtomValue, useSetAtom } from 'jotai';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '../../../app/api.ts';
import { useMobileLoginExchange } from '../../../features/account/use-mobile-login.ts';
import { FormErrorAlert } from '../../../features/forms/form-error-alert.tsx';
import { AuthLayout } from '../../../features/public-site/auth-layout.tsx';
import { useAuthFormStyles } from '../../../features/public-site/use-auth-form-styles.ts';
import { sessionAtom } from '../../../features/session/session-atom.ts';
import { signedInAtom } from '../../../features/session/signed-in-atom.ts';
import { useCurrentUser } from '../../../features/session/use-current-user.ts';

const MOBILE_HOME = '/mobile';

const useStyles = makeStyles({
  steps: {
    margin: 0,
    paddingLeft: '20px',
    display: 'flex',
    flexDirection: 'column',
    gap: '8px',
    ...typographyStyles.body1,
    lineHeight: 1.5,
    color: tokens.colorNeutralForeground2,
  },
  strong: { color: tokens.colorNeutralForeground1, fontWeight: tokens.fontWeightSemibold },
  code: {
    width: '100%',
    '& input': {
      fontFamily: tokens.fontFamilyMonospace,
      fontSize: '1.375rem',
      letterSpacing: '0.2em',
      textTransform: 'uppercase',
      textAlign: 'center',
    },
  },
  busy: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '12px', padding: '32px 0' },
  actions: { display: 'flex', flexDirection: 'column', gap: '10px' },
  muted: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2 },
});

/**
 * Public page /mobile-login: the phone side of "Sign in on your phone". With `?code=` from the
 * desktop's link it signs in at once; otherwise the code is typed by hand. A phone that is already
 * signed in is asked first, so a stale code cannot throw that session away by surprise.
 */
export function MobileLoginPage() {
  const styles = useStyles();
  const form = useAuthFormStyles();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const signedIn = useAtomValue(signedInAtom);
  const setSession = useSetAtom(sessionAtom);
  const me = useCurrentUser();
  const exchange = useMobileLoginExchange();
  const linkCode = searchParams.get('code')?.trim() ?? '';
  const [code, setCode] = useState(linkCode);
  const [missing, setMissing] = useState<string | undefined>(undefined);
  const [switching, setSwitching] = useState(false);
  const started = useRef(false);

  const signIn = (value: string) => {
    exchange.mutate(value, {
      onSuccess: () => navigate(MOBILE_HOME, { replace: true }),
      // The code is single-use: it should not stay in the address bar or the history.
      onError: () => setSearchParams({}, { replace: true }),
    });
  };

  // A code from the desktop's link signs a signed-out phone in straight away (once, even in StrictMode).
  // biome-ignore lint/correctness/useExhaustiveDependencies: signIn is recreated each render; the ref makes this run once per visit.
  useEffect(() => {
    if (started.current || signedIn || linkCode === '') return;
    started.current = true;
    signIn(linkCode);
  }, [signedIn, linkCode]);

  /** Ends this phone's current session (on the server too), so the code's account can take over. */
  const switchToCode = async () => {
    setSwitching(true);
    try {
      await api.post('/auth/logout');
    } catch {
      // Already revoked or offline: the token is forgotten here either way.
    }
    setSession(null);
    queryClient.clear();
    api.invalidate();
    setSwitching(false);
    if (linkCode !== '') {
      started.current = true;
      signIn(linkCode);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = mobileLoginExchangeBodySchema.safeParse({ code });
    if (!checked.success) {
      setMissing(checked.error.issues[0]?.message ?? 'Enter the code shown on the desktop');
      return;
    }
    setMissing(undefined);
    signIn(checked.data.code);
  };

  if (signedIn && !exchange.isPending && !exchange.isSuccess) {
    const name = me.data === undefined ? 'your account' : displayName(me.data);
    return (
      <AuthLayout>
        <div className={form.form}>
          <h1 className={form.title}>This phone is signed in</h1>
          <p className={styles.muted}>
            You are signed in as <span className={styles.strong}>{name}</span>
            {me.data === undefined ? '' : ` (${me.data.email})`}.
          </p>
          <div className={styles.actions}>
            <Button appearance="primary" size="large" onClick={() => navigate(MOBILE_HOME, { replace: true })}>
              Continue as {name}
            </Button>
            <Button
              appearance="secondary"
              size="large"
              disabledFocusable={switching}
              icon={switching ? <Spinner size="tiny" /> : undefined}
              onClick={() => void switchToCode()}
            >
              {linkCode === '' ? 'Sign out and use a code' : 'Sign out and use this code'}
            </Button>
          </div>
        </div>
      </AuthLayout>
    );
  }

  if (exchange.isPending || exchange.isSuccess) {
    return (
      <AuthLayout>
        <div className={styles.busy} role="status">
          <Spinner size="large" />
          <p className={styles.muted}>Signing this phone in…</p>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout>
      <form className={form.form} onSubmit={onSubmit} noValidate aria-labelledby="mobile-login-title">
        <h1 id="mobile-login-title" className={form.title}>
          Sign in on your phone
        </h1>
        <p className={form.subtitle}>Use a one-time code from Tradepost on your computer. No password needed on this phone.</p>

        <ol className={styles.steps}>
          <li>
            On your computer, open <span className={styles.strong}>Settings</span> and choose{' '}
            <span className={styles.strong}>Sign in on your phone</span>.
          </li>
          <li>Type the code it shows below, or open its link on this phone.</li>
        </ol>

        <FormErrorAlert message={exchange.isError ? loginErrorMessage(exchange.error) : undefined} />

        <Field className={form.field} label="Sign-in code" validationMessage={missing}>
          <Input
            className={styles.code}
            size="large"
            name="code"
            autoComplete="one-time-code"
            autoCapitalize="characters"
            autoCorrect="off"
            spellCheck={false}
            maxLength={64}
            value={code}
            onChange={(_, data) => setCode(data.value)}
          />
        </Field>

        <Button type="submit" appearance="primary" size="large" className={form.submit}>
          Sign in
        </Button>
      </form>
      <p className={form.footer}>The code works once and only for a few minutes. If it has run out, show a new one on your computer.</p>
    </AuthLayout>
  );
}
