import type { tokens as fluentTokens } from '@fluentui/react-components';

/** The tokens whose variable has a fallback: the layers, which a theme need not set. */
const fallbacks: Record<string, number> = {
  zIndexBackground: 0,
  zIndexContent: 1,
  zIndexOverlay: 1000,
  zIndexPopup: 2000,
  zIndexMessages: 3000,
  zIndexFloating: 4000,
  zIndexPriority: 5000,
  zIndexDebug: 6000,
};

/**
 * Fluent's `tokens`: each theme token's name → `var(--name)`, the CSS variable FluentProvider sets
 * from the theme. Fluent ships them as an object of about 470 such strings, 3 KB gzip of every
 * first screen (issue #16); the build serves this module in its place (web/vite.config.ts,
 * `fluentTokensByName`), which makes the same string from the name it is asked for. Nothing lists
 * the tokens (styles read them one by one); fluent-tokens.test.ts checks every one of Fluent's.
 */
export const tokens = new Proxy(
  {},
  {
    get: (_target, name) => {
      if (typeof name !== 'string') return undefined;
      return Object.hasOwn(fallbacks, name) ? `var(--${name}, ${fallbacks[name]})` : `var(--${name})`;
    },
  },
) as typeof fluentTokens;
