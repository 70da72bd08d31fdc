import { describe, expect, it } from 'vitest';
import { parseTabMessage } from './message-transport.ts';

// What a content script answers: the two messages the worker sends it, checked without zod.
describe('tab messages', () => {
  it('accepts the two messages the worker sends a page, reduced to their type', () => {
    expect(parseTabMessage({ type: 'read-page' })).toEqual({ type: 'read-page' });
    expect(parseTabMessage({ type: 'settings-changed', extra: 'dropped' })).toEqual({ type: 'settings-changed' });
  });

  it('ignores anything else', () => {
    for (const raw of [null, undefined, 'read-page', 42, [], {}, { type: 'sign-in' }, { type: 'toString' }, { type: ['read-page'] }]) {
      expect(parseTabMessage(raw)).toBeNull();
    }
  });
});
