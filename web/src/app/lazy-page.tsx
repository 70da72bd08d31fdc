import { Component, type ComponentType, lazy, type ReactElement, type ReactNode, Suspense, useState } from 'react';
import {
  boundaryDecision,
  createRefreshOffer,
  LAZY_LOAD_DEFAULT_RETRIES,
  LAZY_LOAD_MIN_RETRIES,
  loadWithRetry,
} from '../features/shell/lazy-load-retry.ts';
import { PageLoading } from './page-loading.tsx';

/** One offer per page life (spec §8): a "no" leaves the route's error screen in charge. */
const offerRefresh = createRefreshOffer(
  (message) => window.confirm(message),
  () => window.location.reload(),
);

type BoundaryProps = { onRetry: () => void; children: ReactNode };
type BoundaryState = { caught: unknown; retries: number; failed: { error: unknown } | null };

/**
 * The chunk boundary of spec §9: a page whose code failed to load is tried again twice (each time
 * with the loader's own retries); then the user is offered a refresh, and on "no" the error goes on
 * to the route's errorElement. Any other error goes there at once.
 */
class ChunkBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { caught: null, retries: 0, failed: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { caught: error };
  }

  override componentDidCatch(error: unknown): void {
    const decision = boundaryDecision(error, this.state.retries);
    if (decision === 'retry') {
      this.props.onRetry();
      this.setState((state) => ({ caught: null, retries: state.retries + 1 }));
      return;
    }
    // Reloading: keep the spinner until the page goes away.
    if (decision === 'offer-refresh' && offerRefresh()) return;
    this.setState({ failed: { error } });
  }

  override render(): ReactNode {
    // Thrown from here, the error reaches the router, which shows the route's errorElement.
    if (this.state.failed !== null) throw this.state.failed.error;
    if (this.state.caught !== null) return <PageLoading />;
    return this.props.children;
  }
}

export type LazyOptions = {
  /** Retries after the first try, 2 to 5 (spec §9). */
  retries?: number;
};

/**
 * A page's code, loaded on first render and shared by every visit (a page loaded once opens at
 * once). After a failure the chunk boundary asks for a fresh loader: React keeps a failed lazy
 * component failed, so trying again needs a new one.
 */
export class PageLoader<Props extends object> {
  page: ComponentType<Props>;
  readonly #create: (retries: number) => ComponentType<Props>;
  readonly #load: () => Promise<Record<string, ComponentType<Props>>>;
  readonly #retries: number;
  /** The code asked for ahead of the first render (`preload`), which that render then waits for. */
  #early: Promise<Record<string, ComponentType<Props>> | null> | null = null;

  constructor(load: () => Promise<Record<string, ComponentType<Props>>>, name: string, options: LazyOptions = {}) {
    this.#load = load;
    this.#retries = options.retries ?? LAZY_LOAD_DEFAULT_RETRIES;
    this.#create = (retries) =>
      lazy<ComponentType<Props>>(async () => {
        // An early load that failed leaves the render to load (and retry) on its own.
        const module = (await this.#early) ?? (await loadWithRetry(load, retries));
        const page = module[name];
        if (page === undefined) throw new Error(`The page module has no export named ${name}`);
        return { default: page };
      });
    this.page = this.#create(this.#retries);
  }

  /**
   * Starts loading the page's code now, before anything renders it: at start-up the opened screen's
   * chunk then downloads beside the session check instead of after it and the guards.
   */
  preload(): void {
    this.#early ??= loadWithRetry(this.#load, this.#retries).catch(() => null);
  }

  renew(): void {
    this.#early = null;
    this.page = this.#create(LAZY_LOAD_MIN_RETRIES);
  }
}

/** Loads a page by its named export (pages use named exports only). The name is checked against the module's type. */
export function pageLoader<Name extends string, Props extends object>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
  options: LazyOptions = {},
): PageLoader<Props> {
  return new PageLoader<Props>(load, name, options);
}

type LazyRouteProps<Props extends object> = { loader: PageLoader<Props>; props: Props };

/** Renders a lazy page behind the spinner with 'Loading page...' (spec §2), inside the chunk boundary. */
export function LazyRoute<Props extends object>({ loader, props }: LazyRouteProps<Props>) {
  const [, setGeneration] = useState(0);
  const Page = loader.page;
  const retry = () => {
    loader.renew();
    setGeneration((generation) => generation + 1);
  };
  return (
    <ChunkBoundary onRetry={retry}>
      <Suspense fallback={<PageLoading />}>
        <Page {...props} />
      </Suspense>
    </ChunkBoundary>
  );
}

/** A route element for a lazy page that takes no props. */
export function lazyPage<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
  options: LazyOptions = {},
): ReactElement {
  return <LazyRoute loader={pageLoader(load, name, options)} props={{}} />;
}
