import { asList, asObject, decimalToCents, str } from '../http.ts';
import type { ExternalOrder } from '../types.ts';

// Shopify orders → ExternalOrder, from the GraphQL Admin API (polling, fetchOrder) and from the
// REST-style webhook bodies, with the buyer's name and the shipping address when Shopify sends them.

export const ORDER_FIELDS = `id name email createdAt
  shippingAddress { name address1 address2 city provinceCode zip countryCodeV2 phone }
  lineItems(first: 20) { nodes { sku title quantity originalUnitPriceSet { shopMoney { amount } } } }`;

type AddressParts = {
  name: string;
  address1: string;
  address2: string;
  city: string;
  province: string;
  zip: string;
  country: string;
  phone: string;
};

/** Address lines in printing order; the name travels as the customer's, not in the address. */
function addressOf(parts: AddressParts): Record<string, string> | undefined {
  const address: Record<string, string> = {};
  const lines: [string, string][] = [
    ['address1', parts.address1],
    ['address2', parts.address2],
    ['city', parts.city],
    ['province', parts.province],
    ['zip', parts.zip],
    ['country', parts.country],
    ['phone', parts.phone],
  ];
  for (const [key, value] of lines) if (value) address[key] = value;
  return Object.keys(address).length > 0 ? address : undefined;
}

function assemble(id: string, createdAt: string, email: string, parts: AddressParts | null, lines: ExternalOrder['lines']): ExternalOrder {
  const name = parts?.name || email;
  const address = parts ? addressOf(parts) : undefined;
  return {
    external_order_id: id,
    ordered_at: new Date(createdAt).toISOString(),
    ...(name ? { customer: { name, ...(email ? { email } : {}) } } : {}),
    shipping_cents: 0,
    ...(address ? { shipping_address: address } : {}),
    lines,
  };
}

/** An `Order` node read with ORDER_FIELDS. */
export function mapShopifyOrder(node: Record<string, unknown>): ExternalOrder {
  const ship = node.shippingAddress ? asObject(node.shippingAddress) : null;
  return assemble(
    str(node.id),
    str(node.createdAt),
    str(node.email),
    ship && {
      name: str(ship.name),
      address1: str(ship.address1),
      address2: str(ship.address2),
      city: str(ship.city),
      province: str(ship.provinceCode),
      zip: str(ship.zip),
      country: str(ship.countryCodeV2),
      phone: str(ship.phone),
    },
    asList(asObject(node.lineItems).nodes).map((raw) => {
      const line = asObject(raw);
      return {
        sku: str(line.sku),
        title: str(line.title),
        quantity: Number(line.quantity ?? 1),
        unit_price_cents: decimalToCents(str(asObject(asObject(line.originalUnitPriceSet).shopMoney).amount)),
        fees_cents: 0,
        tax_cents: 0,
      };
    }),
  );
}

/** The REST order of an `orders/*` webhook body. */
export function mapShopifyWebhookOrder(body: Record<string, unknown>): ExternalOrder {
  const ship = body.shipping_address ? asObject(body.shipping_address) : null;
  return assemble(
    str(body.admin_graphql_api_id),
    str(body.created_at),
    str(body.email),
    ship && {
      name: str(ship.name),
      address1: str(ship.address1),
      address2: str(ship.address2),
      city: str(ship.city),
      province: str(ship.province_code),
      zip: str(ship.zip),
      country: str(ship.country_code),
      phone: str(ship.phone),
    },
    asList(body.line_items).map((raw) => {
      const line = asObject(raw);
      return {
        sku: str(line.sku),
        title: str(line.title),
        quantity: Number(line.quantity ?? 1),
        unit_price_cents: decimalToCents(str(line.price)),
        fees_cents: 0,
        tax_cents: 0,
      };
    }),
  );
}
