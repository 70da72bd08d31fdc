import { compactAddress, type ImportedAddress } from '@tradepost/shared/schemas/address.ts';
import { asList, asObject, decimalToCents, str } from '../http.ts';
import type { ExternalOrder } from '../types.ts';

// Shopify orders → ExternalOrder, from the GraphQL Admin API (polling, fetchOrder) and from the
// REST-style webhook bodies, with the buyer's name and the shipping address when Shopify sends them.

const LINE_FIELDS = 'sku title quantity originalUnitPriceSet { shopMoney { amount } }';

/**
 * Shopify reserves a query's requested cost before running it, and the requested cost counts every
 * line item `first` allows: 20 lines made an order cost ~64 points and a poll page ~770, which a
 * batch on the Standard budget (100 points/s) had to wait for. Orders here rarely have more than a
 * few lines, so a page asks for the first 5 (~19 points an order) and `completeLineItems` fetches
 * the rest only for an order that has more.
 */
export const ORDER_FIELDS = `id name email createdAt
  shippingAddress { name address1 address2 city provinceCode zip countryCodeV2 phone }
  lineItems(first: 5) { nodes { ${LINE_FIELDS} } pageInfo { hasNextPage endCursor } }`;

const MORE_LINE_ITEMS = `query($id: ID!, $after: String) {
  order(id: $id) { lineItems(first: 50, after: $after) { nodes { ${LINE_FIELDS} } pageInfo { hasNextPage endCursor } } }
}`;

type LineItemPage = { nodes: unknown[]; pageInfo?: { hasNextPage: boolean; endCursor: string | null } };
type Gql = <T>(query: string, variables: Record<string, unknown>) => Promise<T>;

/** The order node with every line item, asking for further pages only when Shopify says there are more. */
export async function completeLineItems(gql: Gql, node: Record<string, unknown>): Promise<Record<string, unknown>> {
  const first = asObject(node.lineItems) as LineItemPage;
  if (!first.pageInfo?.hasNextPage) return node;
  const nodes = [...asList(first.nodes)];
  let after = first.pageInfo.endCursor;
  while (after) {
    const data = await gql<{ order: { lineItems: LineItemPage } | null }>(MORE_LINE_ITEMS, { id: str(node.id), after });
    const page = data.order?.lineItems;
    if (!page) break;
    nodes.push(...asList(page.nodes));
    after = page.pageInfo?.hasNextPage ? page.pageInfo.endCursor : null;
  }
  return { ...node, lineItems: { nodes } };
}

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

/** Our address shape; the name is the one on the parcel (the customer's name too). */
function addressOf(parts: AddressParts): ImportedAddress | undefined {
  return compactAddress({
    name: parts.name,
    line1: parts.address1,
    line2: parts.address2,
    city: parts.city,
    region: parts.province,
    postal_code: parts.zip,
    country: parts.country,
    phone: parts.phone,
  });
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
