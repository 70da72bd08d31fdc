import { icon } from '../../../features/public-site/public-icon.tsx';

/* Icons of the pricing page only. */

/** Fluent's CheckmarkRegular. */
export const CheckmarkRegular = icon('M3.37 10.17a.5.5 0 0 0-.74.66l4 4.5c.19.22.52.23.72.02l10.5-10.5a.5.5 0 0 0-.7-.7L7.02 14.27z');
/** Fluent's CheckmarkCircleFilled. */
export const CheckmarkCircleFilled = icon(
  'M10 2a8 8 0 1 1 0 16 8 8 0 0 1 0-16m3.36 5.65a.5.5 0 0 0-.64-.06l-.07.06L9 11.3 7.35 9.65l-.07-.06a.5.5 0 0 0-.7.7l.07.07 2 2 .07.06c.17.11.4.11.56 0l.07-.06 4-4 .07-.08a.5.5 0 0 0-.06-.63',
);
/** Fluent's SubtractRegular. */
export const SubtractRegular = icon('M3 10c0-.28.22-.5.5-.5h13a.5.5 0 0 1 0 1h-13A.5.5 0 0 1 3 10');
/** Fluent's ChevronDownRegular. */
export const ChevronDownRegular = icon(
  'M15.85 7.65c.2.2.2.5 0 .7l-5.46 5.49a.55.55 0 0 1-.78 0L4.15 8.35a.5.5 0 1 1 .7-.7L10 12.8l5.15-5.16c.2-.2.5-.2.7 0',
);
