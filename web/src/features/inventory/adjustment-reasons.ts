// The labels live in shared, so the extension's stock actions read the same words.
export * from '@tradepost/shared/domain/adjustment-reasons.ts';
