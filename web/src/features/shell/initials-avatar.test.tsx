import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { InitialsAvatar, initialsOf } from './initials-avatar.tsx';

describe("the user menu's avatar", () => {
  it('shows the initials of the first and last word, in capitals', () => {
    expect(initialsOf('Sam Frame')).toBe('SF');
    expect(initialsOf('sam de la frame')).toBe('SF');
    expect(initialsOf('  samframe ')).toBe('S');
    expect(initialsOf('Sam (Kicks) Frame')).toBe('SF');
    expect(initialsOf('Ada [ops')).toBe('A');
    expect(initialsOf('Élodie Ørsted')).toBe('ÉØ');
    expect(initialsOf('_sam.frame')).toBe('S');
  });

  it('shows a person icon for a name with no letter or digit, and is hidden from screen readers', () => {
    expect(initialsOf('(none) ---')).toBe('');
    const html = renderToString(<InitialsAvatar name="--" size={32} />);
    expect(html).toContain('<svg');
    expect(html).toContain('aria-hidden="true"');
    expect(renderToString(<InitialsAvatar name="Sam Frame" size={40} />)).toMatch(/>SF<\/span>$/);
  });
});
