import { createApiClient } from '@tradepost/shared/client/api-client.ts';
import type { ApiClient, ApiClientOptions } from '@tradepost/shared/client/types.ts';
import { loginErrorMessage } from '@tradepost/shared/domain/password-messages.ts';
import { loginBodySchema, loginResponseSchema, userSchema } from '@tradepost/shared/schemas/auth.ts';
import { ExtensionError, type MessageOf, type SessionState } from './messages.ts';
import { normalizeServerAddress } from './server-address.ts';
import { isSessionExpired, type StoredSession, serverAddressItem, sessionItem } from './storage.ts';

const loginPath = '/auth/login/json';

export type AuthServiceOptions = Pick<ApiClientOptions, 'fetch' | 'logger'> & { now?: () => number };

export type AuthService = {
  getSession(): Promise<SessionState>;
  signIn(credentials: Omit<MessageOf<'sign-in'>, 'type'>): Promise<SessionState>;
  signOut(): Promise<SessionState>;
  /** The session's API client for the worker's own calls; signed out, it throws an ExtensionError coded `signed-out`. */
  signedInClient(): Promise<SignedInClient>;
};

export type SignedInClient = { client: ApiClient; session: StoredSession };

/**
 * The background worker's session logic: the only code that sees the token. One API client
 * per server address; any 401/403 on the signed-in server ends the session (the web app's rule).
 */
export function createAuthService(options: AuthServiceOptions = {}): AuthService {
  const now = options.now ?? Date.now;
  let current: { server: string; client: ApiClient } | null = null;

  function clientFor(server: string): ApiClient {
    if (current?.server === server) return current.client;
    current?.client.dispose();
    const client = createApiClient({
      baseUrl: server,
      getToken: async () => {
        const session = await sessionItem.getValue();
        return session !== null && session.server === server ? session.token : null;
      },
      fetch: options.fetch,
      logger: options.logger,
    });
    // The client reports only calls that carried a token, so a wrong password never lands here.
    client.onAuthError(() => void clearSessionFor(server));
    current = { server, client };
    return client;
  }

  async function clearSessionFor(server: string): Promise<void> {
    const session = await sessionItem.getValue();
    if (session !== null && session.server === server) await sessionItem.removeValue();
  }

  async function signedOut(): Promise<SessionState> {
    return { status: 'signed-out', server: await serverAddressItem.getValue() };
  }

  function signedIn(session: StoredSession): SessionState {
    return { status: 'signed-in', server: session.server, user: session.user, expires_at: session.expires_at };
  }

  async function currentSession(): Promise<StoredSession | null> {
    const session = await sessionItem.getValue();
    if (session === null) return null;
    if (isSessionExpired(session, now())) {
      await sessionItem.removeValue();
      return null;
    }
    return session;
  }

  /** Picks up name or business changes, and learns of a revoked token (401 clears it). */
  async function refreshUser(session: StoredSession): Promise<void> {
    try {
      const user = await clientFor(session.server).get('/auth/me', { schema: userSchema, fresh: true });
      const latest = await sessionItem.getValue();
      // Writing only real changes keeps the open pages from refetching for nothing.
      if (latest === null || latest.token !== session.token) return;
      if (JSON.stringify(latest.user) !== JSON.stringify(user)) await sessionItem.setValue({ ...latest, user });
    } catch {
      // Offline or a server hiccup: keep the session; an auth error was already handled.
    }
  }

  /** Tells the server the token is done with; the local session is already gone whatever it answers. */
  async function revoke(session: StoredSession): Promise<void> {
    const client = createApiClient({
      baseUrl: session.server,
      getToken: () => session.token,
      fetch: options.fetch,
      logger: options.logger,
    });
    try {
      await client.post('/auth/logout');
    } catch {
      // Unreachable server or an already expired token: nothing left to undo locally.
    } finally {
      client.dispose();
    }
  }

  return {
    async getSession() {
      const session = await currentSession();
      if (session === null) return signedOut();
      void refreshUser(session);
      return signedIn(session);
    },

    async signIn({ server, email, password }) {
      const address = normalizeServerAddress(server);
      if (address === null) throw new Error('Enter the server address, for example http://localhost:3000');
      await serverAddressItem.setValue(address);
      const body = loginBodySchema.safeParse({ email, password });
      if (!body.success) throw new Error(body.error.issues[0]?.message ?? 'Login Failed');
      const answer = await clientFor(address)
        .post(loginPath, { body: body.data, schema: loginResponseSchema })
        .catch((error: unknown) => {
          throw new Error(loginErrorMessage(error));
        });
      const session: StoredSession = {
        server: address,
        token: answer.access_token,
        expires_at: answer.expires_at,
        user: answer.user,
      };
      await sessionItem.setValue(session);
      return signedIn(session);
    },

    async signedInClient() {
      const session = await currentSession();
      if (session === null)
        throw new ExtensionError({ message: 'Sign in to Tradepost first (the Tradepost button in the toolbar)', code: 'signed-out' });
      return { client: clientFor(session.server), session };
    },

    async signOut() {
      const session = await sessionItem.getValue();
      await sessionItem.removeValue();
      if (session !== null) void revoke(session);
      return signedOut();
    },
  };
}
