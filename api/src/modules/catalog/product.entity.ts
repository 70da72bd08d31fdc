import { defineEntity, p } from '@mikro-orm/core';
import { newId } from '../../db/ids.ts';
import { QuotedTextArrayType } from '../../db/quoted-text-array.ts';
import { tenantFilter } from '../../db/tenant.ts';
import { Business } from '../businesses/public.ts';
import { Variant } from './variant.entity.ts';

const ProductSchema = defineEntity({
  name: 'Product',
  tableName: 'products',
  filters: tenantFilter,
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => newId()),
    business: () => p.manyToOne(Business),
    title: p.string(),
    brand: p.string().nullable(),
    styleCode: p.string().nullable(),
    colorway: p.string().nullable(),
    category: p.string().$type<'sneakers' | 'apparel' | 'accessories' | 'collectibles' | 'other'>(),
    sizeFormat: p.string(),
    retailPriceCents: p.integer().nullable(),
    releaseDate: p.string().columnType('date').nullable(),
    description: p.text().nullable(),
    tags: p.type(QuotedTextArrayType).$type<string[]>().default([]),
    condition: p.string().$type<'new' | 'new_with_defects' | 'pre_owned'>().default('new'),
    grade: p.string().$type<'like_new' | 'excellent' | 'good' | 'fair'>().nullable(),
    conditionNotes: p.text().nullable(),
    images: p.json<{ media_id: string; url: string }[]>().default([]),
    status: p.string().$type<'draft' | 'active' | 'archived'>().default('active'),
    archivedAt: p.datetime().nullable(),
    variants: () => p.oneToMany(Variant).mappedBy('product'),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export class Product extends ProductSchema.class {}
ProductSchema.setClass(Product);
