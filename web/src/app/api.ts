import { createApiClient } from '@tradepost/shared/client/api-client.ts';
import { sessionAtom } from '../features/session/session-atom.ts';
import { activeToken } from '../features/session/session-model.ts';
import { appStore } from './store.ts';

/** The single API client of the web app. '' = same origin: the API serves the app in production, Vite proxies in dev. */
export const api = createApiClient({
  baseUrl: '',
  getToken: () => activeToken(appStore.get(sessionAtom), Date.now()),
});
