import type { UseQueryResult } from '@tanstack/react-query';
import type { HighestBidReport, HighestBidRow } from '@tradepost/shared/schemas/highest-bid.ts';
import { useAtom } from 'jotai';
import { useCallback, useEffect, useRef } from 'react';
import { useVariantByCode } from '../../features/catalog/use-variant-by-code.ts';
import type { VariantInfo } from '../../features/catalog/variant-info.ts';
import type { BusinessScope } from '../../features/session/use-business-scope.ts';
import { addCounterItem, applyOffers, type CounterCartLine, type CounterItem, inStoreCartAtom } from './in-store-cart.ts';
import { guidanceByVariant, useCounterGuidance } from './use-counter-guidance.ts';

export type InStoreCart = {
  lines: CounterCartLine[];
  setLines: (update: (lines: CounterCartLine[]) => CounterCartLine[]) => void;
  /** The guidance for the cart's sizes. */
  guidance: UseQueryResult<HighestBidReport>;
  guidanceRows: Map<string, HighestBidRow>;
  /** Adds one unit of the size (its offer when the guidance knows it). */
  add: (item: CounterItem) => void;
  /** Finds a scanned or typed barcode/SKU and adds its size; the size added, or null when none has it. */
  addByCode: (code: string) => Promise<VariantInfo | null>;
  clear: () => void;
};

export const counterItemOf = (info: VariantInfo): CounterItem => ({
  variantId: info.variantId,
  productId: info.productId,
  title: info.title,
  size: info.size,
  sku: info.sku,
});

/** The in-store purchase's cart (sessionStorage), its guidance, and prices prefilled from the offers as they arrive. */
export function useInStoreCart(scope: BusinessScope | undefined, extraGuidance: readonly string[] = []): InStoreCart {
  const currency = scope?.currency ?? 'USD';
  const [lines, setAtom] = useAtom(inStoreCartAtom);
  const guidance = useCounterGuidance(scope, [...lines.map((line) => line.variantId), ...extraGuidance]);
  const guidanceRows = guidanceByVariant(guidance.data);
  const lookup = useVariantByCode(scope);

  const latestLines = useRef(lines);
  latestLines.current = lines;
  const setLines = useCallback(
    (update: (lines: CounterCartLine[]) => CounterCartLine[]) => setAtom(update(latestLines.current)),
    [setAtom],
  );

  // A size added before its guidance answered takes the offer (and, with no price typed, starts from it).
  const report = guidance.isPlaceholderData ? undefined : guidance.data;
  useEffect(() => {
    if (report === undefined) return;
    const offers = new Map(report.items.map((row) => [row.variant_id, row.highest_bid_cents]));
    const next = applyOffers(latestLines.current, offers, currency);
    if (next !== latestLines.current) setAtom(next);
  }, [report, currency, setAtom]);

  const rowsRef = useRef(guidanceRows);
  rowsRef.current = guidanceRows;
  const add = useCallback(
    (item: CounterItem) => {
      const row = rowsRef.current.get(item.variantId);
      setLines((current) => addCounterItem(current, item, row === undefined ? undefined : row.highest_bid_cents, currency));
    },
    [setLines, currency],
  );

  const addByCode = useCallback(
    async (code: string) => {
      const info = await lookup(code);
      if (info !== null) add(counterItemOf(info));
      return info;
    },
    [lookup, add],
  );

  const clear = useCallback(() => setAtom([]), [setAtom]);
  return { lines, setLines, guidance, guidanceRows, add, addByCode, clear };
}
