import { atom } from 'jotai';

/**
 * Retries used on the products error page in this page life. It lives outside the screen because
 * each retry unmounts the screen; a reload starts the count again.
 */
export const productsRetryCountAtom = atom(0);
productsRetryCountAtom.debugLabel = 'productsRetryCountAtom';
