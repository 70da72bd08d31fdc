/** What a route may tell the guards above it through `handle` (react-router keeps it on the match). */
export type GuardHandle = {
  /** Where a signed-out visitor goes instead of the root page (the admin area sends them to /auth, spec §2). */
  signedOutTo?: string;
};

export function signedOutTarget(handles: readonly unknown[], fallback: string): string {
  for (let index = handles.length - 1; index >= 0; index--) {
    const handle = handles[index];
    if (typeof handle === 'object' && handle !== null && 'signedOutTo' in handle && typeof handle.signedOutTo === 'string') {
      return handle.signedOutTo;
    }
  }
  return fallback;
}
