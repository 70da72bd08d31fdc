import { z } from 'zod';
import { timestampSchema, uuidSchema } from './common.ts';

// Marketplace connections (issue #6): one per marketplace channel, connected through the
// platform's OAuth flow. Nothing secret (tokens, client secrets) ever appears in these shapes.

export const marketplacePlatforms = ['ebay', 'shopify', 'square'] as const;
export type MarketplacePlatform = (typeof marketplacePlatforms)[number];
export const marketplacePlatformSchema = z.enum(marketplacePlatforms, {
  error: `Platform must be one of ${marketplacePlatforms.join(', ')}`,
});

export const connectionEnvironments = ['production', 'sandbox', 'simulator'] as const;
export type ConnectionEnvironment = (typeof connectionEnvironments)[number];

export const connectionStatuses = ['pending', 'connected', 'reconnect_needed', 'disconnected'] as const;
export type ConnectionStatus = (typeof connectionStatuses)[number];

/** A location on the platform (Shopify location gid, Square location id, eBay merchantLocationKey). */
export const externalLocationSchema = z.object({ id: z.string(), name: z.string() });
export type ExternalLocation = z.infer<typeof externalLocationSchema>;

export const ebayPoliciesSchema = z.object({
  marketplace_id: z.string().nullable(),
  merchant_location_key: z.string().nullable(),
  fulfillment_policy_id: z.string().nullable(),
  payment_policy_id: z.string().nullable(),
  return_policy_id: z.string().nullable(),
  /** Each chosen policy's name on eBay, when eBay named it at connection time (screens show it instead of the id). */
  fulfillment_policy_name: z.string().nullable(),
  payment_policy_name: z.string().nullable(),
  return_policy_name: z.string().nullable(),
});

export const connectionSettingsSchema = z.object({
  /** From the sales channel: stock sync on or off. */
  sync_enabled: z.boolean(),
  /** From the sales channel: units held back from this marketplace. */
  quantity_buffer: z.number().int(),
  /** Our locations whose stock this marketplace sells; empty: all of them. */
  location_ids: z.array(uuidSchema),
  /** The platform location our stock is set at. */
  external_location_id: z.string().nullable(),
  /** The account's locations, read when it was connected. */
  external_locations: z.array(externalLocationSchema),
  ebay: ebayPoliciesSchema.nullable(),
  /** The channel's price rule (retail/pricing), if it has one. */
  price_rule_id: uuidSchema.nullable(),
  /** Where the platform sends its notifications, exactly as registered. */
  webhook_url: z.string().nullable(),
  /** What the seller must still set up on the platform before listings can go live. */
  setup_needed: z.array(z.string()),
});

export const connectionSchema = z.object({
  id: uuidSchema,
  status: z.enum(connectionStatuses),
  /** Why the account must be connected again (reconnect_needed) or why the last attempt stopped. */
  status_reason: z.string().nullable(),
  environment: z.enum(connectionEnvironments),
  /** A local simulator, not the real platform: the UI labels it. */
  simulator: z.boolean(),
  api_base_url: z.string(),
  shop_domain: z.string().nullable(),
  account_id: z.string().nullable(),
  account_name: z.string().nullable(),
  token_expires_at: timestampSchema.nullable(),
  connected_at: timestampSchema.nullable(),
  last_sync_at: timestampSchema.nullable(),
  last_error: z.string().nullable(),
  last_error_at: timestampSchema.nullable(),
  settings: connectionSettingsSchema,
});
export type Connection = z.infer<typeof connectionSchema>;

export const platformConnectionSchema = z.object({
  platform: marketplacePlatformSchema,
  channel_id: uuidSchema,
  /** The server has this platform's app credentials in its environment (else they are entered when connecting). */
  app_configured: z.boolean(),
  /** The server lets a simulator on its own machine be chosen (SIMULATORS_ENABLED); else the choice is not offered. */
  simulators_available: z.boolean(),
  connection: connectionSchema.nullable(),
});
export type PlatformConnection = z.infer<typeof platformConnectionSchema>;

const httpUrl = (label: string) =>
  z
    .string()
    .trim()
    .max(500, { error: `${label} is too long` })
    .regex(/^https?:\/\/[^\s/?#]+(:\d+)?(\/[^\s?#]*)?$/i, { error: `${label} must be an http(s) address such as http://127.0.0.1:4101` });

const secretText = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(500, { error: `${label} is too long` });

export const shopDomainPattern = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;

export const authorizeConnectionBodySchema = z.object({
  environment: z.enum(connectionEnvironments, { error: `Environment must be one of ${connectionEnvironments.join(', ')}` }),
  /** The platform's API address; production always uses the platform's own. */
  base_url: httpUrl('Base URL').optional(),
  /** eBay's consent page host when it differs from the API host. */
  auth_base_url: httpUrl('Consent page URL').optional(),
  /** Shopify: the store, e.g. my-store.myshopify.com. */
  shop_domain: z
    .string()
    .trim()
    .toLowerCase()
    .regex(shopDomainPattern, { error: 'Shop domain must look like my-store.myshopify.com' })
    .optional(),
  /** The app's OAuth client, when the server has none configured for this platform. */
  app: z
    .object({
      client_id: secretText('Client id'),
      client_secret: secretText('Client secret'),
      /** eBay: the RuName; Shopify and Square: defaults to this server's callback URL. */
      redirect_uri: z.string().trim().min(1, { error: 'Redirect name is required' }).max(500).optional(),
    })
    .optional(),
});
export type AuthorizeConnectionBody = z.input<typeof authorizeConnectionBodySchema>;

export const authorizeConnectionResultSchema = z.object({
  /** Send the browser here: the platform's consent page. */
  authorize_url: z.string(),
  connection_id: uuidSchema,
});

const policyId = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(100, { error: `${label} is too long` })
    .optional();

export const updateConnectionBodySchema = z.object({
  sync_enabled: z.boolean({ error: 'Stock sync must be true or false' }).optional(),
  quantity_buffer: z
    .number({ error: 'Quantity buffer must be a number' })
    .int({ error: 'Quantity buffer must be a whole number' })
    .min(0, { error: 'Quantity buffer must not be negative' })
    .max(1000, { error: 'Quantity buffer must be at most 1,000' })
    .optional(),
  location_ids: z
    .array(uuidSchema, { error: 'Locations must be a list of location ids' })
    .max(200, { error: 'At most 200 locations' })
    .optional(),
  external_location_id: z.string().trim().min(1, { error: 'Choose a location' }).max(200).optional(),
  ebay: z
    .object({
      fulfillment_policy_id: policyId('Fulfillment policy'),
      payment_policy_id: policyId('Payment policy'),
      return_policy_id: policyId('Return policy'),
    })
    .optional(),
});
export type UpdateConnectionBody = z.input<typeof updateConnectionBodySchema>;

export const connectionParamsSchema = z.object({ businessId: uuidSchema, connectionId: uuidSchema });
export const platformParamsSchema = z.object({ businessId: uuidSchema, platform: marketplacePlatformSchema });

/** Query the platform sends the seller's browser back with (only the parts we read; the rest is kept for Shopify's hmac). */
export const oauthCallbackQuerySchema = z.looseObject({
  state: z.string().max(4000).optional(),
  code: z.string().max(4000).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
  shop: z.string().max(255).optional(),
  hmac: z.string().max(200).optional(),
});
