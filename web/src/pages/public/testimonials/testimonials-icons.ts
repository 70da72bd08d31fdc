import { icon } from '../../../features/public-site/public-icon.tsx';

/* Icons of the testimonials page only. */

/** Fluent's InfoRegular. */
export const InfoRegular = icon(
  'M10.5 8.91a.5.5 0 0 0-1 .09v4.6a.5.5 0 0 0 1-.1V8.91m.3-2.16a.75.75 0 1 0-1.5 0 .75.75 0 0 0 1.5 0M18 10a8 8 0 1 0-16 0 8 8 0 0 0 16 0M3 10a7 7 0 1 1 14 0 7 7 0 0 1-14 0',
);
