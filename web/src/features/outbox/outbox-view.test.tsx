import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { outboxKeys } from '@tradepost/shared/query/outbox.ts';
import { sessionKeys } from '@tradepost/shared/query/session.ts';
import type { Role, User } from '@tradepost/shared/schemas/auth.ts';
import type { Outbox } from '@tradepost/shared/schemas/outbox.ts';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { OutboxSection } from './outbox-section.tsx';
import { NOT_SENDING, OutboxView } from './outbox-view.tsx';

// The unit project runs in Node without a DOM, so the screens are rendered to markup and read as text.

const BUSINESS = '00000000-0000-4000-8000-000000000001';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const items: Outbox['items'] = [
  {
    id: id(2),
    to: 'second-hire@example.com',
    subject: 'Ann Lee invited you to Outbox Kicks on Tradepost',
    text: 'Accept within 7 days: https://tradepost.test/accept-invitation/abc\n',
    created_at: '2026-11-27T10:05:00.000Z',
  },
  {
    id: id(3),
    to: 'ann@example.com',
    subject: 'Repeated failed sign-ins to your Tradepost account',
    text: 'Someone tried to sign in…\n',
    created_at: '2026-11-26T08:00:00.000Z',
  },
];

/** The user the session query holds, as far as the outbox reads it (role, business, demo mode). */
const userWith = (role: Role) => ({ role, demo_mode: false, business: { id: BUSINESS, currency: 'USD' } }) as User;

function render(node: ReactNode, seed: (client: QueryClient) => void = () => {}): string {
  const client = new QueryClient();
  seed(client);
  return renderToStaticMarkup(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
const bodyRows = (html: string) =>
  (html.split('<tbody>')[1] ?? '')
    .split('</tr>')
    .filter((row) => row.includes('<t'))
    .map((row) => [...row.matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/g)].map((cell) => text(cell[1] ?? '')));

describe('OutboxView', () => {
  it('says, when empty and not sending, that mail is not sent, what will appear here and how to configure SMTP_URL', () => {
    const html = render(<OutboxView outbox={{ smtp_configured: false, items: [] }} onOpen={() => {}} />);
    expect(html).toMatch(new RegExp(`<h3 id="outbox-empty"[^>]*>${NOT_SENDING}</h3>`));
    expect(text(html)).toContain('Messages that would have been sent, such as invitations to your team, appear here.');
    expect(text(html)).toContain('To send mail instead, set SMTP_URL to your mail server');
    expect(html).not.toContain('<table');
  });

  it('lists unsent mail as given (newest first): subject as the button that opens it, recipient and when', () => {
    const html = render(<OutboxView outbox={{ smtp_configured: false, items }} onOpen={() => {}} />);
    const heads = [...(html.split('<tbody>')[0] ?? '').matchAll(/<th scope="col"[^>]*>(.*?)<\/th>/g)].map((m) => m[1]);
    expect(heads).toEqual(['Subject', 'To', 'When']);
    expect(bodyRows(html).map((row) => row.slice(0, 2))).toEqual([
      ['Ann Lee invited you to Outbox Kicks on Tradepost', 'second-hire@example.com'],
      ['Repeated failed sign-ins to your Tradepost account', 'ann@example.com'],
    ]);
    expect(html).toMatch(/<th scope="row"[^>]*><button[^>]*>Ann Lee invited you/);
    expect(html).toContain('<time dateTime="2026-11-27T10:05:00.000Z">');
    expect(html).toContain('aria-label="Unsent mail, newest first"');
    // The warning stays above the list: mail is still not being sent.
    expect(text(html)).toContain(`${NOT_SENDING}.`);
    expect(text(html)).toContain('SMTP_URL');
    // The text is read in the dialog, not in the list.
    expect(html).not.toContain('accept-invitation');
  });

  it('says mail is being sent once SMTP_URL is set, and that older kept mail was never sent', () => {
    const empty = text(render(<OutboxView outbox={{ smtp_configured: true, items: [] }} onOpen={() => {}} />));
    expect(empty).toContain('Mail is being sent');
    expect(empty).not.toContain(NOT_SENDING);
    const kept = text(render(<OutboxView outbox={{ smtp_configured: true, items }} onOpen={() => {}} />));
    expect(kept).toContain('These messages were kept before it was set up and were never sent.');
    expect(kept).not.toContain(NOT_SENDING);
  });
});

describe('OutboxSection', () => {
  const seeded = (role: Role) => (client: QueryClient) => {
    client.setQueryData(sessionKeys.me(), userWith(role));
    client.setQueryData(outboxKeys.list(BUSINESS), { smtp_configured: false, items } satisfies Outbox);
  };

  it('is a section of Settings for the owner, named Outbox, with the kept mail', () => {
    const html = render(<OutboxSection />, seeded('owner'));
    expect(html).toMatch(/<section[^>]*aria-labelledby="outbox-title"/);
    expect(html).toMatch(/<h2 id="outbox-title"[^>]*>Outbox<\/h2>/);
    expect(bodyRows(html)).toHaveLength(2);
  });

  it('is not there at all for staff and fulfillment', () => {
    expect(render(<OutboxSection />, seeded('staff'))).toBe('');
    expect(render(<OutboxSection />, seeded('fulfillment'))).toBe('');
  });
});
