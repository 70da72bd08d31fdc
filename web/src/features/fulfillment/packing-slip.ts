import { apiErrorFromResponse } from '@tradepost/shared/client/api-error.ts';
import { API_BASE_PATH } from '@tradepost/shared/client/constants.ts';
import { appStore } from '../../app/store.ts';
import { sessionAtom } from '../session/session-atom.ts';
import { activeToken } from '../session/session-model.ts';

/** Blob URLs are revoked a while after opening: the new tab has read the PDF by then. */
const REVOKE_AFTER_MS = 60_000;

/**
 * GET …/fulfillments/{id}/packing-slip.pdf with the bearer token (a plain link would carry none),
 * then shows it from a blob URL. The tab is opened before the request, inside the click, so pop-up
 * blockers let it through; it is pointed at the PDF once it arrives.
 */
export async function openPackingSlip(basePath: string, fulfillmentId: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const token = activeToken(appStore.get(sessionAtom), Date.now());
    const response = await fetch(`${API_BASE_PATH}${basePath}/fulfillments/${encodeURIComponent(fulfillmentId)}/packing-slip.pdf`, {
      headers: { Accept: 'application/pdf', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
    if (!response.ok) throw apiErrorFromResponse(response.status, response.statusText, await response.text());
    const url = URL.createObjectURL(await response.blob());
    if (tab === null) window.location.assign(url);
    else tab.location.href = url;
    setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
  } catch (error) {
    tab?.close();
    throw error;
  }
}
