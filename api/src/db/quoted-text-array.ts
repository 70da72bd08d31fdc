import { ArrayType, type Platform, type TransformContext } from '@mikro-orm/core';

/**
 * A `text[]` column written as an array literal with every element quoted. MikroORM's own array
 * type quotes only elements with commas, braces, quotes or backslashes, so PostgreSQL reads an
 * element spelled `null` (any case) as NULL and trims one with spaces at its ends.
 */
export class QuotedTextArrayType extends ArrayType<string> {
  override convertToDatabaseValue(value: string[] | null, platform: Platform, context?: TransformContext): string | null {
    if (!Array.isArray(value)) return super.convertToDatabaseValue(value, platform, context);
    return `{${value.map((item) => `"${item.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;
  }
}
