import { defineEntity, p } from '@mikro-orm/core';
import { newId } from '../../db/ids.ts';
import { tenantFilter } from '../../db/tenant.ts';
import { Business } from '../businesses/public.ts';
import { Barcode } from './barcode.entity.ts';
import { Product } from './product.entity.ts';

const VariantSchema = defineEntity({
  name: 'Variant',
  tableName: 'variants',
  filters: tenantFilter,
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => newId()),
    business: () => p.manyToOne(Business),
    product: () => p.manyToOne(Product),
    size: p.string(),
    sku: p.string(),
    priceCents: p.integer().nullable(),
    weightGrams: p.integer().nullable(),
    barcodes: () => p.oneToMany(Barcode).mappedBy('variant'),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export class Variant extends VariantSchema.class {}
VariantSchema.setClass(Variant);
