import { defaultImportRules, type ImportRules } from '@tradepost/shared/schemas/purchase-import.ts';
import { describe, expect, it } from 'vitest';
import { findLines, isCodeToken, moneyCents, PatternTooSlow, patternProblem } from './line-finding.ts';
import { type PositionedText, pageLines, type TextLine } from './pdf-text.ts';

const page = (text: string, number = 1): TextLine[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => ({ page: number, text: line }));
const rules = (overrides: Partial<ImportRules> = {}): ImportRules => ({ ...defaultImportRules, ...overrides });
const brief = (lines: ReturnType<typeof findLines>) =>
  lines.map(({ sku, size, quantity, unitCostCents }) => ({ sku, size, quantity, unitCostCents }));

describe('tokens', () => {
  it('tells style codes and SKUs from sizes, prices and words', () => {
    for (const code of ['DD1391-100', 'CW2288-111', 'FZ5897', '555088-134', 'M990GL6', 'DD1391-100-10'])
      expect(isCodeToken(code), code).toBe(true);
    for (const other of ['10.5', 'US10', 'M10', '7Y', '$110.00', 'Dunk', '2024-01-15', 'INV', '12'])
      expect(isCodeToken(other), other).toBe(false);
  });

  it('reads money in the forms invoices print', () => {
    expect(moneyCents('$110.00')).toBe(11000);
    expect(moneyCents('110.00')).toBe(11000);
    expect(moneyCents('1,250.00')).toBe(125000);
    expect(moneyCents('$110')).toBe(11000);
    expect(moneyCents('2,99')).toBe(299);
    expect(moneyCents('1.250,00')).toBe(125000);
    expect(moneyCents('110')).toBeNull();
    expect(moneyCents('10.5')).toBeNull();
  });
});

describe('auto mode', () => {
  it('reads a table row by position: code, description, size, quantity, unit and total', () => {
    const lines = page(`
      Sneaker Supply Co — Invoice INV-20931
      Style  Description  Size  Qty  Unit  Total
      DD1391-100  Nike Dunk Low Retro White Black  10  2  $110.00  $220.00
      CW2288-111  Air Force 1 '07  US 10.5  1  $100.00  $100.00
      FZ5897  Forum Low  M 9½  3  90.00  270.00
      555088-134  Air Jordan 1 Retro High OG  11  1  $180.00  $180.00
      Subtotal  7  $770.00
    `);
    expect(brief(findLines(lines, rules()))).toEqual([
      { sku: 'DD1391-100', size: '10', quantity: 2, unitCostCents: 11000 },
      { sku: 'CW2288-111', size: 'US 10.5', quantity: 1, unitCostCents: 10000 },
      { sku: 'FZ5897', size: 'M 9½', quantity: 3, unitCostCents: 9000 },
      // "Air Jordan 1" has a number in its name: the size is the one before the quantity.
      { sku: '555088-134', size: '11', quantity: 1, unitCostCents: 18000 },
    ]);
  });

  it('reads unit, quantity, total in that order, and 10 1/2 as one size', () => {
    const lines = page('DD1391-100 Dunk Low 10 1/2 $110.00 2 $220.00');
    expect(brief(findLines(lines, rules()))).toEqual([{ sku: 'DD1391-100', size: '10 1/2', quantity: 2, unitCostCents: 11000 }]);
  });

  it('reads labelled fields, on one line or as a block of lines', () => {
    const lines = page(`
      Style: DD1391-100 / Size: 10 / Qty: 2 @ $110.00
      Style: CW2288-111
      Size: US 10.5
      Qty: 1 @ $100.00
      Thank you for your order
    `);
    expect(brief(findLines(lines, rules()))).toEqual([
      { sku: 'DD1391-100', size: '10', quantity: 2, unitCostCents: 11000 },
      { sku: 'CW2288-111', size: 'US 10.5', quantity: 1, unitCostCents: 10000 },
    ]);
    expect(findLines(lines, rules())[1]?.text).toBe('Style: CW2288-111 / Size: US 10.5 / Qty: 1 @ $100.00');
  });

  it('takes the line total when told to, divided by the quantity', () => {
    const lines = page('DD1391-100 Dunk Low 10 2 $220.00');
    expect(findLines(lines, rules())[0]?.unitCostCents).toBe(22000);
    expect(findLines(lines, rules({ cost_is_line_total: true }))[0]?.unitCostCents).toBe(11000);
  });

  it('ignores lines before start_after and from stop_at, and lines without a code or a quantity', () => {
    const lines = page(`
      Ship to: PO-77812, 200 Main St
      Items
      DD1391-100 Dunk Low 10 2 $110.00 $220.00
      Gift wrap 1 $5.00
      CW2288-111 Air Force 1 9 1 $100.00 $100.00
      Totals
      AB1234-567 Promo 1 $0.00
    `);
    expect(findLines(lines, rules({ start_after: 'items', stop_at: 'TOTALS' })).map((line) => line.sku)).toEqual([
      'DD1391-100',
      'CW2288-111',
    ]);
    // Without them the promotion under the totals reads as an item; the address line never does
    // (a code and a number, but neither a price nor a labelled quantity), nor do the terms.
    expect(findLines(lines, rules()).map((line) => line.sku)).toEqual(['DD1391-100', 'CW2288-111', 'AB1234-567']);
    expect(findLines(page('Invoice INV-20931    Terms: Net 30'), rules())).toEqual([]);
  });

  // Real invoices' text from public test suites: what has no style code is not taken for an item.
  it('finds nothing in real invoices that list no style codes', () => {
    // cliche818/pdf_conversion_challenge, test/pdf_fixtures/hubdoc_invoice_5.txt (pdftotext output;
    // the e-mail addresses and layout kept, only the middle rows shortened).
    const hubdoc = page(`
      Invoice 1020                                       March 18, 2019
      Account                      Description                  Amount
                                   Business client on wholesale
      alan+abclient1@hubdoc.com                                 $25.00
                                   pricing
                                   Business client on 2019
      alan+abclient5@hubdoc.com                                 $12.50
                                   partner promotion
                                   Subtotal                     $125.00
                                   GST 13%                      $13.65
                                   Total                        $118.65
      HST/GST # 813417409
    `);
    expect(findLines(hubdoc, rules())).toEqual([]);
    // invoice-x/invoice2data, tests/custom/lines-basic.txt (as committed).
    const invoice2data = page(`
      Issue date: 2022-10-22
      Issuer: Lines Tests
      Invoice number: 007/10/2022
      Total: 123.40 EUR
      Columns start
      1. Apple      2 kg
      2. Tomato     0.5 kg
      3. Watermelon 1
      Columns end
    `);
    expect(findLines(invoice2data, rules())).toEqual([]);
  });
});

describe('pattern mode', () => {
  // jgroeneveld/rewe, rewebill/extract_test.go: a REWE delivery bill as its PDF's text (first page,
  // as committed). Its lines have no codes, so the user writes a pattern; prices have decimal commas.
  const rewe = page(`
    Rechnung OL20064800054179
    Bestellnummer: B-SQL-2ZV-SYB
    Bezeichnung Menge Einzelpreis Summe Pos. MwSt.
    REWE Beste Wahl Alaska-Seelachsfilets 400g 1 2,99 € 2,99 € B
    REWE Bio Maiswaffeln 115g 1 0,79 € 0,79 € B
    Wiltmann Bio-Geflügel-Lyoner 80g 2 1,69 € 3,38 € B
  `);

  it("reads lines with the user's named groups", () => {
    const pattern = '^(?<sku>.+?) (?<quantity>\\d+) (?<cost>\\d+,\\d{2}) € \\d+,\\d{2} € [AB]$';
    expect(patternProblem(pattern)).toBeNull();
    expect(brief(findLines(rewe, rules({ mode: 'pattern', pattern, start_after: 'Bezeichnung' })))).toEqual([
      { sku: 'REWE Beste Wahl Alaska-Seelachsfilets 400g', size: null, quantity: 1, unitCostCents: 299 },
      { sku: 'REWE Bio Maiswaffeln 115g', size: null, quantity: 1, unitCostCents: 79 },
      { sku: 'Wiltmann Bio-Geflügel-Lyoner 80g', size: null, quantity: 2, unitCostCents: 169 },
    ]);
  });

  it('reads size and a line total', () => {
    const lines = page('DD1391-100 | 10.5 | 2 | 220.00');
    const pattern = '^(?<sku>\\S+) \\| (?<size>[\\d.]+) \\| (?<quantity>\\d+) \\| (?<cost>[\\d.,]+)$';
    expect(brief(findLines(lines, rules({ mode: 'pattern', pattern, cost_is_line_total: true })))).toEqual([
      { sku: 'DD1391-100', size: '10.5', quantity: 2, unitCostCents: 11000 },
    ]);
  });

  it('stops a pattern that backtracks for ever instead of holding the server', () => {
    const lines = page(`${'a'.repeat(40)}!`);
    const runaway = rules({ mode: 'pattern', pattern: '^(?<sku>(?:a+)+)(?<quantity>\\d)$' });
    const started = Date.now();
    expect(() => findLines(lines, runaway, { patternBudgetMs: 50 })).toThrow(PatternTooSlow);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('names what is wrong with a pattern', () => {
    expect(patternProblem('(?<sku>\\S+) (')).toBe('The pattern is not a valid regular expression');
    expect(patternProblem('(?<sku>\\S+) (\\d+)')).toBe('The pattern needs the named groups (?<quantity>…)');
    expect(patternProblem('(\\S+) (\\d+)')).toBe('The pattern needs the named groups (?<sku>…) and (?<quantity>…)');
  });
});

describe('page layout', () => {
  const run = (text: string, x: number, y: number, size = 10): PositionedText => ({ text, x, y, width: text.length * size * 0.5, size });

  it('rebuilds rows from runs at the same height, left to right, with a wide gap kept as two spaces', () => {
    const lines = pageLines([
      run('10', 300, 700.4),
      run('DD1391-100', 40, 700),
      run('Dunk', 110, 700),
      run('Low', 133, 700),
      run('Header', 40, 720),
    ]);
    expect(lines).toEqual(['Header', 'DD1391-100  Dunk Low  10']);
    // A broken font map's NUL and half surrogate pair are no text (PostgreSQL's jsonb refuses NUL).
    expect(pageLines([run('Dunk\u0000Low\ud800', 40, 700)])).toEqual(['Dunk Low']);
  });

  it('reads a two-column page down the left column, then down the right one', () => {
    const items = [
      run('Order 1001 from Sneaker Supply Co, packed by hand in two columns', 40, 760),
      run('DD1391-100 Dunk Low 10 x2 $110.00', 40, 700),
      run('CW2288-111 AF1 9 x1 $100.00', 320, 700),
      run('DD1391-100 Dunk Low 11 x1 $110.00', 40, 680),
      run('FZ5897 Forum 8 x4 $90.00', 320, 680),
      run('Total 8 pairs', 40, 600),
    ];
    expect(pageLines(items)).toEqual([
      'Order 1001 from Sneaker Supply Co, packed by hand in two columns',
      'DD1391-100 Dunk Low 10 x2 $110.00',
      'DD1391-100 Dunk Low 11 x1 $110.00',
      'CW2288-111 AF1 9 x1 $100.00',
      'FZ5897 Forum 8 x4 $90.00',
      'Total 8 pairs',
    ]);
  });

  it('reads a table row whole although its columns leave empty bands', () => {
    const row = (y: number, code: string) => [
      run(code, 40, y),
      run('Dunk Low', 120, y),
      run('10', 330, y),
      run('2', 380, y),
      run('$110.00', 430, y),
    ];
    expect(pageLines([...row(700, 'DD1391-100'), ...row(680, 'CW2288-111')])).toEqual([
      'DD1391-100  Dunk Low  10  2  $110.00',
      'CW2288-111  Dunk Low  10  2  $110.00',
    ]);
    // Codes on both sides of the middle (style and the vendor's own SKU) do not make it two columns.
    const twoCodes = (y: number, code: string) => [
      run(code, 40, y),
      run('Dunk Low', 120, y),
      run(`VS-${code}`, 330, y),
      run('2', 450, y),
      run('$110.00', 480, y),
    ];
    expect(pageLines([...twoCodes(700, 'DD1391-100'), ...twoCodes(680, 'CW2288-111')])).toEqual([
      'DD1391-100  Dunk Low  VS-DD1391-100  2  $110.00',
      'CW2288-111  Dunk Low  VS-CW2288-111  2  $110.00',
    ]);
  });
});
