import type { BatchOperation } from '@tradepost/shared/schemas/batch-operations.ts';
import { operationLabels } from '../../features/batch-operations/batch-labels.ts';
import { platformLabels } from '../../features/connections/connection-labels.ts';

/** "Change price on eBay", or for a change to the catalog itself (no marketplace) "Change catalog prices". */
export const batchTitle = (batch: Pick<BatchOperation, 'operation_type' | 'platform'>): string =>
  batch.platform === null
    ? operationLabels[batch.operation_type]
    : `${operationLabels[batch.operation_type]} on ${platformLabels[batch.platform]}`;
