const RELOAD_FLAG = 'onsite.chunk-reload';

/** A chunk that cannot be fetched usually means a new deployment replaced it: a reload picks up the new one. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /dynamically imported module|Importing a module script failed|ChunkLoadError|Loading chunk|error loading dynamically imported module/i.test(message);
}

/** The tab's session storage; none where there is no window (the login page rendered at build time, D85). */
function tabStorage(): Storage | null {
  return typeof window === 'undefined' ? null : window.sessionStorage;
}

function reloadedAlready(): boolean {
  try {
    return tabStorage()?.getItem(RELOAD_FLAG) != null;
  } catch {
    return true;
  }
}

/**
 * Wraps a route's dynamic import: on a chunk-load failure the page reloads once; a second failure in a row
 * reaches the route's error boundary instead of looping.
 */
export function lazyRoute<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => {
    try {
      const module = await load();
      tabStorage()?.removeItem(RELOAD_FLAG);
      return module;
    } catch (error) {
      if (isChunkLoadError(error) && !reloadedAlready()) {
        window.sessionStorage.setItem(RELOAD_FLAG, String(Date.now()));
        window.location.reload();
        return new Promise<T>(() => undefined);
      }
      throw error;
    }
  };
}

export function allowChunkReloadAgain(): void {
  window.sessionStorage.removeItem(RELOAD_FLAG);
}
