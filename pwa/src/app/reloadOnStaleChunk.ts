const RELOADED_AT_KEY = 'pocket.staleChunkReloadAt'
/** A second failure this soon after the reload is a real fault, not a deploy: it is shown, not looped. */
const RETRY_WINDOW_MS = 60_000

export interface StaleChunkDeps {
  target: Pick<Window, 'addEventListener'>
  storage: Pick<Storage, 'getItem' | 'setItem'>
  reload: () => void
  now: () => number
  /** navigator.onLine: a chunk that failed to download offline is not a stale build. */
  isOnline: () => boolean
}

/**
 * After a deploy, a tab still running the older build asks for code chunks
 * the server no longer has (404). Vite reports that as 'vite:preloadError';
 * the tab reloads once to pick up the new build instead of showing an error.
 * Offline, a chunk the service worker does not hold fails too (the screens'
 * preload once the page has settled, say): reloading then would leave an
 * offline tab on the browser's error page, so the failure is left to the
 * code that asked for the chunk.
 */
export function reloadOnStaleChunk(deps: StaleChunkDeps = browserDeps()): void {
  deps.target.addEventListener('vite:preloadError', (event) => {
    if (!deps.isOnline()) return
    const last = Number(deps.storage.getItem(RELOADED_AT_KEY) ?? 0)
    if (deps.now() - last < RETRY_WINDOW_MS) return
    deps.storage.setItem(RELOADED_AT_KEY, String(deps.now()))
    event.preventDefault() // the reload replaces the page; the error would only flash
    deps.reload()
  })
}

function browserDeps(): StaleChunkDeps {
  return {
    target: window,
    // Read when a chunk fails, not at start: a page's first use of
    // sessionStorage asks the browser for it, and every start would wait.
    storage: {
      getItem: (key) => sessionStorage.getItem(key),
      setItem: (key, value) => sessionStorage.setItem(key, value),
    },
    reload: () => window.location.reload(),
    now: () => Date.now(), // read at each call: a clock installed later (a fake one in tests) is seen
    isOnline: () => navigator.onLine !== false,
  }
}
