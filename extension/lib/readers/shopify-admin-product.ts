import { emptyFindings, firstFound, found, type ReaderFindings } from './captured-listing.ts';
import { mapSpecifics, sizeInText, styleCodeInText } from './item-specifics.ts';
import { absoluteUrls, type PageReader } from './page-reader.ts';
import { parsePriceText, textOf } from './structured-data.ts';

/** admin.shopify.com/store/<shop>/products/<id>[/variants/<id>], and the older <shop>.myshopify.com/admin/products/<id>. */
const productPath = /^\/store\/[^/]+\/products\/(\d+)(?:\/variants\/(\d+))?\/?$/;
const legacyProductPath = /^\/admin\/products\/(\d+)(?:\/variants\/(\d+))?\/?$/;

function productIds(url: URL): { product: string; variant: string | null } | null {
  const match =
    url.hostname === 'admin.shopify.com'
      ? productPath.exec(url.pathname)
      : url.hostname.endsWith('.myshopify.com')
        ? legacyProductPath.exec(url.pathname)
        : null;
  return match === null ? null : { product: match[1] as string, variant: match[2] ?? null };
}

const fieldValue = (doc: Document, name: string): string | null => {
  const field = doc.querySelector(`[name="${name}"]`);
  if (field === null) return null;
  const value = field.tagName === 'SELECT' ? textOf(field.querySelector('option[selected]')) : field.getAttribute('value');
  return value?.trim() || null;
};

/** A price input as the admin shows it: the currency prefix ('$', '€', 'C$') beside the amount. */
function priceField(field: Element | null) {
  if (field === null) return null;
  const prefix = textOf(field.parentElement?.querySelector('.Polaris-TextField__Prefix')) ?? '';
  return parsePriceText(`${prefix}${field.getAttribute('value') ?? ''}`);
}

/** Shopify's image CDN serves any width on request; without the parameter it serves the original. */
const fullSizeImage = (url: string) => {
  try {
    const parsed = new URL(url);
    parsed.searchParams.delete('width');
    parsed.searchParams.delete('height');
    return parsed.href;
  } catch {
    return url;
  }
};

/**
 * Shopify admin's product (and variant) page. The admin loads its data over GraphQL and publishes
 * no JSON-LD, Open Graph or embedded state, so the form's named fields are the structured data;
 * the page heading and variant table are the fallback. Products have no style code field: resellers
 * put it in the title, where it is read from.
 */
export const shopifyAdminProductReader: PageReader = {
  site: 'shopify',
  page: 'shopify-product',
  matches: (url) => productIds(url) !== null,
  read(doc, url): ReaderFindings | null {
    const ids = productIds(url);
    if (ids === null) return null;
    const findings = emptyFindings();
    const title = firstFound(found(fieldValue(doc, 'title'), 'form'), found(textOf(doc.querySelector('h1')), 'markup'));
    const variantRows = [...doc.querySelectorAll('tr[data-variant-id]')];
    const sizes = variantRows.map((row) => textOf(row.querySelector('td'))).filter((size): size is string => size !== null);
    const specifics = mapSpecifics(
      [
        ['Type', fieldValue(doc, 'productType') ?? ''],
        ['Tags', fieldValue(doc, 'tags') ?? ''],
        ['Barcode', fieldValue(doc, 'barcode') ?? ''],
        ['Sizes', sizes.join(', ')],
      ].filter((pair): pair is [string, string] => pair[1] !== ''),
    );
    // A product with one variant shows its own price and SKU; one with sizes shows them per row.
    const price = priceField(doc.querySelector('input[name="price"]')) ?? priceField(doc.querySelector('input[name$=".price"]'));

    findings.listing_id = found(ids.variant ?? ids.product, 'url');
    findings.title = title;
    findings.price = found(price, 'form');
    findings.images = found(
      absoluteUrls(
        [...doc.querySelectorAll('[data-media-id] img')].map((img) => img.getAttribute('src')),
        url,
      ).map(fullSizeImage),
      'form',
    );
    findings.brand = found(fieldValue(doc, 'vendor'), 'form');
    findings.sku = found(fieldValue(doc, 'sku'), 'form');
    findings.size = firstFound(
      found(fieldValue(doc, 'option1'), 'form'),
      found(sizes.length === 1 ? sizes[0] : null, 'form'),
      found(title === null ? null : sizeInText(title.value), 'title'),
    );
    findings.style_code = found(title === null ? null : styleCodeInText(title.value), 'title');
    findings.specifics = specifics.others;
    return findings;
  },
};
