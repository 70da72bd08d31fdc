import type { AreaModule } from '../platform/module.ts';
import { analyticsModule } from './analytics/index.ts';
import { authModule } from './auth/index.ts';
import { batchOperationsModule } from './batch-operations/index.ts';
import { bugReportsModule } from './bug-reports/index.ts';
import { businessesModule } from './businesses/index.ts';
import { catalogModule } from './catalog/index.ts';
import { catalogIoModule } from './catalog-io/index.ts';
import { connectionsModule } from './connections/index.ts';
import { eventsModule } from './events/index.ts';
import { inventoryModule } from './inventory/index.ts';
import { mediaModule } from './media/index.ts';
import { outboxModule } from './outbox/index.ts';
import { preferencesModule } from './preferences/index.ts';
import { preownedModule } from './preowned/index.ts';
import { purchaseImportModule } from './purchase-import/index.ts';
import { purchasingModule } from './purchasing/index.ts';
import { realtimeModule } from './realtime/index.ts';
import { salesModule } from './sales/index.ts';
import { sizesModule } from './sizes/index.ts';
import { subscriptionsModule } from './subscriptions/index.ts';
import { syncModule } from './sync/index.ts';
import { systemModule } from './system/index.ts';
import { teamModule } from './team/index.ts';
import { tradesModule } from './trades/index.ts';

/**
 * Every area of the API, in the order their routes are registered. app.ts builds routes, jobs,
 * event subscriptions and OpenAPI tags from this list, and the ORM its entities: a new area is one
 * more line here (see docs/architecture.md, "Adding an area").
 */
export const modules: readonly AreaModule[] = [
  systemModule,
  authModule,
  preferencesModule,
  subscriptionsModule,
  realtimeModule,
  bugReportsModule,
  businessesModule,
  teamModule,
  catalogModule,
  catalogIoModule,
  inventoryModule,
  preownedModule,
  mediaModule,
  salesModule,
  analyticsModule,
  sizesModule,
  connectionsModule,
  syncModule,
  batchOperationsModule,
  eventsModule,
  outboxModule,
  purchasingModule,
  purchaseImportModule,
  tradesModule,
];

export const entities = modules.flatMap((module) => module.entities ?? []);
