import { buildSchema, type GraphQLSchema } from 'graphql';

// A trimmed Admin API schema: only what Tradepost's adapter needs, with Shopify's names and
// nullability, so a field Shopify does not have fails validation here too.
export const SHOPIFY_SDL = /* GraphQL */ `
directive @idempotent(key: String!) on FIELD

scalar DateTime
scalar Decimal
scalar Money
scalar URL
scalar HTML
scalar UnsignedInt64

interface Node {
  id: ID!
}

type PageInfo {
  hasNextPage: Boolean!
  hasPreviousPage: Boolean!
  startCursor: String
  endCursor: String
}

type Count {
  count: Int!
  precision: CountPrecision!
}

enum CountPrecision { EXACT AT_LEAST }
enum CurrencyCode { USD CAD EUR GBP AUD }
enum ProductStatus { ACTIVE ARCHIVED DRAFT }
enum ProductVariantInventoryPolicy { DENY CONTINUE }
enum WeightUnit { GRAMS KILOGRAMS OUNCES POUNDS }
enum ProductSortKeys { ID TITLE CREATED_AT UPDATED_AT }
enum ProductVariantSortKeys { ID SKU POSITION }
enum OrderSortKeys { ID CREATED_AT UPDATED_AT PROCESSED_AT }
enum LocationSortKeys { ID NAME }
enum ProductVariantsBulkCreateStrategy { DEFAULT REMOVE_STANDALONE_VARIANT PRESERVE_STANDALONE_VARIANT }
enum ProductOperationStatus { CREATED ACTIVE COMPLETE }
enum FulfillmentOrderStatus { OPEN IN_PROGRESS SCHEDULED ON_HOLD INCOMPLETE CLOSED CANCELLED }
enum FulfillmentStatus { SUCCESS CANCELLED ERROR FAILURE OPEN PENDING }
enum OrderDisplayFinancialStatus { PENDING AUTHORIZED PARTIALLY_PAID PARTIALLY_REFUNDED VOIDED PAID REFUNDED EXPIRED }
enum OrderDisplayFulfillmentStatus {
  UNFULFILLED PARTIALLY_FULFILLED FULFILLED IN_PROGRESS ON_HOLD SCHEDULED RESTOCKED PENDING_FULFILLMENT OPEN REQUEST_DECLINED
}
enum WebhookSubscriptionTopic {
  ORDERS_CREATE ORDERS_UPDATED ORDERS_PAID ORDERS_CANCELLED ORDERS_FULFILLED
  PRODUCTS_CREATE PRODUCTS_UPDATE PRODUCTS_DELETE
  INVENTORY_LEVELS_UPDATE INVENTORY_ITEMS_UPDATE FULFILLMENTS_CREATE APP_UNINSTALLED
}
enum WebhookSubscriptionFormat { JSON XML }
enum MediaStatus { UPLOADED PROCESSING READY FAILED }
enum FileStatus { UPLOADED PROCESSING READY FAILED }
enum MediaContentType { EXTERNAL_VIDEO IMAGE MODEL_3D VIDEO }
enum FileContentType { EXTERNAL_VIDEO FILE IMAGE MODEL_3D VIDEO }
enum FileCreateInputDuplicateResolutionMode { APPEND_UUID RAISE_ERROR REPLACE }
enum MediaErrorCode { UNKNOWN INVALID_SIGNED_URL IMAGE_DOWNLOAD_FAILURE IMAGE_PROCESSING_FAILURE MEDIA_TIMEOUT_ERROR UNSUPPORTED_IMAGE_FILE_TYPE }
enum FileErrorCode { UNKNOWN INVALID_SIGNED_URL IMAGE_DOWNLOAD_FAILURE IMAGE_PROCESSING_FAILURE MEDIA_TIMEOUT_ERROR UNSUPPORTED_IMAGE_FILE_TYPE }
enum StagedUploadHttpMethodType { POST PUT }
enum StagedUploadTargetGenerateUploadResource {
  COLLECTION_IMAGE FILE IMAGE MODEL_3D PRODUCT_IMAGE SHOP_IMAGE VIDEO BULK_MUTATION_VARIABLES RETURN_LABEL URL_REDIRECT_IMPORT DISPUTE_FILE_UPLOAD
}

enum ProductSetUserErrorCode {
  BLANK INVALID INVALID_VARIANT PRODUCT_DOES_NOT_EXIST PRODUCT_OPTIONS_INPUT_MISSING OPTION_VALUES_MISSING
  OPTION_DOES_NOT_EXIST VARIANT_DOES_NOT_EXIST DUPLICATE_INPUT INVALID_INPUT HANDLE_NOT_UNIQUE TOO_MANY_VARIANTS
  INVENTORY_QUANTITIES_LIMIT_EXCEEDED LOCATION_NOT_FOUND
}
enum ProductVariantsBulkUpdateUserErrorCode {
  PRODUCT_DOES_NOT_EXIST PRODUCT_VARIANT_DOES_NOT_EXIST PRODUCT_VARIANT_ID_MISSING INVALID_INPUT
  NO_INVENTORY_QUANTITIES_ON_VARIANTS_UPDATE NEED_TO_ADD_OPTION_VALUES OPTION_VALUE_DOES_NOT_EXIST VARIANT_ALREADY_EXISTS
}
enum ProductVariantsBulkCreateUserErrorCode {
  PRODUCT_DOES_NOT_EXIST INVALID_INPUT NEED_TO_ADD_OPTION_VALUES OPTION_VALUE_DOES_NOT_EXIST VARIANT_ALREADY_EXISTS
  TRACKED_VARIANT_LOCATION_NOT_FOUND TOO_MANY_VARIANTS
}
enum InventorySetQuantitiesUserErrorCode {
  INVALID_INVENTORY_ITEM INVALID_LOCATION INVALID_QUANTITY_NAME INVALID_REASON INVALID_REFERENCE_DOCUMENT
  ITEM_NOT_STOCKED_AT_LOCATION NON_MUTABLE_INVENTORY_ITEM INVALID_QUANTITY_NEGATIVE INVALID_QUANTITY_TOO_HIGH
  COMPARE_QUANTITY_REQUIRED COMPARE_QUANTITY_STALE CHANGE_FROM_QUANTITY_REQUIRED CHANGE_FROM_QUANTITY_STALE
  NO_DUPLICATE_INVENTORY_ITEM_ID_GROUP_ID_PAIR
}
enum InventoryAdjustQuantitiesUserErrorCode {
  INVALID_INVENTORY_ITEM INVALID_LOCATION INVALID_QUANTITY_NAME INVALID_REASON INVALID_REFERENCE_DOCUMENT
  ITEM_NOT_STOCKED_AT_LOCATION NON_MUTABLE_INVENTORY_ITEM INVALID_QUANTITY_TOO_HIGH INVALID_QUANTITY_TOO_LOW
  MAX_ONE_LEDGER_DOCUMENT INVALID_AVAILABLE_DOCUMENT INVALID_QUANTITY_DOCUMENT
  CHANGE_FROM_QUANTITY_REQUIRED CHANGE_FROM_QUANTITY_STALE
}

type UserError {
  field: [String!]
  message: String!
}

type ProductSetUserError { field: [String!] message: String! code: ProductSetUserErrorCode }
type ProductVariantsBulkUpdateUserError { field: [String!] message: String! code: ProductVariantsBulkUpdateUserErrorCode }
type ProductVariantsBulkCreateUserError { field: [String!] message: String! code: ProductVariantsBulkCreateUserErrorCode }
type InventorySetQuantitiesUserError { field: [String!] message: String! code: InventorySetQuantitiesUserErrorCode }
type InventoryAdjustQuantitiesUserError { field: [String!] message: String! code: InventoryAdjustQuantitiesUserErrorCode }

type MoneyV2 { amount: Decimal! currencyCode: CurrencyCode! }
type MoneyBag { shopMoney: MoneyV2! presentmentMoney: MoneyV2! }

type Shop {
  id: ID!
  name: String!
  myshopifyDomain: String!
  currencyCode: CurrencyCode!
  ianaTimezone: String!
}

type ProductOptionValue { id: ID! name: String! hasVariants: Boolean! }
type ProductOption { id: ID! name: String! position: Int! values: [String!]! optionValues: [ProductOptionValue!]! }
type SelectedOption { name: String! value: String! }

type Image { id: ID url: URL! altText: String width: Int height: Int }
type MediaError { code: MediaErrorCode! details: String message: String! }
type FileError { code: FileErrorCode! details: String message: String! }

interface Media {
  alt: String
  id: ID!
  mediaContentType: MediaContentType!
  mediaErrors: [MediaError!]!
  status: MediaStatus!
}

interface File {
  alt: String
  createdAt: DateTime!
  fileErrors: [FileError!]!
  fileStatus: FileStatus!
  id: ID!
  updatedAt: DateTime!
}

type MediaImage implements Node & Media & File {
  id: ID!
  alt: String
  createdAt: DateTime!
  updatedAt: DateTime!
  fileErrors: [FileError!]!
  fileStatus: FileStatus!
  mediaContentType: MediaContentType!
  mediaErrors: [MediaError!]!
  status: MediaStatus!
  image: Image
  mimeType: String
}

type StagedUploadParameter { name: String! value: String! }
type StagedMediaUploadTarget { parameters: [StagedUploadParameter!]! resourceUrl: URL url: URL }

type Product implements Node {
  id: ID!
  legacyResourceId: ID!
  title: String!
  handle: String!
  descriptionHtml: HTML!
  vendor: String!
  productType: String!
  status: ProductStatus!
  tags: [String!]!
  createdAt: DateTime!
  updatedAt: DateTime!
  totalInventory: Int!
  tracksInventory: Boolean!
  hasOnlyDefaultVariant: Boolean!
  options(first: Int): [ProductOption!]!
  variants(first: Int, after: String, last: Int, before: String, reverse: Boolean = false): ProductVariantConnection!
  variantsCount: Count
  media(first: Int, after: String, last: Int, before: String, reverse: Boolean = false): MediaConnection!
}

type ProductVariant implements Node {
  id: ID!
  legacyResourceId: ID!
  title: String!
  displayName: String!
  sku: String
  barcode: String
  price: Money!
  compareAtPrice: Money
  inventoryPolicy: ProductVariantInventoryPolicy!
  inventoryQuantity: Int
  position: Int!
  taxable: Boolean!
  selectedOptions: [SelectedOption!]!
  product: Product!
  inventoryItem: InventoryItem!
  createdAt: DateTime!
  updatedAt: DateTime!
}

type InventoryItemMeasurement { weight: Weight }
type Weight { value: Float! unit: WeightUnit! }

type InventoryItem implements Node {
  id: ID!
  legacyResourceId: ID!
  sku: String
  tracked: Boolean!
  requiresShipping: Boolean!
  unitCost: MoneyV2
  variant: ProductVariant!
  inventoryLevel(locationId: ID!): InventoryLevel
  inventoryLevels(first: Int, after: String, last: Int, before: String, reverse: Boolean = false): InventoryLevelConnection!
  locationsCount: Count
  createdAt: DateTime!
  updatedAt: DateTime!
}

type InventoryQuantity { id: ID! name: String! quantity: Int! updatedAt: DateTime }

type InventoryLevel implements Node {
  id: ID!
  item: InventoryItem!
  location: Location!
  quantities(names: [String!]!): [InventoryQuantity!]!
  createdAt: DateTime!
  updatedAt: DateTime!
}

type LocationAddress {
  address1: String
  address2: String
  city: String
  provinceCode: String
  countryCode: String
  zip: String
}

type Location implements Node {
  id: ID!
  legacyResourceId: ID!
  name: String!
  isActive: Boolean!
  fulfillsOnlineOrders: Boolean!
  address: LocationAddress!
  inventoryLevels(first: Int, after: String, last: Int, before: String, query: String): InventoryLevelConnection!
}

type InventoryChange {
  name: String!
  delta: Int!
  quantityAfterChange: Int
  item: InventoryItem
  location: Location
  ledgerDocumentUri: String
}

type InventoryAdjustmentGroup implements Node {
  id: ID!
  createdAt: DateTime!
  reason: String!
  referenceDocumentUri: String
  changes(inventoryItemIds: [ID!], locationIds: [ID!], quantityNames: [String!]): [InventoryChange!]!
}

type LineItem implements Node {
  id: ID!
  name: String!
  title: String!
  variantTitle: String
  sku: String
  quantity: Int!
  currentQuantity: Int!
  unfulfilledQuantity: Int!
  variant: ProductVariant
  product: Product
  originalUnitPriceSet: MoneyBag!
  originalTotalSet: MoneyBag!
}

type MailingAddress {
  name: String
  firstName: String
  lastName: String
  company: String
  address1: String
  address2: String
  city: String
  province: String
  provinceCode: String
  zip: String
  country: String
  countryCodeV2: String
  phone: String
}

type FulfillmentTrackingInfo { company: String number: String url: URL }

type Fulfillment implements Node {
  id: ID!
  name: String!
  status: FulfillmentStatus!
  createdAt: DateTime!
  updatedAt: DateTime!
  totalQuantity: Int!
  trackingInfo(first: Int): [FulfillmentTrackingInfo!]!
  order: Order!
}

type FulfillmentOrderAssignedLocation { name: String! location: Location }

type FulfillmentOrderLineItem implements Node {
  id: ID!
  sku: String
  totalQuantity: Int!
  remainingQuantity: Int!
  lineItem: LineItem!
  variant: ProductVariant
  inventoryItemId: ID
}

type FulfillmentOrder implements Node {
  id: ID!
  status: FulfillmentOrderStatus!
  createdAt: DateTime!
  updatedAt: DateTime!
  orderId: ID!
  order: Order!
  assignedLocation: FulfillmentOrderAssignedLocation!
  lineItems(first: Int, after: String, last: Int, before: String): FulfillmentOrderLineItemConnection!
}

type Order implements Node {
  id: ID!
  legacyResourceId: ID!
  name: String!
  email: String
  createdAt: DateTime!
  updatedAt: DateTime!
  processedAt: DateTime!
  cancelledAt: DateTime
  closedAt: DateTime
  closed: Boolean!
  sourceName: String
  currencyCode: CurrencyCode!
  displayFinancialStatus: OrderDisplayFinancialStatus
  displayFulfillmentStatus: OrderDisplayFulfillmentStatus!
  totalPriceSet: MoneyBag!
  subtotalPriceSet: MoneyBag
  shippingAddress: MailingAddress
  lineItems(first: Int, after: String, last: Int, before: String): LineItemConnection!
  fulfillmentOrders(first: Int, after: String, last: Int, before: String): FulfillmentOrderConnection!
  fulfillments(first: Int): [Fulfillment!]!
}

type WebhookSubscription implements Node {
  id: ID!
  topic: WebhookSubscriptionTopic!
  uri: String!
  format: WebhookSubscriptionFormat!
  includeFields: [String!]!
  filter: String
  apiVersion: ApiVersion!
  createdAt: DateTime!
  updatedAt: DateTime!
}

type ApiVersion { handle: String! displayName: String! supported: Boolean! }

type ProductSetOperation implements Node {
  id: ID!
  status: ProductOperationStatus!
  product: Product
  userErrors: [ProductSetUserError!]!
}

type ProductEdge { cursor: String! node: Product! }
type ProductConnection { edges: [ProductEdge!]! nodes: [Product!]! pageInfo: PageInfo! }
type ProductVariantEdge { cursor: String! node: ProductVariant! }
type ProductVariantConnection { edges: [ProductVariantEdge!]! nodes: [ProductVariant!]! pageInfo: PageInfo! }
type InventoryItemEdge { cursor: String! node: InventoryItem! }
type InventoryItemConnection { edges: [InventoryItemEdge!]! nodes: [InventoryItem!]! pageInfo: PageInfo! }
type InventoryLevelEdge { cursor: String! node: InventoryLevel! }
type InventoryLevelConnection { edges: [InventoryLevelEdge!]! nodes: [InventoryLevel!]! pageInfo: PageInfo! }
type LocationEdge { cursor: String! node: Location! }
type LocationConnection { edges: [LocationEdge!]! nodes: [Location!]! pageInfo: PageInfo! }
type OrderEdge { cursor: String! node: Order! }
type OrderConnection { edges: [OrderEdge!]! nodes: [Order!]! pageInfo: PageInfo! }
type LineItemEdge { cursor: String! node: LineItem! }
type LineItemConnection { edges: [LineItemEdge!]! nodes: [LineItem!]! pageInfo: PageInfo! }
type FulfillmentOrderEdge { cursor: String! node: FulfillmentOrder! }
type FulfillmentOrderConnection { edges: [FulfillmentOrderEdge!]! nodes: [FulfillmentOrder!]! pageInfo: PageInfo! }
type FulfillmentOrderLineItemEdge { cursor: String! node: FulfillmentOrderLineItem! }
type FulfillmentOrderLineItemConnection { edges: [FulfillmentOrderLineItemEdge!]! nodes: [FulfillmentOrderLineItem!]! pageInfo: PageInfo! }
type MediaEdge { cursor: String! node: Media! }
type MediaConnection { edges: [MediaEdge!]! nodes: [Media!]! pageInfo: PageInfo! }
type WebhookSubscriptionEdge { cursor: String! node: WebhookSubscription! }
type WebhookSubscriptionConnection { edges: [WebhookSubscriptionEdge!]! nodes: [WebhookSubscription!]! pageInfo: PageInfo! }

type Query {
  shop: Shop!
  node(id: ID!): Node
  product(id: ID!): Product
  products(first: Int, after: String, last: Int, before: String, query: String, sortKey: ProductSortKeys = ID, reverse: Boolean = false): ProductConnection!
  productVariant(id: ID!): ProductVariant
  productVariants(first: Int, after: String, last: Int, before: String, query: String, sortKey: ProductVariantSortKeys = ID, reverse: Boolean = false): ProductVariantConnection!
  inventoryItem(id: ID!): InventoryItem
  inventoryItems(first: Int, after: String, last: Int, before: String, query: String, reverse: Boolean = false): InventoryItemConnection!
  inventoryLevel(id: ID!): InventoryLevel
  location(id: ID): Location
  locations(first: Int, after: String, last: Int, before: String, query: String, sortKey: LocationSortKeys = NAME, reverse: Boolean = false, includeInactive: Boolean = false): LocationConnection!
  order(id: ID!): Order
  orders(first: Int, after: String, last: Int, before: String, query: String, sortKey: OrderSortKeys = ID, reverse: Boolean = false): OrderConnection!
  fulfillmentOrder(id: ID!): FulfillmentOrder
  productOperation(id: ID!): ProductSetOperation
  webhookSubscriptions(first: Int, after: String, last: Int, before: String, topics: [WebhookSubscriptionTopic!]): WebhookSubscriptionConnection!
}

input OptionValueSetInput { id: ID name: String }
input OptionSetInput { id: ID name: String position: Int values: [OptionValueSetInput!] }
input VariantOptionValueInput { id: ID name: String optionId: ID optionName: String }
input WeightInput { value: Float! unit: WeightUnit! }
input InventoryItemMeasurementInput { weight: WeightInput }
input InventoryItemInput { sku: String tracked: Boolean cost: Decimal requiresShipping: Boolean measurement: InventoryItemMeasurementInput }
input ProductSetInventoryInput { locationId: ID! name: String! quantity: Int! }
input ProductVariantSetInput {
  id: ID
  optionValues: [VariantOptionValueInput!]!
  sku: String
  barcode: String
  price: Money
  compareAtPrice: Money
  inventoryPolicy: ProductVariantInventoryPolicy
  inventoryItem: InventoryItemInput
  inventoryQuantities: [ProductSetInventoryInput!]
  taxable: Boolean
  position: Int
}
input ProductSetInput {
  id: ID
  title: String
  descriptionHtml: String
  handle: String
  vendor: String
  productType: String
  status: ProductStatus
  tags: [String!]
  productOptions: [OptionSetInput!]
  variants: [ProductVariantSetInput!]
  files: [FileSetInput!]
}
input FileSetInput {
  alt: String
  contentType: FileContentType
  duplicateResolutionMode: FileCreateInputDuplicateResolutionMode = APPEND_UUID
  filename: String
  id: ID
  originalSource: String
}
input StagedUploadInput {
  filename: String!
  fileSize: UnsignedInt64
  httpMethod: StagedUploadHttpMethodType = PUT
  mimeType: String!
  resource: StagedUploadTargetGenerateUploadResource!
}
input UniqueMetafieldValueInput { namespace: String key: String! value: String! }
input ProductSetIdentifiers { id: ID handle: String customId: UniqueMetafieldValueInput }
input InventoryLevelInput { availableQuantity: Int! locationId: ID! }
input ProductVariantsBulkInput {
  id: ID
  price: Money
  compareAtPrice: Money
  barcode: String
  inventoryPolicy: ProductVariantInventoryPolicy
  inventoryItem: InventoryItemInput
  optionValues: [VariantOptionValueInput!]
  taxable: Boolean
  inventoryQuantities: [InventoryLevelInput!]
  mediaId: ID
  mediaSrc: [String!]
}
input ProductDeleteInput { id: ID! }
input ProductUpdateInput {
  id: ID!
  title: String
  descriptionHtml: String
  handle: String
  vendor: String
  productType: String
  status: ProductStatus
  tags: [String!]
}
input InventoryQuantityInput { inventoryItemId: ID! locationId: ID! quantity: Int! compareQuantity: Int changeFromQuantity: Int }
input InventorySetQuantitiesInput {
  name: String!
  reason: String!
  referenceDocumentUri: String
  ignoreCompareQuantity: Boolean = false
  quantities: [InventoryQuantityInput!]!
}
input InventoryChangeInput { inventoryItemId: ID! locationId: ID! delta: Int! changeFromQuantity: Int ledgerDocumentUri: String }
input InventoryAdjustQuantitiesInput { name: String! reason: String! referenceDocumentUri: String changes: [InventoryChangeInput!]! }
input FulfillmentOrderLineItemInput { id: ID! quantity: Int! }
input FulfillmentOrderLineItemsInput { fulfillmentOrderId: ID! fulfillmentOrderLineItems: [FulfillmentOrderLineItemInput!] }
input FulfillmentTrackingInput { company: String number: String numbers: [String!] url: URL urls: [URL!] }
input FulfillmentOriginAddressInput { address1: String address2: String city: String zip: String provinceCode: String countryCode: String! }
input FulfillmentInput {
  lineItemsByFulfillmentOrder: [FulfillmentOrderLineItemsInput!]!
  trackingInfo: FulfillmentTrackingInput
  notifyCustomer: Boolean = false
  originAddress: FulfillmentOriginAddressInput
}
input WebhookSubscriptionInput {
  uri: String
  callbackUrl: URL
  format: WebhookSubscriptionFormat
  includeFields: [String!]
  filter: String
  metafieldNamespaces: [String!]
}

type StagedUploadsCreatePayload { stagedTargets: [StagedMediaUploadTarget!] userErrors: [UserError!]! }
type ProductSetPayload { product: Product productSetOperation: ProductSetOperation userErrors: [ProductSetUserError!]! }
type ProductVariantsBulkUpdatePayload { product: Product productVariants: [ProductVariant!] userErrors: [ProductVariantsBulkUpdateUserError!]! }
type ProductVariantsBulkCreatePayload { product: Product productVariants: [ProductVariant!] userErrors: [ProductVariantsBulkCreateUserError!]! }
type ProductUpdatePayload { product: Product userErrors: [UserError!]! }
type ProductDeletePayload { deletedProductId: ID userErrors: [UserError!]! }
type InventorySetQuantitiesPayload { inventoryAdjustmentGroup: InventoryAdjustmentGroup userErrors: [InventorySetQuantitiesUserError!]! }
type InventoryAdjustQuantitiesPayload { inventoryAdjustmentGroup: InventoryAdjustmentGroup userErrors: [InventoryAdjustQuantitiesUserError!]! }
type InventoryActivatePayload { inventoryLevel: InventoryLevel userErrors: [UserError!]! }
type FulfillmentCreatePayload { fulfillment: Fulfillment userErrors: [UserError!]! }
type WebhookSubscriptionCreatePayload { webhookSubscription: WebhookSubscription userErrors: [UserError!]! }
type WebhookSubscriptionDeletePayload { deletedWebhookSubscriptionId: ID userErrors: [UserError!]! }

type Mutation {
  productSet(input: ProductSetInput!, synchronous: Boolean = true, identifier: ProductSetIdentifiers): ProductSetPayload
  productVariantsBulkUpdate(productId: ID!, variants: [ProductVariantsBulkInput!]!, allowPartialUpdates: Boolean = false): ProductVariantsBulkUpdatePayload
  productVariantsBulkCreate(productId: ID!, variants: [ProductVariantsBulkInput!]!, strategy: ProductVariantsBulkCreateStrategy = DEFAULT): ProductVariantsBulkCreatePayload
  productUpdate(product: ProductUpdateInput!): ProductUpdatePayload
  productDelete(input: ProductDeleteInput!): ProductDeletePayload
  inventorySetQuantities(input: InventorySetQuantitiesInput!): InventorySetQuantitiesPayload
  inventoryAdjustQuantities(input: InventoryAdjustQuantitiesInput!): InventoryAdjustQuantitiesPayload
  inventoryActivate(inventoryItemId: ID!, locationId: ID!, available: Int): InventoryActivatePayload
  fulfillmentCreate(fulfillment: FulfillmentInput!, message: String): FulfillmentCreatePayload
  webhookSubscriptionCreate(topic: WebhookSubscriptionTopic!, webhookSubscription: WebhookSubscriptionInput!): WebhookSubscriptionCreatePayload
  webhookSubscriptionDelete(id: ID!): WebhookSubscriptionDeletePayload
  stagedUploadsCreate(input: [StagedUploadInput!]!): StagedUploadsCreatePayload
}
`;

let schema: GraphQLSchema | null = null;

export function shopifySchema(): GraphQLSchema {
  schema ??= buildSchema(SHOPIFY_SDL);
  return schema;
}
