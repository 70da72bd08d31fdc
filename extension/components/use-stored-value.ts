import { useCallback, useSyncExternalStore } from 'react';
import type { WxtStorageItem } from 'wxt/utils/storage';

type Item<T> = Pick<WxtStorageItem<T, Record<string, unknown>>, 'getValue' | 'setValue' | 'watch' | 'fallback'>;

type Snapshot = { value: unknown; loaded: boolean };
const snapshots = new WeakMap<object, Snapshot>();

/** The same object until the value changes, as useSyncExternalStore requires. */
function snapshotOf(item: Item<unknown>): Snapshot {
  let snapshot = snapshots.get(item);
  if (snapshot === undefined) {
    snapshot = { value: item.fallback, loaded: false };
    snapshots.set(item, snapshot);
  }
  return snapshot;
}

/**
 * A stored preference as React state: the fallback until storage answers, then the stored value,
 * following changes made anywhere (the options page, another tab).
 */
export function useStoredValue<T>(item: Item<T>): [T, (value: T) => void, boolean] {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const store = (value: T) => {
        snapshots.set(item, { value, loaded: true });
        onChange();
      };
      if (!snapshotOf(item).loaded) void item.getValue().then(store);
      return item.watch((value) => store(value));
    },
    [item],
  );
  const snapshot = useSyncExternalStore(subscribe, () => snapshotOf(item));
  const set = useCallback((value: T) => void item.setValue(value), [item]);
  return [snapshot.value as T, set, snapshot.loaded];
}
