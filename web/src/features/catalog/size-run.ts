import { getSizeFormat, isSizeFormatId, sizeLabel } from '@tradepost/shared/domain/sizes/size-formats.ts';

/** A size run as the screens need it, built-in or the business's own: its sizes in order and how each reads. */
export type SizeRun = {
  id: string;
  name: string;
  sizes: readonly string[];
  /** 'US M 10.5' for a built-in run; a custom size is its own label. */
  label: (size: string) => string;
};

/** How a size of a product reads, whatever its format. */
export function sizeText(formatId: string, size: string): string {
  return isSizeFormatId(formatId) ? sizeLabel(formatId, size) : size;
}

export function sizeRunOf(format: { id: string; name: string; sizes: readonly string[] }): SizeRun {
  if (isSizeFormatId(format.id)) {
    const builtIn = getSizeFormat(format.id);
    return { id: builtIn.id, name: builtIn.name, sizes: builtIn.values, label: (size) => sizeLabel(builtIn.id, size) };
  }
  return { id: format.id, name: format.name, sizes: format.sizes, label: (size) => size };
}
