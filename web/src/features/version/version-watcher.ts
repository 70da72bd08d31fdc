/** Spec §9: the version is checked every 5 minutes (and once at start). */
export const VERSION_CHECK_INTERVAL_MS = 5 * 60_000;

export type VersionWatcherOptions = {
  /** Reads the build the server now serves; a failure (offline, server down) skips that check. */
  fetchBuild: () => Promise<string>;
  /** The first build read: what this page was loaded with. */
  onLoadedBuild?: (build: string) => void;
  /** A different build is deployed; called once per new build. */
  onNewBuild: (build: string, loadedBuild: string) => void;
  intervalMs?: number;
};

export type VersionWatcher = {
  /** Checks now and then every interval; returns the stop function. */
  start(): () => void;
  /** One check (exposed for tests and for "check now" on demand). */
  check(): Promise<void>;
  readonly loadedBuild: string | undefined;
};

/**
 * Compares the served build with the one this page started with (spec §1, §4). The page's own build
 * is the first one read: the API serves index.html and /version.json from the same deploy.
 */
export function createVersionWatcher(options: VersionWatcherOptions): VersionWatcher {
  const intervalMs = options.intervalMs ?? VERSION_CHECK_INTERVAL_MS;
  let loadedBuild: string | undefined;
  let announced: string | undefined;
  let inFlight: Promise<void> | undefined;

  async function checkOnce(): Promise<void> {
    let build: string;
    try {
      build = await options.fetchBuild();
    } catch {
      return;
    }
    if (loadedBuild === undefined) {
      loadedBuild = build;
      options.onLoadedBuild?.(build);
      return;
    }
    if (build !== loadedBuild && build !== announced) {
      announced = build;
      options.onNewBuild(build, loadedBuild);
    }
  }

  function check(): Promise<void> {
    // A slow answer must not overlap the next tick.
    inFlight ??= checkOnce().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  }

  return {
    start() {
      void check();
      const timer = setInterval(() => void check(), intervalMs);
      return () => clearInterval(timer);
    },
    check,
    get loadedBuild() {
      return loadedBuild;
    },
  };
}
