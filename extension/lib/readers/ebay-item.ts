import { emptyFindings, firstFound, found, type ReaderFindings } from './captured-listing.ts';
import { looksLikeStyleCode, mapSpecifics, sizeInText, styleCodeInText } from './item-specifics.ts';
import { absoluteUrls, isEbayHost, type PageReader } from './page-reader.ts';
import {
  jsonLdProduct,
  metaProperties,
  openGraphImages,
  openGraphPrice,
  parsePriceText,
  schemaCondition,
  schemaImages,
  schemaOffers,
  schemaPrice,
  schemaText,
  textOf,
} from './structured-data.ts';

const itemPath = /^\/itm\/(?:[^/]+\/)?(\d{9,15})(?:[/?#]|$)/;

/** eBay publishes the size in every image URL (s-l500.jpg); s-l1600 is the largest it serves. */
export const largestEbayImage = (url: string) => url.replace(/\/s-l\d+\.(jpg|jpeg|png|webp)/i, '/s-l1600.$1');

/** ' | eBay' and the like, which eBay appends to titles meant for tabs and shares. */
const withoutSiteName = (title: string | null) => title?.replace(/\s*\|\s*eBay\s*$/i, '').trim() || null;

/** The item specifics table: label/value pairs from its definition lists. */
function itemSpecifics(doc: Document): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (const row of doc.querySelectorAll('.ux-layout-section--features .ux-labels-values, .ux-layout-section-evo .ux-labels-values')) {
    const label = textOf(row.querySelector('.ux-labels-values__labels'));
    // The condition's value carries eBay's long explanation after a colon; the name is enough.
    const value = textOf(row.querySelector('.ux-labels-values__values'))?.split(/:\s/)[0];
    if (label !== null && value !== undefined) pairs.push([label, value]);
  }
  return pairs;
}

/** A multi-size listing's chosen size: the select labelled with the size, when one option is selected. */
function selectedVariation(doc: Document): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (const select of doc.querySelectorAll('select.x-msku__select-box')) {
    const label = textOf(doc.querySelector(`label[for="${select.id}"]`));
    const option = select.querySelector('option[selected]');
    const value = textOf(option);
    if (label !== null && value !== null && !/^-?\s*select\b/i.test(value)) pairs.push([label, value]);
  }
  return pairs;
}

/** eBay item pages (www.ebay.com/itm/…): JSON-LD Product first, then Open Graph, then the page's markup. */
export const ebayItemReader: PageReader = {
  site: 'ebay',
  page: 'ebay-item',
  matches: (url) => isEbayHost(url.hostname) && itemPath.test(url.pathname),
  read(doc, url): ReaderFindings {
    const findings = emptyFindings();
    const product = jsonLdProduct(doc);
    const meta = metaProperties(doc);
    const offer = product === null ? undefined : schemaOffers(product)[0];
    const specifics = mapSpecifics([...itemSpecifics(doc), ...selectedVariation(doc)]);
    const markupTitle = textOf(doc.querySelector('h1.x-item-title__mainTitle')) ?? textOf(doc.querySelector('#itemTitle'));
    const title = firstFound(
      found(schemaText(product?.name), 'json-ld'),
      found(withoutSiteName(meta.get('og:title') ?? null), 'open-graph'),
      found(markupTitle, 'markup'),
    );
    const mpn = schemaText(product?.mpn);

    findings.listing_id = firstFound(
      found(itemPath.exec(url.pathname)?.[1], 'url'),
      found(textOf(doc.querySelector('.ux-layout-section__textual-display--itemId .ux-textspans--BOLD')), 'markup'),
    );
    findings.title = title;
    findings.price = firstFound(
      found(product === null ? null : schemaPrice(product), 'json-ld'),
      found(openGraphPrice(meta), 'open-graph'),
      found(parsePriceText(textOf(doc.querySelector('.x-price-primary')) ?? textOf(doc.querySelector('#prcIsum'))), 'markup'),
    );
    findings.images = firstFound(
      found(absoluteUrls(schemaImages(product?.image), url), 'json-ld'),
      found(absoluteUrls(openGraphImages(doc), url), 'open-graph'),
      found(
        absoluteUrls(
          [...doc.querySelectorAll('.ux-image-carousel-item img')].map(
            (img) => img.getAttribute('data-zoom-src') ?? img.getAttribute('src') ?? img.getAttribute('data-src'),
          ),
          url,
        ).map(largestEbayImage),
        'markup',
      ),
    );
    findings.condition = firstFound(
      found(schemaCondition(offer?.itemCondition ?? product?.itemCondition), 'json-ld'),
      found(textOf(doc.querySelector('.x-item-condition-text .ux-textspans')), 'markup'),
      found(specifics.condition, 'markup'),
    );
    findings.brand = firstFound(found(schemaText(product?.brand), 'json-ld'), found(specifics.brand, 'markup'));
    findings.style_code = firstFound(
      found(mpn !== null && looksLikeStyleCode(mpn) ? mpn : null, 'json-ld'),
      found(specifics.style_code, 'markup'),
      found(title === null ? null : styleCodeInText(title.value), 'title'),
    );
    findings.colour = firstFound(found(schemaText(product?.color), 'json-ld'), found(specifics.colour, 'markup'));
    findings.size = firstFound(
      found(schemaText(product?.size), 'json-ld'),
      found(specifics.size, 'markup'),
      found(title === null ? null : sizeInText(title.value), 'title'),
    );
    // Buyers never see a seller's custom label; JSON-LD carries one only when the seller set a product SKU.
    findings.sku = firstFound(found(schemaText(product?.sku), 'json-ld'), found(specifics.sku, 'markup'));
    findings.specifics = specifics.others;
    return findings;
  },
};
