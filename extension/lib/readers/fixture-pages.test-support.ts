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

/**
 * Browsers lowercase attribute names while parsing HTML (real eBay pages of 2016–2018 write
 * `<meta Property="og:image" Content="…">`); linkedom keeps them as written, so they are lowercased here.
 */
function asBrowsersParse(document: Document): Document {
  for (const element of document.querySelectorAll('*')) {
    for (const { name, value } of [...element.attributes]) {
      const lower = name.toLowerCase();
      if (lower === name) continue;
      element.removeAttribute(name);
      if (!element.hasAttribute(lower)) element.setAttribute(lower, value);
    }
  }
  return document;
}

export function fixtureDocument(name: string): Document {
  return asBrowsersParse(parseHTML(readFileSync(resolve(fixturesDir, name), 'utf8')).document as Document);
}

export function htmlDocument(html: string): Document {
  return asBrowsersParse(parseHTML(html).document as Document);
}
