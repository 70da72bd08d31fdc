import { emptyFindings, firstFound, found, type ReaderFindings } from './captured-listing.ts';
import { explicitStyleCode, looksLikeStyleCode, mapSpecifics, sizeInText, styleCodeInText } from './item-specifics.ts';
import { absoluteUrls, isEbayHost, type PageReader } from './page-reader.ts';
import {
  jsonLdProduct,
  metaProperties,
  microdataChild,
  microdataItem,
  microdataPrice,
  microdataText,
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

/**
 * ' | eBay' and the like, which eBay appends to titles meant for tabs and shares (each site names
 * itself: ' | eBay UK', ' | eBay.de'), and the hidden 'Details about' that older pages put inside the
 * title heading for screen readers.
 */
const cleanTitle = (title: string | null) =>
  title
    ?.replace(/\s*\|\s*eBay(?:\s+[a-z]+|\.[a-z.]+)?\s*$/i, '')
    .replace(/^Details about\s+/i, '')
    .trim() || null;

/**
 * Where item specifics sit, in every layout eBay has served: the 2024 'evo' table, the 2022
 * 'About this item' rows (`.ux-layout-section__row` with bare label/value cells, no
 * `.ux-labels-values` wrapper) and the older 'vi' page's `.itemAttr` table.
 */
const specificsContainers = [
  '.ux-layout-section--features',
  '.ux-layout-section-evo',
  '.x-about-this-item',
  '.x-item-specifics',
  '.ux-layout-section__item--table-view',
].join(', ');

/** The value cell that goes with a label cell: in its `.ux-labels-values` pair, else the next value cell in its row. */
function valueCellOf(label: Element): Element | null {
  const pair = label.closest('.ux-labels-values');
  if (pair !== null) return pair.querySelector('.ux-labels-values__values');
  let next = label.nextElementSibling;
  while (next !== null && !next.classList.contains('ux-labels-values__values')) {
    if (next.classList.contains('ux-labels-values__labels')) return null;
    next = next.nextElementSibling;
  }
  return next;
}

/** The condition's value carries eBay's long explanation after a colon; the name is enough. */
const specificValue = (cell: Element | null) => textOf(cell)?.split(/:\s/)[0];

/** The item specifics: label/value pairs from whichever layout the page uses, each label once. */
function itemSpecifics(doc: Document): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  const seen = new Set<string>();
  const add = (label: string | null, value: string | undefined) => {
    if (label === null || value === undefined || seen.has(label)) return;
    seen.add(label);
    pairs.push([label, value]);
  };
  for (const container of doc.querySelectorAll(specificsContainers)) {
    for (const label of container.querySelectorAll('.ux-labels-values__labels')) add(textOf(label), specificValue(valueCellOf(label)));
  }
  // The 'vi' layout: <td class="attrLabels">Brand: </td><td><h2 itemprop="brand">…</h2></td>, two pairs a row.
  for (const label of doc.querySelectorAll('.itemAttr td.attrLabels')) add(textOf(label), specificValue(label.nextElementSibling));
  return pairs;
}

/**
 * The photos the page shows, largest size, each once: the carousel ('.ux-image-carousel-item'; current
 * pages repeat it in the gallery dialog) or the older page's main picture.
 */
function photoCarousel(doc: Document, url: URL): string[] {
  const addresses = [...doc.querySelectorAll('.ux-image-carousel-item img, img#icImg')].map(
    (img) => img.getAttribute('data-zoom-src') ?? img.getAttribute('src') ?? img.getAttribute('data-src'),
  );
  return [...new Set(absoluteUrls(addresses, url).map(largestEbayImage))];
}

/** A multi-size listing's chosen size: the select labelled with the size, when one option is selected. */
function selectedVariation(doc: Document): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (const select of doc.querySelectorAll('select.x-msku__select-box, select.msku-sel')) {
    const label = textOf(doc.querySelector(`label[for="${select.id}"]`));
    const option = select.querySelector('option[selected]');
    const value = textOf(option);
    if (label !== null && value !== null && !/^-?\s*select\b/i.test(value)) pairs.push([label, value]);
  }
  return pairs;
}

/**
 * eBay item pages (www.ebay.com/itm/…), in the 2024, 2022 and older layouts: JSON-LD Product first,
 * then microdata (older pages and auctions), Open Graph, and the page's markup last.
 */
export const ebayItemReader: PageReader = {
  site: 'ebay',
  page: 'ebay-item',
  matches: (url) => isEbayHost(url.hostname) && itemPath.test(url.pathname),
  read(doc, url): ReaderFindings {
    const findings = emptyFindings();
    const product = jsonLdProduct(doc);
    const micro = microdataItem(doc, 'Product');
    const microOffer = microdataChild(micro, 'offers');
    const meta = metaProperties(doc);
    const offer = product === null ? undefined : schemaOffers(product)[0];
    const pairs = [...itemSpecifics(doc), ...selectedVariation(doc)];
    const specifics = mapSpecifics(pairs);
    const markupTitle = textOf(doc.querySelector('h1.x-item-title__mainTitle')) ?? textOf(doc.querySelector('#itemTitle'));
    const title = firstFound(
      found(schemaText(product?.name), 'json-ld'),
      found(cleanTitle(microdataText(micro, 'name')), 'microdata'),
      // Older pages append a product number to og:title ('… TF Card 740617173741 | eBay'): microdata comes first there.
      found(cleanTitle(meta.get('og:title') ?? null), 'open-graph'),
      found(cleanTitle(markupTitle), 'markup'),
    );
    const mpn = schemaText(product?.mpn);
    const microMpn = microdataText(micro, 'mpn');

    findings.listing_id = firstFound(
      found(itemPath.exec(url.pathname)?.[1], 'url'),
      found(textOf(doc.querySelector('.ux-layout-section__textual-display--itemId .ux-textspans--BOLD')), 'markup'),
      found(textOf(doc.querySelector('#descItemNumber')), 'markup'),
    );
    findings.title = title;
    findings.price = firstFound(
      found(product === null ? null : schemaPrice(product), 'json-ld'),
      found(microdataPrice(doc, micro), 'microdata'),
      found(openGraphPrice(meta), 'open-graph'),
      // The first price printed: an auction's current bid (.x-bid-price, #prcIsum_bidPrice) or the Buy It Now price.
      found(parsePriceText(textOf(doc.querySelector('.x-price-primary, #prcIsum, #prcIsum_bidPrice, #mm-saleDscPrc'))), 'markup'),
    );
    const sharedImages = absoluteUrls(openGraphImages(doc), url);
    const pagePhotos = photoCarousel(doc, url);
    findings.images = firstFound(
      found(absoluteUrls(schemaImages(product?.image), url), 'json-ld'),
      // og:image names the first photo only (400 px wide on current pages); the carousel, when it shows more, has them all.
      found(pagePhotos.length > sharedImages.length ? pagePhotos : null, 'markup'),
      found(sharedImages, 'open-graph'),
      found(pagePhotos, 'markup'),
    );
    findings.condition = firstFound(
      found(schemaCondition(offer?.itemCondition ?? product?.itemCondition), 'json-ld'),
      found(schemaCondition(microdataText(microOffer, 'itemCondition') ?? microdataText(micro, 'itemCondition')), 'microdata'),
      found(
        textOf(doc.querySelector('.x-item-condition-text .ux-textspans, .x-item-condition-value .ux-textspans, #vi-itm-cond')),
        'markup',
      ),
      found(specifics.condition, 'markup'),
    );
    findings.brand = firstFound(
      found(schemaText(product?.brand), 'json-ld'),
      found(microdataText(micro, 'brand'), 'microdata'),
      found(specifics.brand, 'markup'),
    );
    // A specific labelled 'Style Code' names the code sellers search by; an MPN may be another number (Puma's 'Idset_Mpn').
    findings.style_code = firstFound(
      found(explicitStyleCode(pairs), 'markup'),
      found(mpn !== null && looksLikeStyleCode(mpn) ? mpn : null, 'json-ld'),
      found(specifics.style_code, 'markup'),
      found(microMpn !== null && looksLikeStyleCode(microMpn) ? microMpn : null, 'microdata'),
      found(title === null ? null : styleCodeInText(title.value), 'title'),
    );
    findings.colour = firstFound(
      found(schemaText(product?.color), 'json-ld'),
      found(microdataText(micro, 'color'), 'microdata'),
      found(specifics.colour, 'markup'),
    );
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
