/** What the person can do when the camera does not start, from the getUserMedia error. */
export function cameraErrorMessage(error: unknown, secureContext: boolean): string {
  if (!secureContext) return 'The camera only works over a secure (https) connection. Open the app through its https address.';
  const name =
    error instanceof Error || (typeof error === 'object' && error !== null && 'name' in error)
      ? String((error as { name: unknown }).name)
      : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return 'Camera access was refused. Allow the camera for this site in your browser settings, then try again.';
    case 'NotFoundError':
    case 'OverconstrainedError':
      return 'No camera was found on this device. Use a hardware scanner or type the code instead.';
    case 'NotReadableError':
    case 'AbortError':
      return 'The camera is in use by another app. Close it, then try again.';
    default:
      return 'The camera could not start. Try again, or use a hardware scanner or type the code.';
  }
}
