import { Migration } from '@mikro-orm/migrations';

/**
 * PDF import (issue #18): how each vendor's invoices are read (`vendor_import_rules`, one row per
 * vendor once the user saves rules; none means the defaults), and each uploaded PDF's text lines
 * (`purchase_import_documents`), read once so rules can be tried on it again and again without
 * sending the file each time. The file itself is not kept; its lines are deleted after a day
 * (the module's retention).
 */
export class Migration20261127000032PurchaseImport extends Migration {
  override name = '20261127-0032-purchase-import';

  override up(): void {
    this.addSql(`
      CREATE TABLE vendor_import_rules (
        business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
        vendor_id uuid NOT NULL,
        rules jsonb NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (business_id, vendor_id),
        FOREIGN KEY (business_id, vendor_id) REFERENCES vendors (business_id, id) ON DELETE CASCADE
      )`);
    this.addSql(`
      CREATE TABLE purchase_import_documents (
        id uuid PRIMARY KEY,
        business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
        file_name text,
        page_count integer NOT NULL CHECK (page_count >= 0),
        has_text boolean NOT NULL,
        -- [{ "page": 1, "text": "DD1391-100  Dunk Low  10  2  $110.00" }, …] in reading order.
        lines jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // The retention sweep deletes by age across businesses.
    this.addSql('CREATE INDEX purchase_import_documents_created_at ON purchase_import_documents (created_at)');
  }
}
