import { type BatchEventStream, type BatchEventStreamOptions, createBatchEventStream } from '@tradepost/shared/client/event-stream.ts';
import { applyBatchEvent, initialBatchUpdatesState } from '@tradepost/shared/domain/batch-updates.ts';
import type { DomainEvent } from '@tradepost/shared/schemas/events.ts';
import type { Atom, createStore } from 'jotai';
import { batchStreamStateAtom } from './batch-stream-state-atom.ts';
import { batchUpdatesAtom } from './batch-updates-atom.ts';

type Store = ReturnType<typeof createStore>;

export type RealtimeConnectionOptions = {
  store: Store;
  /** The session token; the stream is open exactly while it is not null. It asks for the stream's tickets. */
  tokenAtom: Atom<string | null>;
  /** Stream options other than the token (tests pass a fake EventSource and ticket fetch). */
  stream?: Omit<BatchEventStreamOptions, 'getToken'>;
  /**
   * The business's domain events, gathered for a moment so a burst (a batch, an import) refreshes
   * each screen once instead of once per event.
   */
  onDomainEvents?: (events: DomainEvent[]) => void;
};

/** How long domain events gather before they are handed on together. */
export const DOMAIN_EVENT_GATHER_MS = 150;

/**
 * Keeps the batch-operations stream (spec §4, §7) in step with the session: it connects when signed
 * in (each connect and reconnect with a new single-use ticket asked for with the session token, see
 * the shared client), reconnects for a new token, and closes on sign-out. Its state and
 * events land in jotai atoms, so any screen can read them; domain events go to `onDomainEvents`.
 * Returns the function that stops it all.
 */
export function connectRealtime({ store, tokenAtom, stream: streamOptions, onDomainEvents }: RealtimeConnectionOptions): () => void {
  const stream: BatchEventStream = createBatchEventStream({
    baseUrl: '',
    ...streamOptions,
    getToken: () => store.get(tokenAtom),
  });
  const offState = stream.onStateChange((state) => store.set(batchStreamStateAtom, state));
  const offEvent = stream.onEvent((event) => store.set(batchUpdatesAtom, (current) => applyBatchEvent(current, event)));
  let gathered: DomainEvent[] = [];
  let gathering: ReturnType<typeof setTimeout> | undefined;
  const offDomain = stream.onDomainEvent((event) => {
    if (!onDomainEvents) return;
    gathered.push(event);
    gathering ??= setTimeout(() => {
      const events = gathered;
      gathered = [];
      gathering = undefined;
      onDomainEvents(events);
    }, DOMAIN_EVENT_GATHER_MS);
  });

  let connectedToken: string | null = null;
  const follow = () => {
    const token = store.get(tokenAtom);
    if (token === connectedToken) return;
    if (connectedToken !== null) {
      stream.close();
      // Another session (or none): the last one's batches are not this one's business.
      store.set(batchUpdatesAtom, initialBatchUpdatesState);
    }
    connectedToken = token;
    if (token !== null) void stream.connect();
  };
  const offToken = store.sub(tokenAtom, follow);
  follow();

  return () => {
    offToken();
    offState();
    offEvent();
    offDomain();
    if (gathering !== undefined) clearTimeout(gathering);
    stream.close();
    store.set(batchStreamStateAtom, 'disconnected');
  };
}
