// Choosing rows of a list for a bulk action, for every front end: a checkbox per row, shift-click
// for a range, the keyboard (Space, Shift+Arrow, Ctrl/Cmd+A, Escape), "this page" or "all matching
// the filter", and a selection that ends when the filter changes. The rules are pure functions
// (tested in row-selection.test.ts); `useRowSelection` keeps the state for a screen.

import { type KeyboardEvent, useCallback, useRef, useState } from 'react';

/**
 * `some`: exactly the rows in `ids`. `all`: every row matching the filter, loaded or not, except
 * those in `ids` (unticked one by one after "select all matching").
 */
export type RowSelection = {
  readonly mode: 'some' | 'all';
  readonly ids: ReadonlySet<string>;
  /** Where the last click or Space was: a shift-click selects from here. */
  readonly anchor: string | null;
};

export const emptySelection: RowSelection = { mode: 'some', ids: new Set(), anchor: null };

export const isRowSelected = (selection: RowSelection, id: string): boolean =>
  selection.mode === 'all' ? !selection.ids.has(id) : selection.ids.has(id);

/** How many rows are chosen; `total` is the number matching the filter (needed in `all` mode). */
export const selectedCount = (selection: RowSelection, total: number): number =>
  selection.mode === 'all' ? Math.max(0, total - selection.ids.size) : selection.ids.size;

export const hasSelection = (selection: RowSelection): boolean => selection.mode === 'all' || selection.ids.size > 0;

/** The same selection with these rows chosen (or not). */
function withRows(selection: RowSelection, ids: readonly string[], chosen: boolean, anchor: string | null): RowSelection {
  const next = new Set(selection.ids);
  // In `all` mode the set holds the exceptions, so choosing a row takes it out.
  const add = selection.mode === 'all' ? !chosen : chosen;
  for (const id of ids) {
    if (add) next.add(id);
    else next.delete(id);
  }
  return { mode: selection.mode, ids: next, anchor };
}

/** A click on a row's checkbox (or Space on the row): that row flips and becomes the anchor. */
export const toggleRow = (selection: RowSelection, id: string): RowSelection =>
  withRows(selection, [id], !isRowSelected(selection, id), id);

/**
 * A shift-click: every row from the anchor to this one (in the order shown) is chosen. Without an
 * anchor among the rows shown (none yet, or the filter hid it) it is a plain click.
 */
export function selectRange(selection: RowSelection, id: string, order: readonly string[]): RowSelection {
  const from = selection.anchor === null ? -1 : order.indexOf(selection.anchor);
  const to = order.indexOf(id);
  if (from === -1 || to === -1) return toggleRow(selection, id);
  const [start, end] = from <= to ? [from, to] : [to, from];
  return withRows(selection, order.slice(start, end + 1), true, selection.anchor);
}

/** The header checkbox: every row shown is chosen, or, when all of them already are, none of them. */
export function togglePage(selection: RowSelection, order: readonly string[]): RowSelection {
  const all = order.length > 0 && order.every((id) => isRowSelected(selection, id));
  return withRows(selection, order, !all, selection.anchor);
}

/** Ctrl/Cmd+A: every row shown. */
export const selectPage = (selection: RowSelection, order: readonly string[]): RowSelection =>
  withRows(selection, order, true, selection.anchor);

/** Every row matching the filter, including those not loaded yet. */
export const selectAllMatching = (): RowSelection => ({ mode: 'all', ids: new Set(), anchor: null });

/** The header checkbox's state for the rows shown. */
export function pageCheckState(selection: RowSelection, order: readonly string[]): boolean | 'mixed' {
  const chosen = order.filter((id) => isRowSelected(selection, id)).length;
  if (chosen === 0) return false;
  return chosen === order.length ? true : 'mixed';
}

/** What a key pressed on a row does. */
export type SelectionKey =
  | { kind: 'toggle' }
  | { kind: 'move'; step: 1 | -1; extend: boolean }
  | { kind: 'select-page' }
  | { kind: 'clear' }
  | null;

/**
 * Space toggles the focused row (a checkbox toggles itself: nothing to add), Arrow keys move to the
 * next row and with Shift extend the selection to it, Ctrl/Cmd+A chooses every row shown, Escape
 * clears. Keys typed into a text field are the field's.
 */
export function selectionKey(event: {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  target: 'checkbox' | 'text' | 'other';
}): SelectionKey {
  if (event.target === 'text' || event.altKey) return null;
  if (event.key === ' ' && !event.ctrlKey && !event.metaKey) return event.target === 'checkbox' ? null : { kind: 'toggle' };
  if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
    if (event.ctrlKey || event.metaKey) return null;
    return { kind: 'move', step: event.key === 'ArrowDown' ? 1 : -1, extend: event.shiftKey };
  }
  if ((event.key === 'a' || event.key === 'A') && (event.ctrlKey || event.metaKey) && !event.shiftKey) return { kind: 'select-page' };
  if (event.key === 'Escape') return { kind: 'clear' };
  return null;
}

/**
 * Applies a key to the selection with the focus on row `focus`: the new selection and the row the
 * focus moves to. Shift+Arrow chooses the row left and the row reached (from the anchor when there is
 * one on screen, so Shift+Down, Shift+Down, Shift+Up ends with two rows chosen).
 */
export function applySelectionKey(
  selection: RowSelection,
  key: Exclude<SelectionKey, null>,
  focus: string,
  order: readonly string[],
): { selection: RowSelection; focus: string } {
  switch (key.kind) {
    case 'toggle':
      return { selection: toggleRow(selection, focus), focus };
    case 'select-page':
      return { selection: selectPage(selection, order), focus };
    case 'clear':
      return { selection: emptySelection, focus };
    case 'move': {
      const at = order.indexOf(focus);
      const nextIndex = Math.min(order.length - 1, Math.max(0, at + key.step));
      const next = order[nextIndex] ?? focus;
      if (!key.extend) return { selection, focus: next };
      const anchor = selection.anchor !== null && order.includes(selection.anchor) ? selection.anchor : focus;
      const anchorAt = order.indexOf(anchor);
      const [start, end] = anchorAt <= nextIndex ? [anchorAt, nextIndex] : [nextIndex, anchorAt];
      const range = order.slice(start, end + 1);
      // Rows between the anchor and the old focus that the move leaves behind are let go.
      const [oldStart, oldEnd] = anchorAt <= at ? [anchorAt, at] : [at, anchorAt];
      const left = order.slice(oldStart, oldEnd + 1).filter((id) => !range.includes(id));
      const released = withRows(selection, left, false, anchor);
      return { selection: withRows(released, range, true, anchor), focus: next };
    }
  }
}

export type SelectionState = { readonly key: string; readonly selection: RowSelection; readonly clearedByFilter: boolean };

/** Another search or filter (`key`) ends the selection; `clearedByFilter` says one was dropped. */
export function onFilter(state: SelectionState, key: string): SelectionState {
  if (state.key === key) return state;
  return { key, selection: emptySelection, clearedByFilter: hasSelection(state.selection) };
}

/**
 * The selection of one screen's rows. `order` is the ids shown, in order; when `resetKey` changes
 * (another search or filter) the selection is cleared and `clearedByFilter` says so until the next
 * choice. Rows carry `data-row-id` and their checkbox; `onKeyDown` goes on the element holding
 * them, so the keys work wherever the focus is inside a row.
 */
export function useRowSelection({ order, resetKey }: { order: readonly string[]; resetKey: string }) {
  const [state, setState] = useState<SelectionState>({ key: resetKey, selection: emptySelection, clearedByFilter: false });
  const current = onFilter(state, resetKey);
  // Adjusting state while rendering: React renders again at once with the cleared selection.
  if (current !== state) setState(current);
  const { selection } = current;
  const orderRef = useRef(order);
  orderRef.current = order;
  const shift = useRef(false);

  const update = useCallback(
    (change: (selection: RowSelection) => RowSelection) =>
      setState((previous) => ({ ...previous, selection: change(previous.selection), clearedByFilter: false })),
    [],
  );

  /** Put on the checkbox's onClick: a click with Shift held selects a range. */
  const onCheckboxClick = useCallback((event: { shiftKey: boolean }) => {
    shift.current = event.shiftKey;
  }, []);
  /** Put on the checkbox's onChange. */
  const onCheckboxChange = useCallback(
    (id: string) => {
      const range = shift.current;
      shift.current = false;
      update((previous) => (range ? selectRange(previous, id, orderRef.current) : toggleRow(previous, id)));
    },
    [update],
  );

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      const target = event.target as HTMLElement;
      const row = target.closest<HTMLElement>('[data-row-id]');
      const input = target instanceof HTMLInputElement ? target : null;
      const kind = input?.type === 'checkbox' ? 'checkbox' : input !== null || target.isContentEditable ? 'text' : 'other';
      const { key: name, shiftKey, ctrlKey, metaKey, altKey } = event;
      const key = selectionKey({ key: name, shiftKey, ctrlKey, metaKey, altKey, target: kind });
      if (key === null || (row === null && key.kind !== 'clear' && key.kind !== 'select-page')) return;
      if (key.kind === 'clear' && !hasSelection(selection)) return;
      event.preventDefault();
      const focus = row?.dataset.rowId ?? orderRef.current[0] ?? '';
      const result = applySelectionKey(selection, key, focus, orderRef.current);
      if (result.selection !== selection) update(() => result.selection);
      if (result.focus !== focus) {
        const next = event.currentTarget.querySelector<HTMLElement>(`[data-row-id="${CSS.escape(result.focus)}"]`);
        const checkbox = next?.querySelector<HTMLElement>('input[type="checkbox"]') ?? next;
        checkbox?.focus();
        next?.scrollIntoView({ block: 'nearest' });
      }
    },
    [selection, update],
  );

  return {
    selection,
    /** The filter changed and took a selection with it (shown until the next choice). */
    clearedByFilter: current.clearedByFilter,
    isSelected: (id: string) => isRowSelected(selection, id),
    count: (total: number) => selectedCount(selection, total),
    pageState: pageCheckState(selection, order),
    onCheckboxClick,
    onCheckboxChange,
    onKeyDown,
    togglePage: () => update((previous) => togglePage(previous, orderRef.current)),
    selectAllMatching: () => update(selectAllMatching),
    clear: () => update(() => emptySelection),
  };
}

export type RowSelectionState = ReturnType<typeof useRowSelection>;
