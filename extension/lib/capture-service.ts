import type { ApiClient } from '@tradepost/shared/client/types.ts';
import { productSchema } from '@tradepost/shared/schemas/catalog.ts';
import { MEDIA_MAX_UPLOAD_BYTES, mediaSchema, mediaUploadContentTypes } from '@tradepost/shared/schemas/media.ts';
import { preownedItemSchema } from '@tradepost/shared/schemas/preowned.ts';
import type { AuthService } from './auth-service.ts';
import { type DraftPlan, draftPath, planDraft, productPath } from './capture-draft.ts';
import type { CatalogLookup } from './catalog-lookup.ts';
import { ExtensionError } from './messages.ts';
import type { MatchBasis } from './product-match.ts';
import type { CapturedField, CapturedListing } from './readers/captured-listing.ts';

/** At most this many of the listing's photos are copied into the draft (the rest stay on the marketplace). */
export const MAX_CAPTURED_PHOTOS = 6;

export type CaptureOutcome =
  | {
      status: 'created';
      kind: DraftPlan['kind'];
      id: string;
      title: string;
      /** The Tradepost screen where the draft is finished: its path, and the whole address. */
      path: string;
      url: string;
      /** What the page did not show, so the draft lacks it too. */
      missing: CapturedField[];
      photos: { copied: number; failed: number };
    }
  | { status: 'exists'; product_id: string; title: string; path: string; url: string; basis: Exclude<MatchBasis, 'title'> };

/** Field names as people say them, for messages about what a page lacked. */
export const fieldLabels: Record<CapturedField, string> = {
  listing_id: 'listing number',
  title: 'title',
  price: 'price',
  images: 'photos',
  size: 'size',
  condition: 'condition',
  brand: 'brand',
  style_code: 'style code',
  colour: 'colour',
  sku: 'SKU',
};

export const describeFields = (fields: readonly CapturedField[]) => fields.map((field) => fieldLabels[field]).join(', ');

export type CaptureServiceOptions = {
  auth: AuthService;
  lookup: CatalogLookup;
  /** Fetches the marketplace's photos (the worker's own fetch, with its host permissions). */
  fetch?: typeof fetch;
};

/** Turns a captured listing into a draft in Tradepost, copying its photos; refuses a page with no title. */
export function createCaptureService({ auth, lookup, fetch: fetchImpl = (input, init) => fetch(input, init) }: CaptureServiceOptions) {
  /** Copies one photo into Tradepost's media; null when the marketplace or the type refuses. */
  async function copyPhoto(client: ApiClient, base: string, url: string): Promise<string | null> {
    try {
      const response = await fetchImpl(url, { credentials: 'omit', cache: 'force-cache' });
      if (!response.ok) return null;
      const blob = await response.blob();
      const type = blob.type.split(';')[0]?.trim().toLowerCase() ?? '';
      if (!(mediaUploadContentTypes as readonly string[]).includes(type) || blob.size === 0 || blob.size > MEDIA_MAX_UPLOAD_BYTES)
        return null;
      const media = await client.post(`${base}/media`, { body: new Blob([blob], { type }), schema: mediaSchema });
      return media.id;
    } catch {
      return null;
    }
  }

  return {
    async captureListing(listing: CapturedListing): Promise<CaptureOutcome> {
      const planned = planDraft(listing);
      if ('missing' in planned) {
        throw new ExtensionError({
          message: `Could not capture this page: it shows no ${describeFields(listing.missing)}.`,
          code: 'unreadable-page',
          missing: listing.missing,
        });
      }
      const { client, session } = await auth.signedInClient();
      const base = `/businesses/${encodeURIComponent(session.user.business.id)}`;

      // The same item twice would be two products: a SKU or style code we already have opens that one instead.
      const existing = await lookup.findMatch(listing);
      if (existing !== null && existing.basis !== 'title') {
        const path = productPath(existing.product.id);
        return {
          status: 'exists',
          product_id: existing.product.id,
          title: existing.product.title,
          path,
          url: `${session.server}${path}`,
          basis: existing.basis,
        };
      }

      const photos: string[] = [];
      let failed = 0;
      for (const url of listing.images.slice(0, MAX_CAPTURED_PHOTOS)) {
        const id = await copyPhoto(client, base, url);
        if (id === null) failed += 1;
        else photos.push(id);
      }
      const images = photos.map((media_id) => ({ media_id }));
      const { plan } = planned;
      const created =
        plan.kind === 'preowned'
          ? await client.post(`${base}/preowned`, { body: { ...plan.body, images }, schema: preownedItemSchema })
          : await client.post(`${base}/products`, { body: { ...plan.body, images }, schema: productSchema });
      const path = draftPath(plan.kind, created.id);
      return {
        status: 'created',
        kind: plan.kind,
        id: created.id,
        title: created.title,
        path,
        url: `${session.server}${path}`,
        missing: listing.missing,
        photos: { copied: photos.length, failed },
      };
    },
  };
}

export type CaptureService = ReturnType<typeof createCaptureService>;
