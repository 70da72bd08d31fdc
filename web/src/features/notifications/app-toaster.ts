/** The id of the app-wide Fluent Toaster mounted by the providers. */
export const APP_TOASTER_ID = 'tradepost-app';
/** Spec §9: toasts close after 5000 ms. */
export const TOAST_TIMEOUT_MS = 5000;
