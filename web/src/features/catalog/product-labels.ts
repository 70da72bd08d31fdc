import type { ProductCategory, ProductCondition, ProductGrade, ProductStatus } from '@tradepost/shared/schemas/catalog.ts';

export const categoryLabels: Record<ProductCategory, string> = {
  sneakers: 'Sneakers',
  apparel: 'Apparel',
  accessories: 'Accessories',
  collectibles: 'Collectibles',
  other: 'Other',
};

export const conditionLabels: Record<ProductCondition, string> = {
  new: 'New',
  new_with_defects: 'New with defects',
  pre_owned: 'Pre-owned',
};

export const gradeLabels: Record<ProductGrade, string> = {
  like_new: 'Like new',
  excellent: 'Excellent',
  good: 'Good',
  fair: 'Fair',
};

export const statusLabels: Record<ProductStatus, string> = {
  draft: 'Draft',
  active: 'Active',
  archived: 'Archived',
};

/** 'Pre-owned · Excellent', 'New with defects'; nothing for a plain new product. */
export function conditionText(condition: ProductCondition, grade: ProductGrade | null): string | null {
  if (condition === 'new') return null;
  return grade === null ? conditionLabels[condition] : `${conditionLabels[condition]} · ${gradeLabels[grade]}`;
}
