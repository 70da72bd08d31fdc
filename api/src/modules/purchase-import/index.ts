import { defineModule } from '../../platform/module.ts';
import { purchaseImportRoutes } from './purchase-import.routes.ts';

/** PDF import (issue #18): a vendor's invoice or order PDF read into purchase-order lines. */
export const purchaseImportModule = defineModule({
  name: 'purchase-import',
  description:
    "A vendor's invoice or order PDF read into purchase-order lines: its text extracted, item lines found with the vendor's parsing rules, each matched to one of our sizes or flagged.",
  businessRoutes: [purchaseImportRoutes],
  ownedIds: {
    vendorId: { table: 'vendors', notFound: 'Vendor not found' },
    documentId: { table: 'purchase_import_documents', notFound: 'Import document not found' },
  },
  permissions: ['purchasing:read', 'purchasing:write'],
  retention: [
    {
      table: 'purchase_import_documents',
      column: 'created_at',
      keep: '1 days',
      why: 'an upload is reviewed and turned into a purchase order the same day; its lines are only for trying parsing rules again',
    },
  ],
});
