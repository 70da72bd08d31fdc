import { emptyFindings, firstFound, found, type ReaderFindings } from './captured-listing.ts';
import { mapSpecifics, sizeInText, styleCodeInText } from './item-specifics.ts';
import { absoluteUrls, type PageReader } from './page-reader.ts';
import {
  amountToCents,
  findObjects,
  isObject,
  type JsonObject,
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
  scriptJson,
  textOf,
} from './structured-data.ts';

const isWhatnotHost = (host: string) => host === 'www.whatnot.com' || host === 'whatnot.com';
const showPath = /^\/(?:[a-z]{2}(?:-[A-Z]{2})?\/)?live\/([^/?#]+)/;
const listingPath = /^\/(?:[a-z]{2}(?:-[A-Z]{2})?\/)?listing\/([^/?#]+)/;

/** Whatnot's Apollo cache from __NEXT_DATA__: normalised entries ('ListingNode:…') that refer to each other by __ref. */
type ApolloCache = Record<string, JsonObject>;

function apolloCache(doc: Document): ApolloCache | null {
  const data = scriptJson(doc, '__NEXT_DATA__');
  const [cache] = findObjects(data, (object) => Object.keys(object).some((key) => /^[A-Za-z]+Node:/.test(key)), 1);
  if (cache === undefined) return null;
  return Object.fromEntries(Object.entries(cache).filter((entry): entry is [string, JsonObject] => isObject(entry[1])));
}

const deref = (cache: ApolloCache, value: unknown): JsonObject | null =>
  isObject(value) && typeof value.__ref === 'string' ? (cache[value.__ref] ?? null) : isObject(value) ? value : null;

const isListing = (object: JsonObject) => object.__typename === 'ListingNode';

/** The listing a show is selling now: the live stream's current (or pinned) listing, else its first. */
function showListing(cache: ApolloCache): JsonObject | null {
  const show = Object.values(cache).find((entry) => entry.__typename === 'LiveStreamNode');
  if (show === undefined) return null;
  for (const key of ['currentListing', 'activeListing', 'pinnedListing']) {
    const listing = deref(cache, show[key]);
    if (listing !== null && isListing(listing)) return listing;
  }
  return null;
}

function listingById(cache: ApolloCache, id: string): JsonObject | null {
  const decoded = decodeURIComponent(id);
  return Object.values(cache).find((entry) => isListing(entry) && entry.id === decoded) ?? null;
}

/** A listing node as capture fields: Money `{amount: "95.00", currency}`, images, attributes. */
function listingFindings(listing: JsonObject) {
  const price = isObject(listing.price) ? listing.price : null;
  const currency = typeof price?.currency === 'string' ? price.currency.toUpperCase() : null;
  const cents = currency === null ? null : amountToCents(price?.amount, currency);
  const attributes = Array.isArray(listing.productAttributes) ? listing.productAttributes.filter(isObject) : [];
  return {
    id: schemaText(listing.id),
    title: schemaText(listing.title),
    price: cents === null || currency === null ? null : { cents, currency },
    images: (Array.isArray(listing.images) ? listing.images : []).filter(isObject).map((image) => schemaText(image.url)),
    specifics: mapSpecifics(attributes.map((attribute) => [schemaText(attribute.key) ?? '', schemaText(attribute.value) ?? ''])),
  };
}

function readWhatnot(doc: Document, url: URL, kind: 'show' | 'listing'): ReaderFindings | null {
  const cache = apolloCache(doc);
  const id = (kind === 'show' ? showPath : listingPath).exec(url.pathname)?.[1] ?? null;
  const node = cache === null ? null : kind === 'show' ? showListing(cache) : id === null ? null : listingById(cache, id);
  const state = node === null ? null : listingFindings(node);
  // On a show page Open Graph and JSON-LD describe the show, not the item on sale: only listing pages use them.
  const product = kind === 'listing' ? jsonLdProduct(doc) : null;
  const meta = kind === 'listing' ? metaProperties(doc) : new Map<string, string>();
  const offer = product === null ? undefined : schemaOffers(product)[0];
  const markupTitle =
    kind === 'listing'
      ? textOf(doc.querySelector('[data-testid="listing-title"]'))
      : textOf(doc.querySelector('[data-testid="current-listing"] .current-title'));
  const markupPrice =
    kind === 'listing'
      ? textOf(doc.querySelector('[data-testid="listing-price"]'))
      : textOf(doc.querySelector('[data-testid="current-listing"] .current-bid'));
  if (state === null && product === null && markupTitle === null) return null;

  const specifics = state?.specifics ?? mapSpecifics([]);
  const findings = emptyFindings();
  const title = firstFound(
    found(schemaText(product?.name), 'json-ld'),
    found(state?.title, 'embedded-state'),
    found(meta.get('og:title'), 'open-graph'),
    found(markupTitle, 'markup'),
  );
  findings.listing_id = firstFound(found(state?.id, 'embedded-state'), found(kind === 'listing' ? id : null, 'url'));
  findings.title = title;
  findings.price = firstFound(
    found(product === null ? null : schemaPrice(product), 'json-ld'),
    found(state?.price, 'embedded-state'),
    found(openGraphPrice(meta), 'open-graph'),
    found(parsePriceText(markupPrice), 'markup'),
  );
  findings.images = firstFound(
    found(absoluteUrls(schemaImages(product?.image), url), 'json-ld'),
    found(absoluteUrls(state?.images ?? [], url), 'embedded-state'),
    found(absoluteUrls(openGraphImages(doc), url), 'open-graph'),
  );
  findings.condition = firstFound(found(schemaCondition(offer?.itemCondition), 'json-ld'), found(specifics.condition, 'embedded-state'));
  findings.brand = firstFound(found(schemaText(product?.brand), 'json-ld'), found(specifics.brand, 'embedded-state'));
  findings.sku = firstFound(found(schemaText(product?.sku), 'json-ld'), found(specifics.sku, 'embedded-state'));
  findings.style_code = firstFound(
    found(specifics.style_code, 'embedded-state'),
    found(title === null ? null : styleCodeInText(title.value), 'title'),
  );
  findings.colour = firstFound(found(schemaText(product?.color), 'json-ld'), found(specifics.colour, 'embedded-state'));
  findings.size = firstFound(
    found(schemaText(product?.size), 'json-ld'),
    found(specifics.size, 'embedded-state'),
    found(title === null ? null : sizeInText(title.value), 'title'),
  );
  findings.specifics = specifics.others;
  return findings;
}

/** A Whatnot live show (whatnot.com/live/<id>): the item on sale right now. */
export const whatnotShowReader: PageReader = {
  site: 'whatnot',
  page: 'whatnot-show',
  matches: (url) => isWhatnotHost(url.hostname) && showPath.test(url.pathname),
  read: (doc, url) => readWhatnot(doc, url, 'show'),
};

/** A Whatnot listing (whatnot.com/listing/<id>). */
export const whatnotListingReader: PageReader = {
  site: 'whatnot',
  page: 'whatnot-listing',
  matches: (url) => isWhatnotHost(url.hostname) && listingPath.test(url.pathname),
  read: (doc, url) => readWhatnot(doc, url, 'listing'),
};
