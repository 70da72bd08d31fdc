/** A set of listeners for one kind of event; a listener that throws must not stop the others or the caller. */
export type ListenerSet<T> = {
  /** Adds a listener and returns the function that removes it. */
  add(listener: (event: T) => void): () => void;
  emit(event: T): void;
  readonly size: number;
};

export function createListenerSet<T>(onListenerError: (error: unknown) => void): ListenerSet<T> {
  const listeners = new Set<(event: T) => void>();
  return {
    add(listener) {
      // A wrapper makes the same function subscribable twice, each with its own unsubscribe.
      const entry = (event: T) => listener(event);
      listeners.add(entry);
      return () => {
        listeners.delete(entry);
      };
    },
    emit(event) {
      for (const listener of [...listeners]) {
        try {
          listener(event);
        } catch (error) {
          onListenerError(error);
        }
      }
    },
    get size() {
      return listeners.size;
    },
  };
}
