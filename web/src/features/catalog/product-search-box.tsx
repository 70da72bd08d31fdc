import { Field, Input } from '@fluentui/react-components';
import { BarcodeScannerRegular, SearchRegular } from '@fluentui/react-icons';
import { type KeyboardEvent, type RefObject, useRef } from 'react';
import { scanFieldProps } from '../scanner/scan-listener.ts';

/** A hardware scanner types a whole code in a burst: keys this close together (ms) were not typed by a person. */
const SCANNER_MAX_GAP_MS = 35;
const SCANNER_MIN_KEYS = 4;

type ProductSearchBoxProps = {
  value: string;
  onChange: (value: string) => void;
  /** Enter: search now. `scanned` is true when the text arrived as a scanner burst. */
  onSubmit?: (value: string, scanned: boolean) => void;
  label?: string;
  hint?: string;
  autoFocus?: boolean;
  inputRef?: RefObject<HTMLInputElement | null>;
  className?: string;
  scanner?: boolean;
  /** Scans typed while this box has focus stay in it (the page's scan handler gets the others). */
  scanField?: boolean;
};

/**
 * The search field of the catalog: type to search, or scan a barcode into it (a USB or Bluetooth
 * scanner is a fast keyboard that ends with Enter).
 */
export function ProductSearchBox({
  value,
  onChange,
  onSubmit,
  label = 'Search products',
  hint,
  autoFocus,
  inputRef,
  className,
  scanner = false,
  scanField = false,
}: ProductSearchBoxProps) {
  const stamps = useRef<number[]>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      const times = stamps.current;
      const gaps = times.slice(1).map((time, i) => time - (times[i] ?? time));
      const scanned = times.length >= SCANNER_MIN_KEYS && gaps.every((gap) => gap <= SCANNER_MAX_GAP_MS);
      stamps.current = [];
      onSubmit?.(event.currentTarget.value, scanned);
      return;
    }
    if (event.key === 'Escape' && value !== '') {
      event.preventDefault();
      onChange('');
      stamps.current = [];
      return;
    }
    if (event.key.length === 1) {
      const now = performance.now();
      const last = stamps.current.at(-1);
      // A pause starts a new burst: only the keys just before Enter decide whether it was a scan.
      stamps.current = last !== undefined && now - last > SCANNER_MAX_GAP_MS ? [now] : [...stamps.current, now];
    }
  };

  return (
    <Field label={label} hint={hint} className={className}>
      <Input
        ref={inputRef}
        type="search"
        value={value}
        autoFocus={autoFocus}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        contentBefore={scanner ? <BarcodeScannerRegular aria-hidden="true" /> : <SearchRegular aria-hidden="true" />}
        onChange={(_, data) => onChange(data.value)}
        onKeyDown={onKeyDown}
        {...(scanField ? scanFieldProps : {})}
      />
    </Field>
  );
}
