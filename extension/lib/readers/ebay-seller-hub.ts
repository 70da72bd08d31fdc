import { emptyFindings, firstFound, found, type ReaderFindings } from './captured-listing.ts';
import { largestEbayImage } from './ebay-item.ts';
import { mapSpecifics, sizeInText, styleCodeInText } from './item-specifics.ts';
import { absoluteUrls, isEbayHost, type PageReader } from './page-reader.ts';
import { amountToCents, parsePriceText, textOf } from './structured-data.ts';

/** The listing tool's pages: /lstng (current) and /sl/list, /sl/sell (older), plus Seller Hub's own /sh/ pages. */
const listingToolPath = /^\/(lstng|sl\/(list|sell|revise))\b/;
const sellerHubPath = /^\/sh\//;

const formValue = (doc: Document, name: string): string | null => {
  const field = doc.querySelector(`[name="${name}"]`);
  if (field === null) return null;
  const value = field.tagName === 'SELECT' ? textOf(field.querySelector('option[selected]')) : field.getAttribute('value');
  return value?.trim() || null;
};

/**
 * eBay Seller Hub's listing form (Listings → Edit, or a new listing): the form's named fields are
 * the listing, including the seller's custom label (SKU) that buyers never see. Seller Hub's
 * overview and grid pages hold many listings, not one, so they read as nothing.
 */
export const ebaySellerHubReader: PageReader = {
  site: 'ebay',
  page: 'ebay-seller-hub',
  matches: (url) => isEbayHost(url.hostname) && (listingToolPath.test(url.pathname) || sellerHubPath.test(url.pathname)),
  read(doc, url): ReaderFindings | null {
    if (doc.querySelector('input[name="title"]') === null) return null;
    const findings = emptyFindings();
    const specifics = mapSpecifics(
      [...doc.querySelectorAll('[name^="attributes."]')].map((field) => [
        (field.getAttribute('name') ?? '').slice('attributes.'.length),
        field.getAttribute('value') ?? textOf(field) ?? '',
      ]),
    );
    const title = found(formValue(doc, 'title'), 'form');
    const currency = formValue(doc, 'currency');
    const priceText = formValue(doc, 'price');
    const prefix = textOf(doc.querySelector('[name="price"]')?.parentElement?.querySelector('.textbox__prefix'));

    findings.listing_id = firstFound(found(url.searchParams.get('itemId'), 'url'), found(formValue(doc, 'itemId'), 'form'));
    findings.title = title;
    findings.price = found(
      currency !== null && priceText !== null
        ? (() => {
            const cents = amountToCents(priceText, currency);
            return cents === null ? null : { cents, currency: currency.toUpperCase() };
          })()
        : parsePriceText(`${prefix ?? ''}${priceText ?? ''}`),
      'form',
    );
    findings.sku = firstFound(found(formValue(doc, 'customLabel'), 'form'), found(specifics.sku, 'form'));
    findings.condition = firstFound(
      found(textOf(doc.querySelector('.condition-recommendation-value')), 'form'),
      found(specifics.condition, 'form'),
    );
    findings.images = found(
      absoluteUrls(
        [...doc.querySelectorAll('.uploader-thumbnails img')].map((img) => img.getAttribute('src')),
        url,
      ).map(largestEbayImage),
      'form',
    );
    findings.brand = found(specifics.brand, 'form');
    findings.style_code = firstFound(
      found(specifics.style_code, 'form'),
      found(title === null ? null : styleCodeInText(title.value), 'title'),
    );
    findings.colour = found(specifics.colour, 'form');
    findings.size = firstFound(found(specifics.size, 'form'), found(title === null ? null : sizeInText(title.value), 'title'));
    findings.specifics = specifics.others;
    return findings;
  },
};
