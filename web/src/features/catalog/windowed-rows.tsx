import { type CSSProperties, Fragment, type ReactNode, useCallback, useLayoutEffect, useRef, useState } from 'react';

type Range = { start: number; end: number };

type WindowedRowsProps<T> = {
  items: readonly T[];
  /** Every row has this height in pixels: the list is as tall as all of them, and only the visible ones exist. */
  rowHeight: number;
  /** Rows rendered above and below the visible ones, so fast scrolling and tabbing rarely meet a gap. */
  overscan?: number;
  getKey: (item: T, index: number) => string;
  /** Must put `style` (absolute position and height) on the row's outer element. */
  renderRow: (item: T, index: number, style: CSSProperties) => ReactNode;
  /** Called when the rendered rows come within `overscan` of the end (load the next page). */
  onNearEnd?: () => void;
  className?: string;
  /** The element holding the rows: a `tbody` inside a table, a `div` otherwise. */
  as?: 'div' | 'tbody' | 'ul';
};

function sameRange(a: Range, b: Range): boolean {
  return a.start === b.start && a.end === b.end;
}

/**
 * A list that renders only the rows in view, measured against the page's own scroll (the main
 * layout scrolls the document), so 100k products cost the same as 50. No dependency: rows have a
 * fixed height, which is all the arithmetic needs.
 */
export function WindowedRows<T>({
  items,
  rowHeight,
  overscan = 8,
  getKey,
  renderRow,
  onNearEnd,
  className,
  as: Container = 'div',
}: WindowedRowsProps<T>) {
  const ref = useRef<HTMLElement>(null);
  const [range, setRange] = useState<Range>({ start: 0, end: Math.min(items.length, 30) });
  const count = items.length;

  const measure = useCallback(() => {
    const element = ref.current;
    if (element === null) return;
    const top = element.getBoundingClientRect().top;
    const viewport = window.innerHeight || document.documentElement.clientHeight;
    const first = Math.floor(Math.max(0, -top) / rowHeight);
    const last = Math.ceil(Math.max(0, viewport - top) / rowHeight);
    const next = { start: Math.max(0, first - overscan), end: Math.min(count, last + overscan) };
    setRange((current) => (sameRange(current, next) ? current : next));
  }, [count, rowHeight, overscan]);

  useLayoutEffect(() => {
    measure();
    let frame = 0;
    const schedule = () => {
      if (frame !== 0) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        measure();
      });
    };
    // Capture: a scroll of any ancestor moves the rows too.
    window.addEventListener('scroll', schedule, { capture: true, passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule, { capture: true });
      window.removeEventListener('resize', schedule);
      if (frame !== 0) cancelAnimationFrame(frame);
    };
  }, [measure]);

  const nearEnd = count > 0 && range.end >= count - overscan;
  useLayoutEffect(() => {
    if (nearEnd) onNearEnd?.();
  }, [nearEnd, onNearEnd]);

  const rows: ReactNode[] = [];
  for (let index = range.start; index < Math.min(range.end, count); index += 1) {
    const item = items[index] as T;
    rows.push(
      <Fragment key={getKey(item, index)}>
        {renderRow(item, index, { position: 'absolute', top: index * rowHeight, left: 0, right: 0, height: rowHeight })}
      </Fragment>,
    );
  }

  return (
    <Container ref={ref as never} className={className} style={{ display: 'block', position: 'relative', height: count * rowHeight }}>
      {rows}
    </Container>
  );
}
