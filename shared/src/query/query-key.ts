import type { DomainEventType } from '../schemas/events.ts';

/**
 * A TanStack Query key, typed structurally (TanStack's own `QueryKey` is `ReadonlyArray<unknown>`),
 * so shared/ needs no query library: the web app and the extension pass these keys to theirs.
 */
export type QueryKey = readonly unknown[];

/**
 * Which of an area's keys (prefixes) each domain event makes stale. Declared next to the area's
 * keys, so whoever adds a key sees which facts change its answer; `stale-keys.ts` joins them.
 */
export type StaleAfter = Partial<Record<DomainEventType, readonly QueryKey[]>>;
