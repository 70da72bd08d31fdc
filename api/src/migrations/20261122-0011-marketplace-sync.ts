import { Migration } from '@mikro-orm/migrations';

/**
 * Marketplace sync (issue #6): a connection per marketplace channel (tokens sealed at rest),
 * listings and their per-variant external references, the durable job queue every after-commit
 * effect goes through, inbound webhook events stored by their platform id, the sync log and drift
 * found by reconciliation, and batch operations with per-item requests and answers.
 */
export class Migration20261122000011MarketplaceSync extends Migration {
  override name = '20261122-0011-marketplace-sync';

  override up(): void {
    this.addSql(`
      CREATE TABLE channel_connections (
        id uuid PRIMARY KEY,
        business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
        channel_id uuid NOT NULL,
        platform text NOT NULL CHECK (platform IN ('ebay', 'shopify', 'square')),
        environment text NOT NULL CHECK (environment IN ('production', 'sandbox', 'simulator')),
        api_base_url text NOT NULL,
        auth_base_url text,
        shop_domain text,
        external_account_id text,
        account_name text,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'connected', 'reconnect_needed', 'disconnected')),
        status_reason text,
        -- sealed-box.ts JSON of { accessToken, refreshToken, expiresAt, scopes }; never plain text.
        credentials_sealed text,
        token_expires_at timestamptz,
        -- Square's subscription signature key; sealed like the tokens.
        webhook_secret_sealed text,
        settings jsonb NOT NULL DEFAULT '{}',
        connected_at timestamptz,
        last_sync_at timestamptz,
        last_error text,
        last_error_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (business_id, id),
        UNIQUE (business_id, channel_id),
        FOREIGN KEY (business_id, channel_id) REFERENCES sales_channels (business_id, id) ON DELETE CASCADE
      )`);
    this.addSql(`CREATE INDEX channel_connections_refresh ON channel_connections (token_expires_at) WHERE status = 'connected'`);

    this.addSql(`
      CREATE TABLE channel_listings (
        id uuid PRIMARY KEY,
        business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
        connection_id uuid NOT NULL,
        product_id uuid NOT NULL,
        external_id text,
        external_url text,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'active', 'ended', 'error')),
        price_override_cents integer CHECK (price_override_cents >= 0),
        quantity_cap integer CHECK (quantity_cap >= 0),
        quantity_buffer integer CHECK (quantity_buffer BETWEEN 0 AND 1000),
        last_error text,
        listed_at timestamptz,
        ended_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (business_id, id),
        UNIQUE (connection_id, product_id),
        FOREIGN KEY (business_id, connection_id) REFERENCES channel_connections (business_id, id) ON DELETE CASCADE,
        FOREIGN KEY (business_id, product_id) REFERENCES products (business_id, id) ON DELETE CASCADE
      )`);
    this.addSql('CREATE INDEX channel_listings_product ON channel_listings (business_id, product_id)');

    this.addSql(`
      CREATE TABLE channel_listing_variants (
        id uuid PRIMARY KEY,
        business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
        listing_id uuid NOT NULL,
        connection_id uuid NOT NULL,
        variant_id uuid NOT NULL,
        external_sku text NOT NULL,
        -- The adapter's VariantRef (offer id, inventory item id, variation id …) as it returned it.
        external_ref jsonb NOT NULL DEFAULT '{}',
        pushed_quantity integer,
        pushed_price_cents integer,
        pushed_at timestamptz,
        channel_quantity integer,
        channel_checked_at timestamptz,
        last_error text,
        last_error_at timestamptz,
        UNIQUE (connection_id, variant_id),
        FOREIGN KEY (business_id, listing_id) REFERENCES channel_listings (business_id, id) ON DELETE CASCADE,
        FOREIGN KEY (business_id, variant_id) REFERENCES variants (business_id, id) ON DELETE CASCADE
      )`);
    this.addSql('CREATE INDEX channel_listing_variants_variant ON channel_listing_variants (business_id, variant_id)');
    this.addSql('CREATE INDEX channel_listing_variants_sku ON channel_listing_variants (connection_id, lower(external_sku))');

    // The durable queue. At most one queued job per coalesce key: a second enqueue while one waits
    // only pulls its run time forward, and the worker reads current state when it runs.
    this.addSql(`
      CREATE TABLE jobs (
        id uuid PRIMARY KEY,
        business_id uuid REFERENCES businesses(id) ON DELETE CASCADE,
        kind text NOT NULL,
        coalesce_key text,
        payload jsonb NOT NULL DEFAULT '{}',
        status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        max_attempts integer NOT NULL DEFAULT 8 CHECK (max_attempts >= 1),
        run_at timestamptz NOT NULL DEFAULT now(),
        locked_until timestamptz,
        locked_by text,
        last_error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz
      )`);
    this.addSql(`CREATE UNIQUE INDEX jobs_coalesce_queued ON jobs (coalesce_key) WHERE status = 'queued'`);
    this.addSql(`CREATE INDEX jobs_coalesce_running ON jobs (coalesce_key) WHERE status = 'running'`);
    this.addSql(`CREATE INDEX jobs_due ON jobs (run_at) WHERE status = 'queued'`);
    this.addSql(`CREATE INDEX jobs_business ON jobs (business_id, kind, status)`);

    this.addSql(`
      CREATE TABLE webhook_events (
        id uuid PRIMARY KEY,
        business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
        connection_id uuid NOT NULL,
        platform text NOT NULL,
        event_id text NOT NULL,
        topic text NOT NULL,
        kind text NOT NULL,
        status text NOT NULL DEFAULT 'received' CHECK (status IN ('received', 'processed', 'ignored', 'failed')),
        payload jsonb NOT NULL,
        deliveries integer NOT NULL DEFAULT 1,
        error text,
        received_at timestamptz NOT NULL DEFAULT now(),
        processed_at timestamptz,
        UNIQUE (connection_id, event_id),
        FOREIGN KEY (business_id, connection_id) REFERENCES channel_connections (business_id, id) ON DELETE CASCADE
      )`);
    this.addSql('CREATE INDEX webhook_events_recent ON webhook_events (business_id, connection_id, received_at DESC)');
    this.addSql(`
      CREATE TABLE webhook_rejections (
        id uuid PRIMARY KEY,
        business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
        connection_id uuid NOT NULL,
        reason text NOT NULL,
        remote_ip text,
        received_at timestamptz NOT NULL DEFAULT now(),
        FOREIGN KEY (business_id, connection_id) REFERENCES channel_connections (business_id, id) ON DELETE CASCADE
      )`);
    this.addSql('CREATE INDEX webhook_rejections_recent ON webhook_rejections (business_id, connection_id, received_at DESC)');

    this.addSql(`
      CREATE TABLE sync_log (
        id uuid PRIMARY KEY,
        business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
        connection_id uuid NOT NULL,
        variant_id uuid,
        batch_id uuid,
        operation text NOT NULL CHECK (operation IN ('quantity', 'price', 'list', 'end', 'order_import', 'reconcile', 'refresh')),
        ok boolean NOT NULL,
        quantity integer,
        price_cents integer,
        error text,
        request jsonb,
        response jsonb,
        duration_ms integer,
        created_at timestamptz NOT NULL DEFAULT now(),
        FOREIGN KEY (business_id, connection_id) REFERENCES channel_connections (business_id, id) ON DELETE CASCADE
      )`);
    this.addSql('CREATE INDEX sync_log_connection ON sync_log (business_id, connection_id, created_at DESC)');
    this.addSql('CREATE INDEX sync_log_variant ON sync_log (business_id, variant_id, created_at DESC) WHERE variant_id IS NOT NULL');

    this.addSql(`
      CREATE TABLE sync_drift (
        id uuid PRIMARY KEY,
        business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
        connection_id uuid NOT NULL,
        variant_id uuid NOT NULL,
        ours integer NOT NULL,
        theirs integer NOT NULL,
        detected_at timestamptz NOT NULL DEFAULT now(),
        resolved_at timestamptz,
        resolution text,
        FOREIGN KEY (business_id, connection_id) REFERENCES channel_connections (business_id, id) ON DELETE CASCADE
      )`);
    this.addSql('CREATE UNIQUE INDEX sync_drift_open ON sync_drift (connection_id, variant_id) WHERE resolved_at IS NULL');

    this.addSql(`
      CREATE TABLE batch_operations (
        id uuid PRIMARY KEY,
        business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
        connection_id uuid NOT NULL,
        platform text NOT NULL,
        operation_type text NOT NULL CHECK (operation_type IN ('list', 'relist', 'end', 'price', 'quantity')),
        status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'completed', 'partially_failed', 'failed')),
        total integer NOT NULL CHECK (total >= 1),
        succeeded integer NOT NULL DEFAULT 0,
        failed integer NOT NULL DEFAULT 0,
        created_by uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz,
        finished_at timestamptz,
        UNIQUE (business_id, id),
        FOREIGN KEY (business_id, connection_id) REFERENCES channel_connections (business_id, id) ON DELETE CASCADE
      )`);
    this.addSql('CREATE INDEX batch_operations_recent ON batch_operations (business_id, created_at DESC)');
    this.addSql(`
      CREATE TABLE batch_operation_items (
        id uuid PRIMARY KEY,
        business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
        batch_id uuid NOT NULL,
        seq integer NOT NULL,
        product_id uuid,
        variant_id uuid,
        sku text,
        input jsonb NOT NULL DEFAULT '{}',
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'succeeded', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        request jsonb,
        response jsonb,
        error text,
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (batch_id, seq),
        FOREIGN KEY (business_id, batch_id) REFERENCES batch_operations (business_id, id) ON DELETE CASCADE
      )`);
    this.addSql('CREATE INDEX batch_operation_items_status ON batch_operation_items (batch_id, status, seq)');
  }

  override down(): void {
    for (const table of [
      'batch_operation_items',
      'batch_operations',
      'sync_drift',
      'sync_log',
      'webhook_rejections',
      'webhook_events',
      'jobs',
      'channel_listing_variants',
      'channel_listings',
      'channel_connections',
    ]) {
      this.addSql(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
