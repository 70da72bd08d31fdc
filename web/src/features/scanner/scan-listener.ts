import { createScanRecogniser } from './scan-recogniser.ts';

/**
 * Marks the one field of a screen that is meant to receive scans (a barcode box, a search box that
 * takes codes). Keys typed there keep their normal behaviour and are not routed to screen handlers;
 * anywhere else a recognised scan is taken away from the focused field and given to the handler.
 */
export const scanFieldAttribute = 'data-scan-field';

/** Spread onto an input (Fluent `Input` passes it to the native element) to mark it as the scan field. */
export const scanFieldProps = { [scanFieldAttribute]: 'true' } as const;

type ScanHandler = (code: string) => void;
type TextField = HTMLInputElement | HTMLTextAreaElement;
// A focused select jumps to the option whose name starts with the typed characters.
type ChangedField = TextField | HTMLSelectElement;
type FieldSnapshot = { field: ChangedField; value: string; selectionStart: number | null; selectionEnd: number | null };

const handlers: { id: number; handle: ScanHandler }[] = [];
const recogniser = createScanRecogniser();
let nextId = 1;
let snapshot: FieldSnapshot | null = null;

// Inputs whose value a keystroke can change; checkboxes, buttons and the like take no characters.
const textInputTypes = new Set(['text', 'search', 'email', 'url', 'tel', 'password', 'number', '']);

function changedField(target: EventTarget | null): ChangedField | null {
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return target;
  if (target instanceof HTMLInputElement && textInputTypes.has(target.type)) return target;
  return null;
}

function takeSnapshot(field: ChangedField): FieldSnapshot {
  if (field instanceof HTMLSelectElement) return { field, value: field.value, selectionStart: null, selectionEnd: null };
  // Number inputs have no selection API; reading it answers null there.
  return { field, value: field.value, selectionStart: field.selectionStart, selectionEnd: field.selectionEnd };
}

/** Puts the field back as it was before the burst, through the native setter so React's onChange sees it. */
function restore({ field, value, selectionStart, selectionEnd }: FieldSnapshot): void {
  if (field instanceof HTMLSelectElement) {
    if (field.value === value) return;
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')?.set?.call(field, value);
    field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  if (selectionStart !== null && selectionEnd !== null) {
    try {
      field.setSelectionRange(selectionStart, selectionEnd);
    } catch {
      // Types without a selection (number) keep the caret where the browser put it.
    }
  }
}

function onKeyDown(event: KeyboardEvent): void {
  if (event.isComposing) return;
  const target = event.target;
  if (target instanceof Element && target.closest(`[${scanFieldAttribute}]`) !== null) {
    recogniser.clear();
    snapshot = null;
    return;
  }
  const field = changedField(target);
  const step = recogniser.push({
    key: event.key,
    time: event.timeStamp,
    withModifier: event.ctrlKey || event.altKey || event.metaKey,
  });
  if (step.kind === 'start') {
    snapshot = field === null ? null : takeSnapshot(field);
  } else if (step.kind === 'reset') {
    snapshot = null;
  } else if (step.kind === 'scan') {
    // Enter would submit the form or press the focused button; the scan is the whole meaning.
    event.preventDefault();
    event.stopPropagation();
    if (snapshot !== null && snapshot.field === field) restore(snapshot);
    snapshot = null;
    handlers.at(-1)?.handle(step.code);
  }
}

/**
 * Adds a handler on top of the stack; only the top one receives scans, so a dialog or a screen
 * mounted later takes scans from the one below until it unmounts. Returns the unregister function.
 */
export function registerScanHandler(handle: ScanHandler): () => void {
  const id = nextId++;
  if (handlers.length === 0) window.addEventListener('keydown', onKeyDown, { capture: true });
  handlers.push({ id, handle });
  return () => {
    const index = handlers.findIndex((entry) => entry.id === id);
    if (index >= 0) handlers.splice(index, 1);
    if (handlers.length === 0) {
      window.removeEventListener('keydown', onKeyDown, { capture: true });
      recogniser.clear();
      snapshot = null;
    }
  };
}
