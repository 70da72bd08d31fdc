/**
 * Griffel writes each media query into its own style sheet, ordered by this comparator; its default
 * compares the query strings as text, so `(max-width: 960px)` would land after `(max-width: 600px)`
 * and win on a phone. The app styles desktop-first: wider `max-width` queries go first, narrower ones
 * after (then `min-width` queries, if any, from narrow to wide).
 */
function widthRank(query: string): number {
  const max = /max-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
  if (max?.[1] !== undefined) return 100_000 - Number(max[1]);
  const min = /min-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
  if (min?.[1] !== undefined) return 200_000 + Number(min[1]);
  return 0;
}

export function compareMediaQueries(a: string, b: string): number {
  return widthRank(a) - widthRank(b) || (a < b ? -1 : a > b ? 1 : 0);
}
