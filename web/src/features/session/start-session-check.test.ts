import { focusManager, onlineManager, QueryClient, QueryObserver } from '@tanstack/react-query';
import { queryClientDefaults } from '@tradepost/shared/query/policy.ts';
import { sessionKeys } from '@tradepost/shared/query/session.ts';
import type { User } from '@tradepost/shared/schemas/auth.ts';
import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionAtom } from './session-atom.ts';
import { startSessionCheck } from './start-session-check.ts';
import { currentUserQuery } from './use-current-user.ts';

const get = vi.hoisted(() => vi.fn());
vi.mock('../../app/api.ts', () => ({ api: { get } }));

const user = { id: 'u', role: 'owner', business: { id: 'b', currency: 'USD' } } as User;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

let client: QueryClient;
beforeEach(() => {
  get.mockReset();
  get.mockResolvedValue(user);
  client = new QueryClient({ defaultOptions: queryClientDefaults });
  client.mount();
});
afterEach(() => {
  client.unmount();
  focusManager.setFocused(undefined);
  onlineManager.setOnline(true);
});

function signedInStore() {
  const store = createStore();
  store.set(sessionAtom, { token: 't', expiresAt: Date.now() + 3_600_000 });
  return store;
}

/** Guards, layout and screens each read the session through an observer, mounting one after another. */
function mountReaders(count: number): () => void {
  const stops = Array.from({ length: count }, () => new QueryObserver(client, currentUserQuery()).subscribe(() => {}));
  return () => {
    for (const stop of stops) stop();
  };
}

describe('the session check (issue #16, spec §7)', () => {
  it('is asked once per load, before anything reads it, and the readers that mount later share the answer', async () => {
    startSessionCheck(client, signedInStore());
    expect(get).toHaveBeenCalledTimes(1);
    expect(get).toHaveBeenCalledWith('/auth/me', expect.anything());
    const early = mountReaders(2);
    await settle();
    const late = mountReaders(4);
    await settle();
    expect(get).toHaveBeenCalledTimes(1);
    expect(client.getQueryData(sessionKeys.me())).toBe(user);
    early();
    late();
  });

  it('is not asked without a session', async () => {
    startSessionCheck(client, createStore());
    await settle();
    expect(get).not.toHaveBeenCalled();
  });

  it('is asked again, once, when the window gets focus back or the connection returns, and after the user’s own write invalidates it', async () => {
    startSessionCheck(client, signedInStore());
    const stop = mountReaders(3);
    await settle();
    focusManager.setFocused(false);
    focusManager.setFocused(true);
    await settle();
    expect(get).toHaveBeenCalledTimes(2);
    onlineManager.setOnline(false);
    onlineManager.setOnline(true);
    await settle();
    expect(get).toHaveBeenCalledTimes(3);
    await client.invalidateQueries({ queryKey: sessionKeys.me() });
    expect(get).toHaveBeenCalledTimes(4);
    stop();
  });
});
