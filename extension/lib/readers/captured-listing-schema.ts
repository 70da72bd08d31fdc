import { centsSchema } from '@tradepost/shared/schemas/common.ts';
import { z } from 'zod';
import { capturedConditionKinds, capturedFields, captureSources, marketplaceSites, pageKinds } from './captured-listing.ts';

const text = (max: number) => z.string().trim().min(1).max(max);

/** One listing as read from a marketplace page: what the panel shows and what a capture turns into a draft. */
export const capturedListingSchema = z.object({
  site: z.enum(marketplaceSites),
  page: z.enum(pageKinds),
  url: z.url().max(2048),
  listing_id: text(64).nullable(),
  title: text(300).nullable(),
  /** Integer minor units, with the page's ISO currency code. */
  price: z.object({ cents: centsSchema('Price'), currency: z.string().regex(/^[A-Z]{3}$/) }).nullable(),
  images: z.array(z.url().max(2048)).max(24),
  size: text(40).nullable(),
  condition: z.object({ text: text(120), kind: z.enum(capturedConditionKinds).nullable() }).nullable(),
  brand: text(80).nullable(),
  style_code: text(40).nullable(),
  colour: text(120).nullable(),
  sku: text(64).nullable(),
  /** The page's other item specifics, label → value (department, model, material…). */
  specifics: z.record(z.string().max(80), z.string().max(300)),
  missing: z.array(z.enum(capturedFields)),
  sources: z.partialRecord(z.enum(capturedFields), z.enum(captureSources)),
});
export type CapturedListing = z.infer<typeof capturedListingSchema>;
