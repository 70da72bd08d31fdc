import { Button, Field, Input, MessageBar, MessageBarBody, makeStyles, Persona, Spinner, Text, tokens } from '@fluentui/react-components';
import { displayName } from '@tradepost/shared/domain/session.ts';
import { type FormEvent, useState } from 'react';
import type { SessionState } from '../lib/messages.ts';
import { useSession, useSignIn, useSignOut } from './use-session.ts';

const useStyles = makeStyles({
  panel: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalL,
    boxSizing: 'border-box',
  },
  header: {
    display: 'flex',
    alignItems: 'baseline',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
  },
  brand: {
    fontSize: tokens.fontSizeBase500,
    lineHeight: tokens.lineHeightBase500,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorBrandForeground1,
  },
  form: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
  actions: {
    display: 'flex',
    justifyContent: 'flex-end',
  },
  server: {
    color: tokens.colorNeutralForeground3,
    wordBreak: 'break-all',
  },
});

/**
 * Sign-in form, or who is signed in with a way out. The popup and the side panel both show
 * this one component.
 */
export function SignInPanel() {
  const styles = useStyles();
  const session = useSession();
  return (
    <main className={styles.panel}>
      <header className={styles.header}>
        <span className={styles.brand}>Tradepost</span>
      </header>
      {session.isPending ? (
        <Spinner size="small" label="Checking your session" />
      ) : session.isError ? (
        <MessageBar intent="error">
          <MessageBarBody>{session.error.message}</MessageBarBody>
        </MessageBar>
      ) : session.data.status === 'signed-in' ? (
        <SignedIn session={session.data} />
      ) : (
        <SignInForm initialServer={session.data.server} />
      )}
    </main>
  );
}

function SignInForm({ initialServer }: { initialServer: string }) {
  const styles = useStyles();
  const signIn = useSignIn();
  const [server, setServer] = useState(initialServer);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    signIn.mutate({ server, email, password });
  };

  return (
    <form className={styles.form} onSubmit={submit} aria-label="Sign in to Tradepost">
      {signIn.isError && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{signIn.error.message}</MessageBarBody>
        </MessageBar>
      )}
      <Field label="Server address" required>
        <Input type="url" value={server} onChange={(_, data) => setServer(data.value)} autoComplete="url" />
      </Field>
      <Field label="Email" required>
        <Input type="email" value={email} onChange={(_, data) => setEmail(data.value)} autoComplete="username" />
      </Field>
      <Field label="Password" required>
        <Input type="password" value={password} onChange={(_, data) => setPassword(data.value)} autoComplete="current-password" />
      </Field>
      <div className={styles.actions}>
        <Button
          type="submit"
          appearance="primary"
          disabledFocusable={signIn.isPending}
          icon={signIn.isPending ? <Spinner size="tiny" /> : undefined}
        >
          Sign in
        </Button>
      </div>
    </form>
  );
}

function SignedIn({ session }: { session: Extract<SessionState, { status: 'signed-in' }> }) {
  const styles = useStyles();
  const signOut = useSignOut();
  const { user } = session;
  return (
    <section className={styles.form} aria-label="Signed in">
      <Persona
        size="large"
        name={displayName(user)}
        secondaryText={user.business.business_name}
        tertiaryText={user.email}
        avatar={{ color: 'colorful' }}
      />
      <Text size={200} className={styles.server}>
        Connected to {session.server}
      </Text>
      {signOut.isError && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{signOut.error.message}</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.actions}>
        <Button appearance="secondary" onClick={() => signOut.mutate()} disabledFocusable={signOut.isPending}>
          Sign out
        </Button>
      </div>
    </section>
  );
}
