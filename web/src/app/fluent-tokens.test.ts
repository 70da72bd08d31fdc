import { tokens as fluentTokens } from '@fluentui/react-components';
import { describe, expect, it } from 'vitest';
import { tokens } from './fluent-tokens.ts';

describe("the build's Fluent tokens", () => {
  it("give every token Fluent's own value: the CSS variable of its name", () => {
    const names = Object.keys(fluentTokens) as (keyof typeof fluentTokens)[];
    expect(names.length).toBeGreaterThan(400);
    for (const name of names) expect(tokens[name], name).toBe(fluentTokens[name]);
  });
});
