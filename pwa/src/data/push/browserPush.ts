/**
 * What Web Push needs from the browser, found at call time (tests stub the
 * globals). Absent on iOS Safari outside a Home Screen app, in old browsers
 * and in insecure contexts: the app then says push needs the installed app.
 */
export interface PushEnv {
  notification: Pick<typeof Notification, 'permission' | 'requestPermission'>
  serviceWorker: Pick<ServiceWorkerContainer, 'ready' | 'getRegistration'>
}

export function pushEnv(): PushEnv | null {
  const g = globalThis as { Notification?: typeof Notification; PushManager?: unknown; navigator?: Navigator }
  const serviceWorker = g.navigator?.serviceWorker
  if (!g.Notification || !g.PushManager || !serviceWorker) return null
  return { notification: g.Notification, serviceWorker }
}

/** base64url (no padding), as the server hands out its VAPID key, to bytes. */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=')
  const binary = atob(base64)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

export function sameBytes(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false
  const view = new Uint8Array(a)
  return view.every((byte, i) => byte === b[i])
}
