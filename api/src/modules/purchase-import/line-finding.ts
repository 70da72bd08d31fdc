import { runInNewContext } from 'node:vm';
import type { ImportRules } from '@tradepost/shared/schemas/purchase-import.ts';
import type { TextLine } from './pdf-text.ts';

// Finds the item lines of a vendor's document in its text lines: pure, so every rule is tested on
// text alone. `auto` reads each token by its form and position; `pattern` uses the user's regular
// expression. What is found is matched to our sizes afterwards (matching.ts).

/** A line read from the document, before matching. */
export type FoundLine = {
  readonly text: string;
  readonly page: number;
  readonly sku: string | null;
  readonly size: string | null;
  readonly quantity: number | null;
  readonly unitCostCents: number | null;
};

/** The named groups a pattern must have. */
export const REQUIRED_GROUPS = ['sku', 'quantity'] as const;

/** Why a pattern cannot be used (the message for field `pattern`), or null when it can. */
export function patternProblem(pattern: string): string | null {
  let regex: RegExp;
  try {
    regex = new RegExp(pattern, 'i');
  } catch {
    return 'The pattern is not a valid regular expression';
  }
  // A pattern's named groups show in the groups of a match on anything; compile them from its source instead.
  const names = new Set([...regex.source.matchAll(/\(\?<([A-Za-z_$][\w$]*)>/g)].map((match) => match[1]));
  const missing = REQUIRED_GROUPS.filter((name) => !names.has(name));
  if (missing.length > 0) return `The pattern needs the named groups ${missing.map((name) => `(?<${name}>…)`).join(' and ')}`;
  return null;
}

/** A style code or SKU: letters and digits with dashes (DD1391-100, CW2288-111, FZ5897) or Jordan's digits (555088-134). */
export function isCodeToken(token: string): boolean {
  if (/^\d{5,}-\d{2,}$/.test(token)) return true;
  return (
    token.length >= 5 &&
    /^[A-Z0-9]+(?:[-_/][A-Z0-9]+)*$/i.test(token) &&
    /[A-Z].*[A-Z]/i.test(token) &&
    /\d.*\d.*\d/.test(token) &&
    !/^(?:US|UK|EU|CM|W|M)?\d{1,2}(?:[YC])?$/i.test(token)
  );
}

const MONEY = /^\(?-?(?:[$€£]|USD|EUR|GBP)?\s?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{2}))?\)?$/i;

/** Euro style, a decimal comma: `2,99`, `1.250,00 €`. */
const MONEY_COMMA = /^-?(?:€\s?)?(\d{1,3}(?:\.\d{3})+|\d+),(\d{2})(?:\s?€)?$/;

/** Cents of a money token: `$110.00`, `110.00`, `1,250.00`, `$110`, `2,99 €`; a bare integer is not money. */
export function moneyCents(token: string): number | null {
  const comma = MONEY_COMMA.exec(token.trim());
  if (comma) return Number((comma[1] ?? '').replace(/\./g, '')) * 100 + Number(comma[2]);
  const match = MONEY.exec(token.trim());
  if (!match) return null;
  const hasSymbol = /[$€£]|USD|EUR|GBP/i.test(token);
  if (match[2] === undefined && !hasSymbol) return null;
  const cents = Number((match[1] ?? '').replace(/,/g, '')) * 100 + Number(match[2] ?? 0);
  return Number.isSafeInteger(cents) ? cents : null;
}

const isInteger = (token: string) => /^\d{1,4}$/.test(token) && Number(token) > 0;
/** A size's number: 10, 10.5, 10½, kids' 7Y and 10.5C, a fraction's part (1/2), letters, waists. */
const SIZE_VALUE = /^(?:\d{1,2}(?:\.\d)?(?:½|⅓|⅔)?[YC]?|\d\/\d|XXS|XS|S|M|L|XL|XXL|[2-5]XL|OS|W\d{2}|\d{2}W)$/i;
/** Words that belong to a size before its number: US 10.5, M 10.5, Women's 8, GS. */
const SIZE_MARKER = /^(?:US|UK|EU|EUR|CM|JP|M|W|MEN'?S|WOMEN'?S|MENS|WOMENS|WMNS|GS|PS|TD|Y|SIZE|SZ)$/i;
const LABEL_SIZE = /^(?:size|sz)$/i;
const LABEL_QUANTITY = /^(?:qty|quantity|units|pcs|pairs|ordered|shipped)$/i;
const LABEL_COST = /^(?:price|cost|unit|each|rate)$/i;
const LABEL_CODE = /^(?:style|sku|item|code|article|art|model)$/i;
/** A line that continues an item block starts with one of these labels (`Size: 10`, `Qty: 2 @ $110.00`). */
const CONTINUATION = /^\s*(?:size|sz|qty|quantity|units|price|cost|unit\s+(?:price|cost)|each|color|colour|description|desc)\b\s*[:#.]?/i;

type Token = { readonly text: string; label: string | null };

/** Words that name the quantity after its number: `2 pairs`, `2 pcs`. */
const QUANTITY_AFTER = /^(?:pairs|prs|pcs|units|ea)$/i;

/**
 * Splits a line into tokens with the label they follow: in `Size: 10 / Qty: 2 @ $110.00` the token
 * `10` is labelled `size`, `2` `quantity` (also as `2 @` and `2 pairs`) and `$110.00` `cost`. A label
 * holds until the next label or a ` / `.
 */
function tokenize(text: string): Token[] {
  const raw = text
    .replace(/\s*\/\s+|\s+\/\s*/g, ' | ')
    .replace(/([:#])(?=\S)/g, '$1 ')
    .split(/\s+/)
    .filter(Boolean);
  const tokens: Token[] = [];
  let label: string | null = null;
  for (const word of raw) {
    const bare = word.replace(/[:#.,;]+$/, '');
    const previous = tokens.at(-1);
    if (word === '|') label = null;
    else if ((word === '@' || QUANTITY_AFTER.test(bare)) && previous && isInteger(previous.text)) {
      previous.label = 'quantity';
      label = word === '@' ? 'cost' : null;
    } else if (word === '@') label = 'cost';
    else if (LABEL_SIZE.test(bare)) label = 'size';
    else if (LABEL_QUANTITY.test(bare)) label = 'quantity';
    else if (LABEL_COST.test(bare)) label = 'cost';
    else if (LABEL_CODE.test(bare)) label = 'code';
    else if (!/^[:#]$/.test(word)) tokens.push({ text: word.replace(/[,;]+$/, ''), label });
  }
  return tokens;
}

const halfOrFraction = (token: string) => /^\d\/\d$/.test(token);

/**
 * Reads one (possibly merged) line in auto mode; null when it has no code, no quantity, or neither a
 * money amount nor a labelled quantity (`Qty: 2`, `2 @`, `x2`).
 */
export function readAutoLine(text: string, rules: Pick<ImportRules, 'cost_is_line_total'>): Omit<FoundLine, 'page' | 'text'> | null {
  const tokens = tokenize(text);
  const labelled = (label: string) => tokens.findIndex((token) => token.label === label);
  let codeIndex = labelled('code');
  if (codeIndex === -1 || !isCodeToken(tokens[codeIndex]?.text ?? '')) codeIndex = tokens.findIndex((token) => isCodeToken(token.text));
  if (codeIndex === -1) return null;
  const after = tokens.map((token, index) => ({ ...token, index })).filter((token) => token.index > codeIndex);
  const money = after.filter((token) => moneyCents(token.text) !== null);

  // Quantity: labelled (Qty: 2, 2 @ $110.00, x2); else an integer between two amounts (Unit, Qty, Total);
  // else the last integer before the first amount; else the last integer on the line.
  let quantityIndex = -1;
  const labelledQuantity = after.find((token) => token.label === 'quantity' && isInteger(token.text));
  const times = after.find((token) => /^(?:x\d{1,4}|\d{1,4}x)$/i.test(token.text));
  if (labelledQuantity) quantityIndex = labelledQuantity.index;
  else if (times) quantityIndex = times.index;
  else {
    const integers = after.filter(
      (token) => isInteger(token.text) && token.label !== 'size' && !halfOrFraction(tokens[token.index + 1]?.text ?? ''),
    );
    const firstMoney = money[0]?.index ?? Number.POSITIVE_INFINITY;
    const lastMoney = money.at(-1)?.index ?? Number.NEGATIVE_INFINITY;
    const between = integers.find((token) => token.index > firstMoney && token.index < lastMoney);
    const beforeMoney = integers.filter((token) => token.index < firstMoney).at(-1);
    quantityIndex = (between ?? beforeMoney ?? integers.at(-1))?.index ?? -1;
  }
  if (quantityIndex === -1) return null;
  // A number with neither a price nor a label is as likely a reference ("Terms: Net 30") as a quantity.
  if (money.length === 0 && !labelledQuantity && !times) return null;
  const quantity = Number((tokens[quantityIndex]?.text ?? '').replace(/x/i, ''));
  if (!Number.isSafeInteger(quantity) || quantity <= 0) return null;

  return {
    sku: tokens[codeIndex]?.text ?? null,
    size: readSize(tokens, codeIndex, quantityIndex),
    quantity,
    unitCostCents: readCost(after, quantity, rules),
  };
}

/** The size: labelled (Size: 10), else the size-like tokens just before the quantity, else the first after the code. */
function readSize(tokens: readonly Token[], codeIndex: number, quantityIndex: number): string | null {
  const labelled = tokens.findIndex((token, index) => token.label === 'size' && index !== quantityIndex);
  if (labelled !== -1) {
    // Size: US 10 1/2 — the labelled run of markers and size values, no further.
    let end = labelled;
    const sizeWord = (text: string) => SIZE_VALUE.test(text) || SIZE_MARKER.test(text);
    while (
      end + 1 < tokens.length &&
      end + 1 !== quantityIndex &&
      tokens[end + 1]?.label === 'size' &&
      sizeWord(tokens[end + 1]?.text ?? '')
    )
      end += 1;
    return tokens
      .slice(labelled, end + 1)
      .map((token) => token.text)
      .join(' ');
  }
  const isSizeValue = (index: number) =>
    index !== quantityIndex && SIZE_VALUE.test(tokens[index]?.text ?? '') && moneyCents(tokens[index]?.text ?? '') === null;
  const spanFrom = (end: number): string => {
    let start = end;
    // 10 1/2: the whole number before its fraction.
    if (halfOrFraction(tokens[end]?.text ?? '') && /^\d{1,2}$/.test(tokens[end - 1]?.text ?? '')) start -= 1;
    while (start - 1 > codeIndex && SIZE_MARKER.test(tokens[start - 1]?.text ?? '') && start - 1 !== quantityIndex) start -= 1;
    return tokens
      .slice(start, end + 1)
      .map((token) => token.text)
      .join(' ');
  };
  if (quantityIndex - 1 > codeIndex && isSizeValue(quantityIndex - 1)) return spanFrom(quantityIndex - 1);
  for (let index = codeIndex + 1; index < tokens.length; index += 1) {
    if (index === quantityIndex || moneyCents(tokens[index]?.text ?? '') !== null) continue;
    // Letter sizes and markers alone read too eagerly in descriptions ("M" of "Dunk M"): only numbers here.
    if (isSizeValue(index) && /\d/.test(tokens[index]?.text ?? '')) {
      const next = tokens[index + 1]?.text ?? '';
      return spanFrom(halfOrFraction(next) ? index + 1 : index);
    }
  }
  return null;
}

/** The unit cost: labelled (@ $110.00, Price: 110.00), else the amount that times the quantity is another amount, else the first. */
function readCost(
  after: readonly (Token & { index: number })[],
  quantity: number,
  rules: Pick<ImportRules, 'cost_is_line_total'>,
): number | null {
  const amounts = after.map((token) => ({ ...token, cents: moneyCents(token.text) })).filter((token) => token.cents !== null);
  if (amounts.length === 0) return null;
  if (rules.cost_is_line_total) return Math.round((amounts.at(-1)?.cents ?? 0) / quantity);
  const labelled = amounts.find((token) => token.label === 'cost');
  if (labelled) return labelled.cents;
  const unit = amounts.find((token) => amounts.some((other) => other.index > token.index && other.cents === (token.cents ?? 0) * quantity));
  return (unit ?? amounts[0])?.cents ?? null;
}

/** The lines between `start_after` and `stop_at` (case-insensitive; a text not found ignores nothing). */
export function linesInScope(lines: readonly TextLine[], rules: Pick<ImportRules, 'start_after' | 'stop_at'>): TextLine[] {
  const contains = (line: TextLine, text: string | null) =>
    text !== null && text.trim() !== '' && line.text.toLowerCase().includes(text.trim().toLowerCase());
  const start = lines.findIndex((line) => contains(line, rules.start_after));
  const from = start === -1 ? 0 : start + 1;
  const stop = lines.findIndex((line, index) => index >= from && contains(line, rules.stop_at));
  return lines.slice(from, stop === -1 ? lines.length : stop);
}

/** Longest a pattern is tried on: item lines are short, and a long one only feeds a runaway pattern. */
const MAX_PATTERN_LINE = 300;
/** How long a user's pattern may run over a whole document before it is stopped. */
const PATTERN_BUDGET_MS = 1_000;

/** The user's pattern ran past its time (catastrophic backtracking, `(a+)+`): it is stopped, not waited for. */
export class PatternTooSlow extends Error {}

type Groups = Readonly<Record<string, string | undefined>>;

/**
 * Each text's named groups under the pattern (null where it does not match). The user's pattern runs
 * in a vm context with a timeout: a regular expression cannot be interrupted otherwise, and one that
 * backtracks for minutes would hold the whole server.
 */
function execPattern(pattern: string, texts: readonly string[], budgetMs: number): (Groups | null)[] {
  try {
    return runInNewContext(
      "const re = new RegExp(pattern, 'i'); texts.map((text) => { const match = re.exec(text); return match ? Object.assign({}, match.groups) : null; })",
      { pattern, texts },
      { timeout: budgetMs },
    ) as (Groups | null)[];
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw new PatternTooSlow(`pattern ran past ${budgetMs} ms`);
    throw error;
  }
}

function readPatternLine(groups: Groups | null, line: TextLine, rules: Pick<ImportRules, 'cost_is_line_total'>): FoundLine | null {
  if (!groups) return null;
  const clean = (value: string | undefined) => (typeof value !== 'string' || value.trim() === '' ? null : value.trim());
  const quantityText = clean(groups.quantity);
  const quantity = quantityText !== null && /^\d{1,6}$/.test(quantityText) && Number(quantityText) > 0 ? Number(quantityText) : null;
  const costText = clean(groups.cost);
  let cost = costText === null ? null : (moneyCents(costText) ?? (/^\d+$/.test(costText) ? Number(costText) * 100 : null));
  if (cost !== null && rules.cost_is_line_total) cost = quantity ? Math.round(cost / quantity) : null;
  return { text: line.text, page: line.page, sku: clean(groups.sku), size: clean(groups.size), quantity, unitCostCents: cost };
}

/**
 * Every item line of a document under the rules (the pattern must have passed `patternProblem`).
 * Throws PatternTooSlow when the user's pattern runs past its budget.
 */
export function findLines(lines: readonly TextLine[], rules: ImportRules, options: { patternBudgetMs?: number } = {}): FoundLine[] {
  const scoped = linesInScope(lines, rules);
  if (rules.mode === 'pattern' && rules.pattern) {
    const groups = execPattern(
      rules.pattern,
      scoped.map((line) => line.text.slice(0, MAX_PATTERN_LINE)),
      options.patternBudgetMs ?? PATTERN_BUDGET_MS,
    );
    return scoped.flatMap((line, index) => readPatternLine(groups[index] ?? null, line, rules) ?? []);
  }
  const found: FoundLine[] = [];
  for (let index = 0; index < scoped.length; index += 1) {
    const line = scoped[index] as TextLine;
    let text = line.text;
    let read = readAutoLine(text, rules);
    // An item written as a block: the code's line, then `Size: 10`, `Qty: 2 @ $110.00` on lines of their own.
    let next = index + 1;
    while (!read && tokenize(text).some((token) => isCodeToken(token.text)) && next < scoped.length && next - index <= 4) {
      const following = scoped[next] as TextLine;
      if (!CONTINUATION.test(following.text) || tokenize(following.text).some((token) => isCodeToken(token.text))) break;
      text = `${text} / ${following.text}`;
      read = readAutoLine(text, rules);
      next += 1;
    }
    if (!read) continue;
    found.push({ text, page: line.page, ...read });
    index = next - 1;
  }
  return found;
}
