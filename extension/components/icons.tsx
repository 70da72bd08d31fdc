/** The few icons the panels need, drawn inline (the extension does not ship an icon font or library). */
type IconProps = { className?: string };

const svgProps = { width: 16, height: 16, viewBox: '0 0 16 16', fill: 'none' } as const;

export function ChevronDownIcon({ className }: IconProps) {
  return (
    <svg {...svgProps} aria-hidden="true" className={className}>
      <path d="M4 6l4 4 4-4" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function OpenIcon({ className }: IconProps) {
  return (
    <svg {...svgProps} aria-hidden="true" className={className}>
      <path
        d="M9 3h4v4M13 3L7.5 8.5M11 9.5V12a1 1 0 01-1 1H4a1 1 0 01-1-1V6a1 1 0 011-1h2.5"
        stroke="currentColor"
        strokeWidth="1.3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function AddIcon({ className }: IconProps) {
  return (
    <svg {...svgProps} aria-hidden="true" className={className}>
      <path d="M8 3v10M3 8h10" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
    </svg>
  );
}

/** The Tradepost mark: the toolbar icon's "T" on the brand colour. */
export function TradepostMark({ className }: IconProps) {
  return (
    <svg width={20} height={20} viewBox="0 0 20 20" aria-hidden="true" className={className}>
      <rect width="20" height="20" rx="4.5" fill="#554fee" />
      <path d="M5 5h10v2.6h-3.6V15H8.6V7.6H5z" fill="#fff" />
    </svg>
  );
}
