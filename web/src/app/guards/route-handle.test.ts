import { describe, expect, it } from 'vitest';
import { signedOutTarget } from './route-handle.ts';

describe('signedOutTarget', () => {
  it('takes the deepest route that names a target, else the fallback', () => {
    expect(signedOutTarget([undefined, { signedOutTo: '/auth' }, { other: 1 }], '/')).toBe('/auth');
    expect(signedOutTarget([{ signedOutTo: '/a' }, { signedOutTo: '/b' }], '/')).toBe('/b');
    expect(signedOutTarget([null, 'x', {}], '/')).toBe('/');
  });
});
