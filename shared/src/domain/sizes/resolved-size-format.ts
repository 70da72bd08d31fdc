import { canonicalSize, compareSizes, getSizeFormat, isSizeFormatId } from './size-formats.ts';

/**
 * One shape for built-in and custom size formats, so the catalog validates and sorts a product's
 * sizes without caring which kind its format is.
 */
export type ResolvedSizeFormat = {
  readonly id: string;
  readonly name: string;
  /** Canonical sizes in run order. */
  readonly sizes: readonly string[];
  /** The run's own spelling of a size ('7y' → '7Y'), or null when the run does not hold it. */
  canonical(raw: string): string | null;
  /** Sort comparator in run order; sizes outside the run sort last, in string order. */
  compare(a: string, b: string): number;
  readonly isCustom: boolean;
};

/** Custom formats are stored per business; their ids carry a prefix so they never collide with built-in ids. */
export const CUSTOM_SIZE_FORMAT_PREFIX = 'custom:';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function customSizeFormatId(uuid: string): string {
  return `${CUSTOM_SIZE_FORMAT_PREFIX}${uuid.toLowerCase()}`;
}

/** The row id inside a `custom:<uuid>` format id, or null when the id is not a well-formed custom id. */
export function customSizeFormatUuid(formatId: string): string | null {
  if (!formatId.startsWith(CUSTOM_SIZE_FORMAT_PREFIX)) return null;
  const uuid = formatId.slice(CUSTOM_SIZE_FORMAT_PREFIX.length);
  return UUID.test(uuid) ? uuid.toLowerCase() : null;
}

export function isCustomSizeFormatId(formatId: string): boolean {
  return customSizeFormatUuid(formatId) !== null;
}

/** How custom sizes are compared: case and runs of whitespace never make two sizes different. */
export function customSizeKey(size: string): string {
  return size.replace(/\s+/g, ' ').trim().toLowerCase();
}

export function resolveBuiltInSizeFormat(formatId: string): ResolvedSizeFormat | null {
  if (!isSizeFormatId(formatId)) return null;
  const format = getSizeFormat(formatId);
  return {
    id: format.id,
    name: format.name,
    sizes: format.values,
    canonical: (raw) => canonicalSize(format.id, raw),
    compare: (a, b) => compareSizes(format.id, a, b),
    isCustom: false,
  };
}

/** A custom run as the catalog sees it. `sizes` are stored canonical, in the owner's order. */
export function resolveCustomSizeFormat(format: {
  readonly id: string;
  readonly name: string;
  readonly sizes: readonly string[];
}): ResolvedSizeFormat {
  const index = new Map(format.sizes.map((size, position) => [customSizeKey(size), position]));
  const position = (size: string) => index.get(customSizeKey(size)) ?? -1;
  return {
    id: format.id,
    name: format.name,
    sizes: format.sizes,
    canonical: (raw) => {
      const at = position(raw);
      return at === -1 ? null : (format.sizes[at] ?? null);
    },
    compare: (a, b) => {
      const ia = position(a);
      const ib = position(b);
      if (ia !== -1 && ib !== -1) return ia - ib;
      if (ia !== -1) return -1;
      if (ib !== -1) return 1;
      return a < b ? -1 : a > b ? 1 : 0;
    },
    isCustom: true,
  };
}
