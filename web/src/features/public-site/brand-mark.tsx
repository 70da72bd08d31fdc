import styles from './brand-mark.module.css';
import { cx } from './cx.ts';

type BrandMarkProps = { size?: number; onBrand?: boolean };

/** The Tradepost mark: a "T" whose dot is the one pair that must never sell twice. */
export function BrandMark({ size = 28, onBrand = false }: BrandMarkProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" className={onBrand ? styles.tileOnBrand : styles.tile} />
      <path d="M9 10h14v3.2h-5.4V23h-3.2v-9.8H9z" className={onBrand ? styles.glyphOnBrand : styles.glyph} />
      <circle cx="22.5" cy="21.5" r="2" className={onBrand ? styles.glyphOnBrand : styles.dot} />
    </svg>
  );
}

/** Mark and word; used as the home link in headers. */
export function BrandLogo({ onBrand = false, className }: { onBrand?: boolean; className?: string }) {
  return (
    <span className={cx(styles.logo, onBrand && styles.onBrand, className)}>
      <BrandMark onBrand={onBrand} />
      <span className={styles.word}>Tradepost</span>
    </span>
  );
}
