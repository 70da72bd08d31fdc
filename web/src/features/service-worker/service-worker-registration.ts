import { SERVICE_WORKER_URL, type ServiceWorkerDecision } from './service-worker-policy.ts';

type RegistrationLike = {
  readonly active: { readonly scriptURL: string } | null;
  readonly installing: { readonly scriptURL: string } | null;
  readonly waiting: { readonly scriptURL: string } | null;
  unregister(): Promise<boolean>;
};

/** The part of navigator.serviceWorker used here, so tests can pass their own. */
export type ServiceWorkerContainerLike = {
  register(url: string, options?: RegistrationOptions): Promise<unknown>;
  getRegistrations(): Promise<readonly RegistrationLike[]>;
};

function isOurs(registration: RegistrationLike): boolean {
  const worker = registration.active ?? registration.waiting ?? registration.installing;
  return worker !== null && new URL(worker.scriptURL, 'http://origin.invalid').pathname === SERVICE_WORKER_URL;
}

/**
 * Registers /sw.js, or unregisters it (and only it) where the app runs without a worker. Failures are
 * reported, never thrown: the app works the same without a worker.
 */
export async function applyServiceWorkerDecision(
  decision: ServiceWorkerDecision,
  container: ServiceWorkerContainerLike | undefined,
  logger: Pick<Console, 'warn'> = console,
): Promise<void> {
  if (container === undefined) return;
  try {
    if (decision === 'register') {
      await container.register(SERVICE_WORKER_URL, { scope: '/' });
      return;
    }
    const registrations = await container.getRegistrations();
    await Promise.all(registrations.filter(isOurs).map((registration) => registration.unregister()));
  } catch (error) {
    logger.warn(`[sw] could not ${decision} the service worker`, error);
  }
}
