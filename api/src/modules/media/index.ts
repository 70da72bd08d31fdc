import { defineModule } from '../../platform/module.ts';
import { mediaRoutes, publicMediaRoutes } from './media.routes.ts';

export const mediaModule = defineModule({
  name: 'media',
  description: 'Photo uploads and their public files.',
  apiRoutes: [publicMediaRoutes],
  businessRoutes: [mediaRoutes],
  ownedIds: { mediaId: { table: 'media', notFound: 'Image not found' } },
  permissions: ['catalog:write'],
});
