/**
 * Which tables a piece of SQL text reads or writes: the names after FROM (and its comma list),
 * JOIN, UPDATE, INTO, USING, TRUNCATE and TABLE. Not a SQL parser: it finds table positions by
 * keyword, which is what the two users need. `scripts/check-tenant-sql.ts` uses it on the string
 * literals of the code, and `tenant-db.ts` on the raw fragments a Kysely query carries (which the
 * builder cannot scope). Comments and quoted strings are skipped; a subquery's tables are found
 * at its own FROM.
 */

export type TableMention = { table: string; keyword: string; offset: number };

const KEYWORDS = ['from', 'join', 'update', 'into', 'using', 'truncate', 'table'];
const NOT_AN_ALIAS = new Set([
  'where',
  'join',
  'inner',
  'left',
  'right',
  'full',
  'cross',
  'natural',
  'on',
  'using',
  'group',
  'order',
  'limit',
  'offset',
  'having',
  'window',
  'union',
  'intersect',
  'except',
  'set',
  'returning',
  'for',
  'values',
  'select',
  'default',
  'as',
  'fetch',
  'tablesample',
]);

/** The text with comments and the insides of quoted strings blanked (offsets kept). */
export function maskSql(sql: string): string {
  const out = sql.split('');
  const blank = (from: number, to: number) => {
    for (let i = from; i < to; i += 1) if (out[i] !== '\n') out[i] = ' ';
  };
  let i = 0;
  while (i < sql.length) {
    const c = sql[i];
    if (c === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i);
      const stop = end < 0 ? sql.length : end;
      blank(i, stop);
      i = stop;
    } else if (c === '/' && sql[i + 1] === '*') {
      const end = sql.indexOf('*/', i + 2);
      const stop = end < 0 ? sql.length : end + 2;
      blank(i, stop);
      i = stop;
    } else if (c === "'") {
      let j = i + 1;
      while (j < sql.length && !(sql[j] === "'" && sql[j + 1] !== "'")) j += sql[j] === "'" ? 2 : 1;
      blank(i + 1, j);
      i = j + 1;
    } else if (c === '$' && /^\$[A-Za-z_]*\$/.test(sql.slice(i))) {
      // A dollar-quoted body ($$…$$ or $tag$…$tag$): a function body in a migration, say. Its SQL is
      // still SQL, so only the delimiters are blanked and the body is scanned like the rest.
      const tag = /^\$[A-Za-z_]*\$/.exec(sql.slice(i))?.[0] ?? '$$';
      blank(i, i + tag.length);
      i += tag.length;
    } else {
      i += 1;
    }
  }
  return out.join('');
}

const IDENT = '(?:"(?:[^"]|"")+"|[A-Za-z_][A-Za-z0-9_$]*)';
const unquote = (name: string) => (name.startsWith('"') ? name.slice(1, -1).replaceAll('""', '"') : name.toLowerCase());

/**
 * Every mention of one of `tables` in a table position of `sql`. With `caseSensitiveKeywords`, only
 * upper-case keywords count: the house writes SQL keywords in capitals, so in a string that is not
 * handed to a database call this tells SQL from prose ("moved from locations").
 */
export function tablesNamedInSql(
  sql: string,
  tables: ReadonlySet<string>,
  options: { caseSensitiveKeywords?: boolean } = {},
): TableMention[] {
  const text = maskSql(sql);
  const mentions: TableMention[] = [];
  const keyword = new RegExp(
    `\\b(${KEYWORDS.map((k) => (options.caseSensitiveKeywords ? k.toUpperCase() : k)).join('|')})\\b`,
    options.caseSensitiveKeywords ? 'g' : 'gi',
  );
  const tableRef = new RegExp(String.raw`^\s*(?:(?:ONLY|LATERAL)\s+)?(?:${IDENT}\s*\.\s*)?(${IDENT})`, 'i');
  const alias = new RegExp(String.raw`^\s*(?:AS\s+)?(${IDENT})`, 'i');
  for (let found = keyword.exec(text); found !== null; found = keyword.exec(text)) {
    const word = found[1] ?? '';
    let at = found.index + word.length;
    // FROM a, b AS x, (subquery) y, c: read the comma list; other keywords take one table.
    for (;;) {
      const rest = text.slice(at);
      const paren = /^\s*\(/.exec(rest);
      if (paren) {
        at += skipParens(text, at + paren[0].length - 1) - at;
      } else {
        const ref = tableRef.exec(rest);
        if (!ref) break;
        const name = unquote(ref[1] ?? '');
        if (tables.has(name))
          mentions.push({ table: name, keyword: word.toUpperCase(), offset: at + ref[0].length - (ref[1] ?? '').length });
        at += ref[0].length;
      }
      if (word.toLowerCase() !== 'from') break;
      const named = alias.exec(text.slice(at));
      if (named && !NOT_AN_ALIAS.has((named[1] ?? '').toLowerCase())) at += named[0].length;
      const comma = /^\s*,/.exec(text.slice(at));
      if (!comma) break;
      at += comma[0].length;
    }
  }
  return mentions;
}

/** The offset just past the parenthesis that closes the one at `open`. */
function skipParens(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i += 1) {
    if (text[i] === '(') depth += 1;
    else if (text[i] === ')') {
      depth -= 1;
      if (depth === 0) return i + 1;
    }
  }
  return text.length;
}

/** Whether `text` names one of `tables` anywhere as a whole word (for a raw table source, which has no keyword). */
export function namesAnyTable(text: string, tables: ReadonlySet<string>): string | undefined {
  for (const word of maskSql(text).match(/"(?:[^"]|"")+"|[A-Za-z_][A-Za-z0-9_$]*/g) ?? []) {
    const name = unquote(word);
    if (tables.has(name)) return name;
  }
  return undefined;
}
