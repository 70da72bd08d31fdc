import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
import { LAZY_LOAD_MIN_RETRIES, loadWithRetry } from './lazy-load-retry.ts';

/**
 * A piece of the signed-in frame that is not drawn at first paint (a closed dialog, the toaster, a
 * menu's panel), kept out of the first screen's download (issue #16). It renders `fallback` until
 * its code is here, then the piece; the code is asked for when the piece first mounts (or earlier,
 * by `preload`) and shared by every later mount, which then renders at once. A failed download
 * leaves the fallback and is tried again by the next mount or preload: what is deferred is never
 * needed to draw a screen, so a network failure must not cost the page its error screen.
 */
export type Deferred<Props extends object> = {
  (props: Props & { fallback?: ReactNode }): ReactNode;
  /** Starts the download now (idempotent); resolves once the piece can render, or is undefined on failure. */
  preload: () => Promise<ComponentType<Props> | undefined>;
};

export function deferred<Props extends object>(load: () => Promise<ComponentType<Props>>): Deferred<Props> {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props> | undefined> | undefined;

  const preload = (): Promise<ComponentType<Props> | undefined> => {
    loading ??= loadWithRetry(load, LAZY_LOAD_MIN_RETRIES).then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        console.warn('[deferred] a piece of the page failed to load', error);
        loading = undefined;
        return undefined;
      },
    );
    return loading;
  };

  // biome-ignore lint/correctness/noComponentHookFactories: made once per piece at module level, like React.lazy's components
  function DeferredPiece({ fallback = null, ...props }: Props & { fallback?: ReactNode }): ReactNode {
    // A function in state is called as an updater: the component is wrapped.
    const [piece, setPiece] = useState<{ Component: ComponentType<Props> } | undefined>(() =>
      loaded === undefined ? undefined : { Component: loaded },
    );
    useEffect(() => {
      if (piece !== undefined) return;
      let live = true;
      void preload().then((Component) => {
        if (live && Component !== undefined) setPiece({ Component });
      });
      return () => {
        live = false;
      };
    }, [piece]);
    if (piece === undefined) return fallback;
    const { Component } = piece;
    return <Component {...(props as unknown as Props)} />;
  }

  return Object.assign(DeferredPiece, { preload });
}
