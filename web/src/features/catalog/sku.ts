/** A SKU made of the style code (or the title) and the size: 'DZ5485-612' + '10.5' → 'DZ5485-612-10.5'. */
export function generateSku(styleCode: string, title: string, size: string): string {
  const base = styleCode.trim() !== '' ? styleCode : title.split(/\s+/).filter(Boolean).slice(0, 4).join('-');
  const clean = (text: string) =>
    text
      .trim()
      .toUpperCase()
      .replace(/\s+/g, '-')
      .replace(/[^A-Z0-9._/-]/g, '');
  const stem = clean(base).slice(0, 40) || 'ITEM';
  return `${stem}-${clean(size)}`.slice(0, 64);
}
