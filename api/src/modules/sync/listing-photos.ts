import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { newId } from '../../db/ids.ts';
import { tenantDb } from '../../db/tenant-db.ts';
import type { ListingPhoto, PlatformPhoto } from '../marketplaces/public.ts';
import { readPhoto } from '../media/public.ts';

/**
 * A product's photos for a listing on one connection (issue #17, reference §5b): each with the copy
 * this connection already uploaded (table `platform_photos`), the bytes on demand, and `remember`,
 * which keeps a new copy at once, so a listing that fails after an upload does not upload it again.
 * A photo is uploaded once per connection, and again only when eBay's copy expired (the adapter
 * decides) or the photo changed (a changed photo is a new media id).
 */
export async function listingPhotos(
  em: EntityManager,
  businessId: string,
  connectionId: string,
  images: readonly { media_id: string }[],
): Promise<ListingPhoto[]> {
  const mediaIds = images.map((image) => image.media_id);
  if (mediaIds.length === 0) return [];
  const rows = await tenantDb(em, businessId)
    .selectFrom('platform_photos')
    .where('connection_id', '=', connectionId)
    .where('media_id', 'in', mediaIds)
    .select(['media_id', 'platform_id', 'platform_url', 'expires_at'])
    .execute();
  const copies = new Map(
    rows.map((row): [string, PlatformPhoto] => [
      row.media_id,
      { platformId: row.platform_id, url: row.platform_url, expiresAt: row.expires_at === null ? null : new Date(row.expires_at) },
    ]),
  );
  return mediaIds.map((mediaId) => ({
    mediaId,
    copy: copies.get(mediaId) ?? null,
    read: async (accept) => {
      const photo = await readPhoto(em, businessId, mediaId, accept);
      return { bytes: photo.bytes, contentType: photo.contentType, filename: photo.filename };
    },
    remember: async (copy) => {
      await tenantDb(em, businessId)
        .insertInto('platform_photos')
        .values({
          id: newId(),
          media_id: mediaId,
          connection_id: connectionId,
          platform_id: copy.platformId,
          platform_url: copy.url,
          expires_at: copy.expiresAt?.toISOString() ?? null,
        })
        .onConflict((conflict) =>
          conflict.columns(['connection_id', 'media_id']).doUpdateSet((eb) => ({
            platform_id: eb.ref('excluded.platform_id'),
            platform_url: eb.ref('excluded.platform_url'),
            expires_at: eb.ref('excluded.expires_at'),
            uploaded_at: sql`now()`,
          })),
        )
        .execute();
    },
  }));
}
