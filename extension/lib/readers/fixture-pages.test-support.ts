import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';

/** The fixture pages shared with the end-to-end tests. */
export const fixturesDir = resolve(import.meta.dirname, '../../../tests/fixtures/marketplace-pages');

type ParseHtml = (html: string) => { document: unknown };

/**
 * linkedom parses the fixtures into a DOM the readers can query. It is not a dependency of its own:
 * WXT depends on it (to read HTML entrypoints), so it is loaded from WXT's location rather than
 * adding a package. Readers only use querySelector(All), getAttribute, getElementById and
 * textContent, which linkedom implements as browsers do.
 */
const requireFromWxt = createRequire(createRequire(import.meta.url).resolve('wxt'));
const { parseHTML } = requireFromWxt('linkedom') as { parseHTML: ParseHtml };

export function fixtureDocument(name: string): Document {
  return parseHTML(readFileSync(resolve(fixturesDir, name), 'utf8')).document as Document;
}

export function htmlDocument(html: string): Document {
  return parseHTML(html).document as Document;
}
