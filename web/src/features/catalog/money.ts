// The web app's money helpers are the shared ones (the extension uses the same file).
export * from '@tradepost/shared/ui/money.ts';
