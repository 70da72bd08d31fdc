import { createDOMRenderer } from '@fluentui/react-components';
import { compareMediaQueries } from './compare-media-queries.ts';

/** The app's Griffel renderer: Fluent's default, with media queries in desktop-first order. */
export const styleRenderer = createDOMRenderer(document, { compareMediaQueries });
