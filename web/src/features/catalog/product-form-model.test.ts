import { ApiError, networkError } from '@tradepost/shared/client/api-error.ts';
import { describe, expect, it } from 'vitest';
import {
  AMOUNT_MESSAGE,
  CHECK_FIELDS,
  changedDetails,
  detailsBody,
  detailsFrom,
  fieldReader,
  moneyText,
  newProductDetails,
  newSizeBody,
  refusedBeforeSending,
  refusedBy,
  rowMessages,
} from './product-form-model.ts';

const refused = (details: { field: string; message: string }[], message = 'Validation failed') =>
  new ApiError({ status: 400, code: 'VALIDATION_ERROR', message, details, fromServer: true });

describe('the product form model', () => {
  it('shows saved details and amounts as typed text, blanks for what is not set', () => {
    const details = detailsFrom({ title: 'Samba OG', brand: 'Adidas', style_code: null, colorway: null, category: 'sneakers' });
    expect(details).toEqual({ title: 'Samba OG', brand: 'Adidas', styleCode: '', colorway: '', category: 'sneakers' });
    expect(moneyText(12999, 'USD')).toBe('129.99');
    expect(moneyText(1200, 'JPY')).toBe('1200');
    expect(moneyText(null, 'USD')).toBe('');
  });

  it('reads amounts through the shared money parser and keeps a message for one it cannot read', () => {
    const read = fieldReader('USD');
    expect(read.money('retail_price_cents', '$1,200.5')).toBe(120050);
    expect(read.money('variants.0.price_cents', '  ')).toBeUndefined();
    expect(read.money('variants.1.price_cents', 'ten')).toBeUndefined();
    expect(read.grams('variants.1.weight_grams', '900')).toBe(900);
    expect(read.grams('variants.2.weight_grams', '')).toBeUndefined();
    expect(read.grams('variants.3.weight_grams', '1.5kg')).toBeUndefined();
    expect(read.problems).toEqual({
      'variants.1.price_cents': AMOUNT_MESSAGE,
      'variants.3.weight_grams': 'Enter whole grams, such as 1200',
    });
    const preowned = fieldReader('USD', 'Enter an amount such as 120 or 119.99');
    preowned.money('price_cents', '12.345');
    expect(preowned.problems).toEqual({ price_cents: 'Enter an amount such as 120 or 119.99' });
  });

  it('sends details trimmed, leaving blanks out of a new product and clearing them on a saved one', () => {
    const typed = { ...newProductDetails, title: ' Dunk Low ', brand: ' ', styleCode: 'DD1391-100 ' };
    expect(detailsBody(typed, undefined)).toEqual({
      title: 'Dunk Low',
      brand: undefined,
      style_code: 'DD1391-100',
      colorway: undefined,
      category: 'sneakers',
    });
    expect(detailsBody(typed, null)).toMatchObject({ brand: null, colorway: null });
  });

  it('tracks changes: only the details that differ from the saved ones, ignoring spaces around them', () => {
    const saved = detailsFrom({ title: 'Samba OG', brand: 'Adidas', style_code: 'B75806', colorway: null, category: 'sneakers' });
    expect(changedDetails({ ...saved, title: 'Samba OG  ' }, saved)).toEqual({});
    expect(changedDetails({ ...saved, brand: '', colorway: 'Cloud White', category: 'other' }, saved)).toEqual({
      brand: null,
      colorway: 'Cloud White',
      category: 'other',
    });
  });

  it('builds a new size with its barcode, the retail price when its own is blank, and messages at its path', () => {
    const read = fieldReader('USD');
    expect(newSizeBody(read, 'variants.2.', { size: '10', sku: ' DZ-10 ', price: '', barcode: ' 0123456789012 ' }, 18000)).toEqual({
      size: '10',
      sku: 'DZ-10',
      price_cents: 18000,
      barcodes: [{ code: '0123456789012' }],
    });
    expect(newSizeBody(read, 'variants.3.', { size: '11', sku: 'DZ-11', price: '175', barcode: '' }, null)).toMatchObject({
      price_cents: 17500,
      barcodes: [],
    });
    newSizeBody(read, '', { size: '12', sku: 'DZ-12', price: 'free', barcode: '' }, null);
    expect(read.problems).toEqual({ price_cents: AMOUNT_MESSAGE });
  });

  it('says nothing on the general line before sending unless the editor has words for it', () => {
    expect(refusedBeforeSending({ title: 'Title is required' })).toEqual({ fields: { title: 'Title is required' }, general: undefined });
    expect(refusedBeforeSending({ title: 'Title is required' }, CHECK_FIELDS).general).toBe(CHECK_FIELDS);
    expect(refusedBeforeSending({}, CHECK_FIELDS)).toEqual({ fields: {}, general: undefined });
  });

  it("puts the server's messages beside their fields, folds a list's into its one input and keeps the rest general", () => {
    const places = { fields: ['title', 'sku'], rows: ['variants'], folded: { images: 'images', barcodes: 'barcode' } };
    const error = refused([
      { field: 'title', message: 'Title is required' },
      { field: 'variants.1.sku', message: 'SKU taken' },
      { field: 'images.2.media_id', message: 'Photo not found' },
      { field: 'images.4.media_id', message: 'Photo gone' },
      { field: 'barcodes.0.code', message: 'Barcode taken' },
    ]);
    expect(refusedBy(error, places, 'Not saved.')).toEqual({
      fields: { title: 'Title is required', 'variants.1.sku': 'SKU taken', images: 'Photo not found', barcode: 'Barcode taken' },
      general: CHECK_FIELDS,
    });
    expect(refusedBy(error, places, 'Not saved.', { pointToFields: false }).general).toBeUndefined();
    expect(refusedBy(refused([{ field: 'status', message: 'Archived products cannot change' }]), places, 'Not saved.')).toEqual({
      fields: {},
      general: 'Archived products cannot change',
    });
    expect(refusedBy(networkError(), places, 'Not saved.').general).toBe(
      'We could not reach Tradepost. Check your connection and try again.',
    );
  });

  it("places `variants.<i>.<field>` on the i-th row of the body, under the row's names", () => {
    const fields = {
      'variants.0.price_cents': 'Price is too large',
      'variants.1.barcodes.0.code': 'Barcode taken',
      'variants.1.size': 'Size 15 is not in the run',
      'variants.7.sku': 'no such row',
      title: 'Title is required',
    };
    expect(rowMessages(fields, 'variants', ['9', '10'], { price_cents: 'price', barcodes: 'barcode' }, 'size')).toEqual({
      '9': { price: 'Price is too large' },
      '10': { barcode: 'Barcode taken', size: 'Size 15 is not in the run' },
    });
    expect(rowMessages(fields, 'variants', ['9', '10'], { price_cents: 'price' })).toEqual({ '9': { price: 'Price is too large' } });
  });
});
