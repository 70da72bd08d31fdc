/** Joins class names, skipping the falsy ones (what Fluent's mergeClasses did for the public pages). */
export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}
