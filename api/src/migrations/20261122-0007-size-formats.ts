import { Migration } from '@mikro-orm/migrations';

/** Custom size formats per business, learned size rules and the queue of unmatched size strings. */
export class Migration20261122000007SizeFormats extends Migration {
  override name = '20261122-0007-size-formats';

  override up(): void {
    // A business's own run ('1Y … 7Y', ring sizes). Products name it as 'custom:<id>' in size_format.
    this.addSql(`
      CREATE TABLE custom_size_formats (
        id uuid PRIMARY KEY,
        business_id uuid NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
        category text CHECK (category IN ('sneakers', 'apparel', 'accessories', 'collectibles', 'other')),
        sizes text[] NOT NULL CHECK (cardinality(sizes) BETWEEN 1 AND 200),
        conversion_format text,
        conversions jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (business_id, id),
        CHECK (conversion_format IS NOT NULL OR conversions = '{}'::jsonb)
      )`);
    this.addSql('CREATE UNIQUE INDEX custom_size_formats_name_key ON custom_size_formats (business_id, lower(name))');

    // A size string an admin matched by hand. business_id NULL = global; a business's own rule wins.
    this.addSql(`
      CREATE TABLE size_rules (
        id uuid PRIMARY KEY,
        business_id uuid REFERENCES businesses(id) ON DELETE CASCADE,
        pattern text NOT NULL CHECK (length(pattern) BETWEEN 1 AND 200),
        format_id text NOT NULL,
        value text NOT NULL CHECK (length(value) BETWEEN 1 AND 40),
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    this.addSql('CREATE UNIQUE INDEX size_rules_global_pattern_key ON size_rules (pattern) WHERE business_id IS NULL');
    this.addSql('CREATE UNIQUE INDEX size_rules_business_pattern_key ON size_rules (business_id, pattern) WHERE business_id IS NOT NULL');

    // Unmatched strings, one row per (pattern, format hint); format_hint '' = no hint, so the key stays unique.
    this.addSql(`
      CREATE TABLE size_match_queue (
        id uuid PRIMARY KEY,
        pattern text NOT NULL CHECK (length(pattern) BETWEEN 1 AND 200),
        raw text NOT NULL,
        format_hint text NOT NULL DEFAULT '',
        sources text[] NOT NULL DEFAULT '{}',
        business_ids uuid[] NOT NULL DEFAULT '{}',
        seen_count integer NOT NULL DEFAULT 1 CHECK (seen_count >= 1),
        status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'matched', 'dismissed')),
        rule_id uuid REFERENCES size_rules(id) ON DELETE SET NULL,
        first_seen_at timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz NOT NULL DEFAULT now(),
        resolved_at timestamptz,
        UNIQUE (pattern, format_hint)
      )`);
    this.addSql('CREATE INDEX size_match_queue_open_idx ON size_match_queue (status, seen_count DESC, last_seen_at DESC)');
  }
}
