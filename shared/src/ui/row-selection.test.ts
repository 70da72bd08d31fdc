import { describe, expect, it } from 'vitest';
import {
  applySelectionKey,
  emptySelection,
  isRowSelected,
  onFilter,
  pageCheckState,
  type RowSelection,
  selectAllMatching,
  selectedCount,
  selectionKey,
  selectRange,
  togglePage,
  toggleRow,
} from './row-selection.ts';

const order = ['a', 'b', 'c', 'd', 'e'];
const chosen = (selection: RowSelection) => order.filter((id) => isRowSelected(selection, id));
const key = (name: string, extra: Partial<Parameters<typeof selectionKey>[0]> = {}) =>
  selectionKey({ key: name, shiftKey: false, ctrlKey: false, metaKey: false, altKey: false, target: 'checkbox', ...extra });

describe('row selection: clicks', () => {
  it('toggles one row and remembers it as the anchor', () => {
    const one = toggleRow(emptySelection, 'b');
    expect(chosen(one)).toEqual(['b']);
    expect(one.anchor).toBe('b');
    expect(chosen(toggleRow(one, 'b'))).toEqual([]);
  });

  it('shift-click selects from the anchor to the row, in either direction', () => {
    expect(chosen(selectRange(toggleRow(emptySelection, 'b'), 'd', order))).toEqual(['b', 'c', 'd']);
    expect(chosen(selectRange(toggleRow(emptySelection, 'e'), 'c', order))).toEqual(['c', 'd', 'e']);
    // Without an anchor on screen it is a plain click.
    expect(chosen(selectRange(emptySelection, 'c', order))).toEqual(['c']);
    expect(chosen(selectRange({ ...toggleRow(emptySelection, 'gone'), ids: new Set() }, 'c', order))).toEqual(['c']);
  });

  it('the header checkbox chooses the page, then none of it; its state says which', () => {
    const some = toggleRow(emptySelection, 'a');
    expect(pageCheckState(some, order)).toBe('mixed');
    const page = togglePage(some, order);
    expect(chosen(page)).toEqual(order);
    expect(pageCheckState(page, order)).toBe(true);
    expect(chosen(togglePage(page, order))).toEqual([]);
    expect(pageCheckState(emptySelection, order)).toBe(false);
  });

  it('"all matching" counts the whole filtered set, less the rows unticked', () => {
    const all = selectAllMatching();
    expect(selectedCount(all, 1_234)).toBe(1_234);
    expect(isRowSelected(all, 'not-loaded-yet')).toBe(true);
    const lessOne = toggleRow(all, 'c');
    expect(selectedCount(lessOne, 1_234)).toBe(1_233);
    expect(isRowSelected(lessOne, 'c')).toBe(false);
    expect(selectedCount(toggleRow(emptySelection, 'a'), 1_234)).toBe(1);
  });
});

describe('row selection: keyboard', () => {
  it('maps keys to actions, leaving text fields and a checkbox’s own Space alone', () => {
    expect(key(' ')).toBeNull();
    expect(key(' ', { target: 'other' })).toEqual({ kind: 'toggle' });
    expect(key('ArrowDown', { shiftKey: true })).toEqual({ kind: 'move', step: 1, extend: true });
    expect(key('ArrowUp')).toEqual({ kind: 'move', step: -1, extend: false });
    expect(key('a', { ctrlKey: true })).toEqual({ kind: 'select-page' });
    expect(key('a', { metaKey: true })).toEqual({ kind: 'select-page' });
    expect(key('a')).toBeNull();
    expect(key('Escape')).toEqual({ kind: 'clear' });
    expect(key('a', { ctrlKey: true, target: 'text' })).toBeNull();
  });

  it('Space toggles the focused row, Ctrl/Cmd+A the page, Escape clears', () => {
    const spaced = applySelectionKey(emptySelection, { kind: 'toggle' }, 'c', order);
    expect(chosen(spaced.selection)).toEqual(['c']);
    expect(chosen(applySelectionKey(spaced.selection, { kind: 'select-page' }, 'c', order).selection)).toEqual(order);
    expect(applySelectionKey(spaced.selection, { kind: 'clear' }, 'c', order).selection).toBe(emptySelection);
  });

  it('Shift+Arrow extends from the anchor and lets go of rows when it turns back', () => {
    let state = applySelectionKey(toggleRow(emptySelection, 'b'), { kind: 'move', step: 1, extend: true }, 'b', order);
    expect(state.focus).toBe('c');
    expect(chosen(state.selection)).toEqual(['b', 'c']);
    state = applySelectionKey(state.selection, { kind: 'move', step: 1, extend: true }, state.focus, order);
    expect(chosen(state.selection)).toEqual(['b', 'c', 'd']);
    state = applySelectionKey(state.selection, { kind: 'move', step: -1, extend: true }, state.focus, order);
    expect(state.focus).toBe('c');
    expect(chosen(state.selection)).toEqual(['b', 'c']);
    // Back to the anchor, then past it upwards.
    state = applySelectionKey(state.selection, { kind: 'move', step: -1, extend: true }, state.focus, order);
    expect(chosen(state.selection)).toEqual(['b']);
    state = applySelectionKey(state.selection, { kind: 'move', step: -1, extend: true }, state.focus, order);
    expect(state.focus).toBe('a');
    expect(chosen(state.selection)).toEqual(['a', 'b']);
  });

  it('a plain Arrow moves the focus only, and stops at the ends', () => {
    const moved = applySelectionKey(emptySelection, { kind: 'move', step: -1, extend: false }, 'a', order);
    expect(moved.focus).toBe('a');
    expect(chosen(moved.selection)).toEqual([]);
    expect(applySelectionKey(emptySelection, { kind: 'move', step: 1, extend: false }, 'e', order).focus).toBe('e');
  });
});

describe('row selection: filters', () => {
  it('a change of filter clears the selection and says so until the next choice', () => {
    const before = { key: 'q=dunk', selection: toggleRow(emptySelection, 'a'), clearedByFilter: false };
    expect(onFilter(before, 'q=dunk')).toBe(before);
    const after = onFilter(before, 'q=jordan');
    expect(after.selection).toBe(emptySelection);
    expect(after.clearedByFilter).toBe(true);
    // Nothing was chosen: nothing to say.
    expect(onFilter({ ...before, selection: emptySelection }, 'q=jordan').clearedByFilter).toBe(false);
    // "All matching" is a selection too.
    expect(onFilter({ ...before, selection: selectAllMatching() }, 'brand=Nike').clearedByFilter).toBe(true);
  });
});
