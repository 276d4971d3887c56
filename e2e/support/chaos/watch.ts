import type { BrowserContext, Page, Request } from '@playwright/test'

const SYNC_CALL = /\/pocket\.sync\.v1\.SyncService\/|\/api\/v1\/auth\//

/**
 * The network errors a browser logs on its own while a fault is on (or the
 * app is catching up after it): a request cut short or refused, the live
 * socket failing to connect. Anything else logged as an error counts.
 */
export const EXPECTED_WHILE_FAULTING = [
  /^Failed to load resource: net::ERR_/,
  /^WebSocket connection to '.*' failed/,
  // The server came back mid-reply or a proxy cut the body: the browser names the status it got.
  /^Failed to load resource: the server responded with a status of 50[234]/,
  // The app's own word that a fetch failed: an empty-state animation not loaded, a background refetch.
  /^Empty-state animation \S+ failed to load Failed to fetch$/,
  /^Failed to fetch$/,
]

/** What a context's pages are doing on the network, and what they logged. */
export class Watch {
  /** Requests in flight, with when they started. */
  private readonly inflight = new Map<Request, number>()
  /** When the network last healed: REST reads started before it may hang for good (see quiet). */
  healedAt = 0
  /** Live sockets open in this browser: one tab holds it for all (pwa/src/data/sync/live.ts). */
  private live = 0
  faulting = false
  readonly errors: string[] = []

  constructor(context: BrowserContext) {
    context.on('request', (r) => this.inflight.set(r, Date.now()))
    context.on('requestfinished', (r) => this.inflight.delete(r))
    context.on('requestfailed', (r) => this.inflight.delete(r))
  }

  /** Follows a page's live socket (open once its hello arrived; only the leader tab has one) and its console. */
  page(page: Page, name: string): void {
    page.on('websocket', (ws) => {
      if (!ws.url().endsWith('/api/v1/events')) return
      let open = false
      ws.on('framereceived', (frame) => {
        if (!open && String(frame.payload).includes('"hello"')) {
          open = true
          this.live++
        }
      })
      ws.on('close', () => open && this.live--)
    })
    page.on('console', (msg) => {
      if (msg.type() !== 'error') return
      const text = msg.text()
      if (this.faulting && EXPECTED_WHILE_FAULTING.some((re) => re.test(text))) return
      this.errors.push(`${name}: ${text}`)
    })
    page.on('pageerror', (error) => this.errors.push(`${name}: uncaught ${error.message}`))
  }

  /**
   * No request in flight and the browser's live socket connected. A REST
   * read (no timeout, by the spec's HTTP client) whose connection a toxic
   * black-holed before the heal waits forever: it is listed, not waited on.
   * Sync calls have a deadline of their own, so they are always waited on.
   */
  quiet(): boolean {
    return this.live > 0 && this.busy().length === 0
  }

  private busy(): string[] {
    return [...this.inflight].filter(([r, at]) => at >= this.healedAt || SYNC_CALL.test(r.url())).map(([r]) => r.url())
  }

  describe(): string {
    const hung = [...this.inflight.keys()].map((r) => new URL(r.url()).pathname)
    return `requests in flight ${JSON.stringify(hung)}, ${this.live} live sockets`
  }
}
