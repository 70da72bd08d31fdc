import type { productCategories } from '@tradepost/shared/schemas/catalog.ts';

/** The create screen doubles as the editor: the route table has no edit route of its own. */
export const editPath = (formatId: string) => `/business/size-formats/create?edit=${encodeURIComponent(formatId)}`;

export const categoryLabels: Record<(typeof productCategories)[number], string> = {
  sneakers: 'Sneakers',
  apparel: 'Apparel',
  accessories: 'Accessories',
  collectibles: 'Collectibles',
  other: 'Other',
};
