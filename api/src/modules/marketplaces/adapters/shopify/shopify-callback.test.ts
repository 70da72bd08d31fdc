import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkShopifyCallback, shopifyCallbackHmac, shopifySignedMessage } from './shopify-callback.ts';

// The OAuth callback's signature, as Shopify's own library checks it. The values are the library's
// published test values: Shopify/shopify-api-js, lib/utils/__tests__/hmac-validator.test.ts
// (secret 'my super secret key'; code, shop and state with spaces; the signed string written out by
// hand, sorted and URL-encoded; 91 seconds either side refused), and the example of Shopify's OAuth
// documentation that other clients test against (secret 'hush', hmac 700e2dad…).

const hex = (secret: string, message: string) => createHmac('sha256', secret).update(message).digest('hex');
const NOW = Date.UTC(2026, 10, 27, 12, 0, 0);
const nowSeconds = NOW / 1_000;

describe("Shopify's OAuth callback signature", () => {
  it("signs the URL-encoded query like Shopify's library, with its published test values", () => {
    const secret = 'my super secret key';
    const timestamp = String(nowSeconds - 60);
    const query = new URLSearchParams({
      code: 'some code goes here',
      shop: 'the shop URL',
      state: 'some nonce passed from auth',
      timestamp,
    });
    // The string the library's test signs, character for character.
    const signed = `code=some+code+goes+here&shop=the+shop+URL&state=some+nonce+passed+from+auth&timestamp=${timestamp}`;
    expect(shopifySignedMessage(query)).toBe(signed);
    query.set('hmac', hex(secret, signed));
    expect(shopifyCallbackHmac(query, secret)).toBe(query.get('hmac'));

    // 'queries with extra keys include those extra keys in hmac querystring' (keys sorted).
    const extra = new URLSearchParams({
      code: 'some code goes here',
      foo: 'bar',
      shop: 'the shop URL',
      state: 'some nonce passed from auth',
      timestamp,
    });
    expect(shopifySignedMessage(extra)).toBe(
      `code=some+code+goes+here&foo=bar&shop=the+shop+URL&state=some+nonce+passed+from+auth&timestamp=${timestamp}`,
    );
  });

  it("accepts Shopify's documented example and values with a space, '=' and ':'; refuses tampering", () => {
    const doc = new URLSearchParams(
      'code=0907a61c0c8d55e99db179b68161bc00&hmac=700e2dadb827fcc8609e9d5ce208b2e9cdaab9df07390d2cbca10d7c328fc4bf&shop=some-shop.myshopify.com&state=0.6784241404160823&timestamp=1337178173',
    );
    const at = (seconds: number) => ({ clientSecret: 'hush', now: seconds * 1_000 });
    expect(checkShopifyCallback(doc, at(1337178173 + 30))).toBe('valid');
    expect(checkShopifyCallback(doc, { ...at(1337178173), clientSecret: 'hush2' })).toBe('forged');
    expect(checkShopifyCallback(doc, { ...at(1337178173), shopDomain: 'another-shop.myshopify.com' })).toBe('forged');

    // A state holding a space, '=' and ':' (as a host in base64 or a state of our own may): the
    // library signs 'state=a+b%3Dc%3Ad', which a check over decoded values ('state=a b=c:d') refuses.
    const secret = 'my super secret key';
    const query = new URLSearchParams({ code: 'c0de', shop: 'kicks-lab.myshopify.com', state: 'a b=c:d', timestamp: String(nowSeconds) });
    const signed = `code=c0de&shop=kicks-lab.myshopify.com&state=a+b%3Dc%3Ad&timestamp=${nowSeconds}`;
    expect(shopifySignedMessage(query)).toBe(signed);
    query.set('hmac', hex(secret, signed));
    expect(checkShopifyCallback(query, { clientSecret: secret, shopDomain: 'kicks-lab.myshopify.com', now: NOW })).toBe('valid');

    const tampered = new URLSearchParams(query);
    tampered.set('state', 'a b=c:e');
    expect(checkShopifyCallback(tampered, { clientSecret: secret, now: NOW })).toBe('forged');
    const unsigned = new URLSearchParams(query);
    unsigned.delete('hmac');
    expect(checkShopifyCallback(unsigned, { clientSecret: secret, now: NOW })).toBe('unsigned');
    // A `signature` parameter is left out of the message, as the library leaves it out.
    const withSignature = new URLSearchParams(query);
    withSignature.set('signature', 'ignored');
    expect(checkShopifyCallback(withSignature, { clientSecret: secret, now: NOW })).toBe('valid');
  });

  it('refuses a callback signed more than 90 seconds before or after now, or with no timestamp', () => {
    const secret = 'my super secret key';
    const signedAt = (timestamp: string | null) => {
      const query = new URLSearchParams({
        code: 'some code goes here',
        shop: 'the-shop.myshopify.com',
        state: 'some nonce passed from auth',
      });
      if (timestamp !== null) query.set('timestamp', timestamp);
      query.set('hmac', hex(secret, shopifySignedMessage(query)));
      return checkShopifyCallback(query, { clientSecret: secret, now: NOW });
    };
    expect(signedAt(String(nowSeconds - 90))).toBe('valid');
    expect(signedAt(String(nowSeconds + 90))).toBe('valid');
    expect(signedAt(String(nowSeconds - 91))).toBe('expired');
    expect(signedAt(String(nowSeconds + 91))).toBe('expired');
    expect(signedAt(null)).toBe('expired');
    expect(signedAt('a number as a string')).toBe('expired');
  });
});
