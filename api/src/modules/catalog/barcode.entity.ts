import { defineEntity, p } from '@mikro-orm/core';
import { newId } from '../../db/ids.ts';
import { tenantFilter } from '../../db/tenant.ts';
import { Business } from '../businesses/public.ts';
import { Variant } from './variant.entity.ts';

const BarcodeSchema = defineEntity({
  name: 'Barcode',
  tableName: 'barcodes',
  filters: tenantFilter,
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => newId()),
    business: () => p.manyToOne(Business),
    variant: () => p.manyToOne(Variant),
    code: p.string(),
    kind: p.string().$type<'upc' | 'ean' | 'custom'>(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export class Barcode extends BarcodeSchema.class {}
BarcodeSchema.setClass(Barcode);
