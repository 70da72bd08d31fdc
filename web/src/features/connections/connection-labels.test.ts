import { describe, expect, it } from 'vitest';
import { offeredEnvironments } from './connection-labels.ts';

describe('the connect dialog’s choice of where the account is', () => {
  it('offers a simulator only when the server allows one', () => {
    expect(offeredEnvironments({ simulators_available: true })).toEqual(['production', 'sandbox', 'simulator']);
    expect(offeredEnvironments({ simulators_available: false })).toEqual(['production', 'sandbox']);
  });
});
