import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { EmptyState } from './empty-state.tsx';

const render = (element: ReactElement) => renderToStaticMarkup(element);

describe('EmptyState', () => {
  it('titles the box with a paragraph unless a heading level is asked for', () => {
    const plain = render(<EmptyState title="No sales yet">Record one.</EmptyState>);
    expect(plain).toMatch(/<p[^>]*>No sales yet<\/p>/);
    expect(plain).not.toMatch(/<h\d/);

    const heading = render(
      <EmptyState title="No bug reports yet" headingLevel={2}>
        Nothing reported.
      </EmptyState>,
    );
    expect(heading).toMatch(/<h2[^>]*>No bug reports yet<\/h2>/);
  });

  it('is a region named by its title when given an id', () => {
    const html = render(<EmptyState id="no-rules" headingLevel={2} title="No pick rules yet" />);
    expect(html).toMatch(/^<section[^>]*aria-labelledby="no-rules"/);
    expect(html).toMatch(/<h2 id="no-rules"[^>]*>No pick rules yet<\/h2>/);
    expect(render(<EmptyState title="All caught up" />)).toMatch(/^<div/);
  });

  it('hides the icon from assistive technology and leaves out the parts not given', () => {
    const html = render(<EmptyState icon={<svg />} title="Nothing to pick" actions={<button type="button">New order</button>} />);
    expect(html).toMatch(/<span[^>]*aria-hidden="true"[^>]*><svg><\/svg><\/span>/);
    expect(html).toContain('<button type="button">New order</button>');
    expect(render(<EmptyState title="Choose an order" />).match(/<p/g)).toHaveLength(1);
  });
});
