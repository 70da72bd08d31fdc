import { Migration20261121000001Accounts } from './20261121-0001-accounts.ts';
import { Migration20261122000002TeamAndSupport } from './20261122-0002-team-and-support.ts';
import { Migration20261122000003CatalogAndLedger } from './20261122-0003-catalog-and-ledger.ts';
import { Migration20261122000004Transfers } from './20261122-0004-transfers.ts';
import { Migration20261122000005Counts } from './20261122-0005-counts.ts';
import { Migration20261122000006Media } from './20261122-0006-media.ts';
import { Migration20261122000007SizeFormats } from './20261122-0007-size-formats.ts';
import { Migration20261122000008CatalogDetails } from './20261122-0008-catalog-details.ts';
import { Migration20261122000009Sales } from './20261122-0009-sales.ts';
import { Migration20261122000010PreownedItems } from './20261122-0010-preowned-items.ts';
import { Migration20261122000011MarketplaceSync } from './20261122-0011-marketplace-sync.ts';
import { Migration20261122000012ListingSizePrices } from './20261122-0012-listing-size-prices.ts';
import { Migration20261122000013AuthChangeNotices } from './20261122-0013-auth-change-notices.ts';
import { Migration20261122000014ProductStock } from './20261122-0014-product-stock.ts';
import { Migration20261127000015EventDeliveries } from './20261127-0015-event-deliveries.ts';
import { Migration20261127000016IdempotencyKeys } from './20261127-0016-idempotency-keys.ts';
import { Migration20261127000017LoginAlerts } from './20261127-0017-login-alerts.ts';
import { Migration20261127000018WebhookReplay } from './20261127-0018-webhook-replay.ts';
import { Migration20261127000019Outbox } from './20261127-0019-outbox.ts';
import { Migration20261127000020StreamTickets } from './20261127-0020-stream-tickets.ts';

/** Every migration, in order. Listed explicitly so no file-system discovery runs at boot. */
export const migrationsList = [
  { name: '20261121-0001-accounts', class: Migration20261121000001Accounts },
  { name: '20261122-0002-team-and-support', class: Migration20261122000002TeamAndSupport },
  { name: '20261122-0003-catalog-and-ledger', class: Migration20261122000003CatalogAndLedger },
  { name: '20261122-0004-transfers', class: Migration20261122000004Transfers },
  { name: '20261122-0005-counts', class: Migration20261122000005Counts },
  { name: '20261122-0006-media', class: Migration20261122000006Media },
  { name: '20261122-0007-size-formats', class: Migration20261122000007SizeFormats },
  { name: '20261122-0008-catalog-details', class: Migration20261122000008CatalogDetails },
  { name: '20261122-0009-sales', class: Migration20261122000009Sales },
  { name: '20261122-0010-preowned-items', class: Migration20261122000010PreownedItems },
  { name: '20261122-0011-marketplace-sync', class: Migration20261122000011MarketplaceSync },
  { name: '20261122-0012-listing-size-prices', class: Migration20261122000012ListingSizePrices },
  { name: '20261122-0013-auth-change-notices', class: Migration20261122000013AuthChangeNotices },
  { name: '20261122-0014-product-stock', class: Migration20261122000014ProductStock },
  { name: '20261127-0015-event-deliveries', class: Migration20261127000015EventDeliveries },
  { name: '20261127-0016-idempotency-keys', class: Migration20261127000016IdempotencyKeys },
  { name: '20261127-0017-login-alerts', class: Migration20261127000017LoginAlerts },
  { name: '20261127-0018-webhook-replay', class: Migration20261127000018WebhookReplay },
  { name: '20261127-0019-outbox', class: Migration20261127000019Outbox },
  { name: '20261127-0020-stream-tickets', class: Migration20261127000020StreamTickets },
];
