import { isSizeFormatId, sizeLabel } from '@tradepost/shared/domain/sizes/size-formats.ts';
import {
  type PreownedGrade,
  type PreownedSource,
  type PreownedState,
  type PublishField,
  publishRequirements,
} from '@tradepost/shared/schemas/preowned.ts';

/** Each grade with the one line a buyer and a grader both understand. */
export const gradeDetails: Record<PreownedGrade, { label: string; description: string }> = {
  like_new: { label: 'Like new', description: 'Worn once or twice at most: no creasing, clean soles, box and extras.' },
  excellent: { label: 'Excellent', description: 'Light wear only: faint creasing or sole wear you notice up close.' },
  good: { label: 'Good', description: 'Clearly worn: creasing, sole wear or small marks, each described in the notes.' },
  fair: { label: 'Fair', description: 'Heavy wear or flaws such as scuffs, yellowing or sole separation; priced to match.' },
};

export const sourceLabels: Record<PreownedSource, string> = {
  in_store_purchase: 'Bought from a seller',
  trade: 'Taken in a trade',
  opening: 'Already in my stock',
};

export const stateLabels: Record<PreownedState, string> = {
  draft: 'Draft',
  in_stock: 'In stock',
  sold: 'Sold',
  archived: 'Archived',
};

const requirementLabels = new Map<string, string>(publishRequirements.map(({ field, label }) => [field, label]));

/** 'Missing grade, price and cost' from the API's list of fields; '' when nothing is missing. */
export function missingText(fields: readonly (PublishField | string)[]): string {
  const labels = fields.map((field) => requirementLabels.get(field) ?? field);
  if (labels.length === 0) return '';
  const last = labels.at(-1);
  const list = labels.length === 1 ? last : `${labels.slice(0, -1).join(', ')} and ${last}`;
  return `Missing ${list}`;
}

/** 'US M 10.5' for a built-in format, the text as typed for the shop's own. */
export function itemSizeLabel(sizeFormat: string, size: string | null): string | null {
  if (size === null || size === '') return null;
  return isSizeFormatId(sizeFormat) ? sizeLabel(sizeFormat, size) : size;
}

/** 'Listed today', '1 day in stock', '23 days in stock'. */
export function daysText(days: number | null, state: PreownedState): string | null {
  if (days === null) return null;
  if (state === 'in_stock') return days === 0 ? 'Listed today' : `${days} ${days === 1 ? 'day' : 'days'} in stock`;
  return `Sold after ${days} ${days === 1 ? 'day' : 'days'}`;
}
