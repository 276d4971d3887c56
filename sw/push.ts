/**
 * Web Push in the service worker: every push shows a notification (iOS
 * revokes push for a site that receives one without showing anything), and
 * clicking it brings Pocket up on the recording. The server sends
 * `{"type":"summary.ready","recordingId","title","body"}`, or
 * `{"type":"digest.ready","title","body"}` (opens the Digest page); anything
 * else, even unreadable, still shows a generic "Summary ready".
 */

/** The manifest's 192 px icon (pwa/pwa-manifest.ts; a test keeps the two in step). */
export const APP_ICON = '/icons/icon-192.png'
export const GENERIC_TITLE = 'Summary ready'
export const GENERIC_BODY = 'A recording’s summary is ready in Pocket.'

export interface SummaryNotice {
  title: string
  options: Omit<NotificationOptions, 'data'> & { data: { url: string } }
}

/** What a push event's data offers (PushMessageData); null when the push carried none. */
export interface PushDataLike {
  text(): string
}

export function noticeFor(data: PushDataLike | null): SummaryNotice {
  const payload = readJson(data)
  if (payload.type === 'digest.ready') return digestNotice(payload)
  const id = nonEmpty(payload.recordingId)
  return {
    title: nonEmpty(payload.title) ?? GENERIC_TITLE,
    options: {
      body: nonEmpty(payload.body) ?? GENERIC_BODY,
      icon: APP_ICON,
      badge: APP_ICON,
      // One notification per recording: a second push for it replaces the first.
      tag: id ?? 'pocket-summary',
      data: { url: id ? `/recordings/${encodeURIComponent(id)}` : '/recordings' },
    },
  }
}

/** "Your digest is ready": one at a time (a newer one replaces it), opening /digest. */
function digestNotice(payload: Record<string, unknown>): SummaryNotice {
  return {
    title: nonEmpty(payload.title) ?? 'Your digest is ready',
    options: {
      body: nonEmpty(payload.body) ?? 'See what is new in Pocket.',
      icon: APP_ICON,
      badge: APP_ICON,
      tag: 'pocket-digest',
      data: { url: '/digest' },
    },
  }
}

function readJson(data: PushDataLike | null): Record<string, unknown> {
  try {
    const value: unknown = data ? JSON.parse(data.text()) : null
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

function nonEmpty(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null
}

export interface PushEventLike {
  readonly data: PushDataLike | null
  waitUntil(promise: Promise<unknown>): void
}

export interface RegistrationLike {
  showNotification(title: string, options: NotificationOptions): Promise<void>
}

export function onPush(event: PushEventLike, registration: RegistrationLike): void {
  const { title, options } = noticeFor(event.data)
  event.waitUntil(registration.showNotification(title, options))
}

/** The parts of a WindowClient and of the worker's `clients` used on a click. */
export interface WindowLike {
  readonly url: string
  focus(): Promise<WindowLike>
  navigate(url: string): Promise<WindowLike | null>
}

export interface WindowClientsLike {
  matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<ReadonlyArray<WindowLike>>
  openWindow(url: string): Promise<unknown>
}

export interface NotificationClickLike {
  readonly notification: { readonly data: unknown; close(): void }
  waitUntil(promise: Promise<unknown>): void
}

export function onNotificationClick(event: NotificationClickLike, clients: WindowClientsLike, origin: string): void {
  event.notification.close()
  const url = new URL(urlOf(event.notification.data), origin).href
  event.waitUntil(openInPocket(url, clients, origin))
}

/** Only a path of this app: a notification's data never sends the user elsewhere. */
function urlOf(data: unknown): string {
  const url = (data as { url?: unknown } | null)?.url
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/recordings'
}

/**
 * Focuses an open Pocket window and takes it to `url` (a window already
 * there is just focused); with none open, opens one. A window this worker
 * does not control cannot be navigated from here: a new window opens instead.
 */
export async function openInPocket(url: string, clients: WindowClientsLike, origin: string): Promise<void> {
  const windows = (await clients.matchAll({ type: 'window', includeUncontrolled: true })).filter(
    (w) => new URL(w.url).origin === origin,
  )
  const target = windows.find((w) => w.url === url) ?? windows[0]
  if (!target) {
    await clients.openWindow(url)
    return
  }
  // Focusing needs the click's user activation, and the browser may still
  // refuse it; taking the window to the recording matters more.
  const focused = await target.focus().catch(() => target)
  if (focused.url === url) return
  try {
    await focused.navigate(url)
  } catch {
    await clients.openWindow(url)
  }
}
