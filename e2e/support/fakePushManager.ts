import type { BrowserContext } from '@playwright/test'
import type { TestSubscriber } from './webPush'

/**
 * Chromium's pushManager.subscribe() needs Google's push service, out of
 * reach here. This replaces it in every page of the context with one that
 * returns a subscription to `endpoint` with the test's keys, so the server
 * pushes to the test. The page's permission requests are counted in
 * window.__permissionRequests and the server key it subscribed with kept in
 * window.__subscribedKey (base64url).
 */
export async function fakePushService(
  context: BrowserContext,
  endpoint: string,
  subscriber: TestSubscriber,
): Promise<void> {
  await context.addInitScript(
    ({ endpoint, p256dh, auth }) => {
      const w = window as unknown as { __permissionRequests: number; __subscribedKey?: string }
      w.__permissionRequests = 0
      const request = Notification.requestPermission.bind(Notification)
      Notification.requestPermission = (...args: Parameters<typeof Notification.requestPermission>) => {
        w.__permissionRequests++
        return request(...args)
      }
      // Kept in sessionStorage, as the browser keeps a subscription across page loads.
      const KEY = 'e2e-push-subscription'
      const b64url = (bytes: Uint8Array) =>
        btoa(String.fromCharCode(...bytes))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, '')
      const bytesOf = (key: unknown) =>
        typeof key === 'string'
          ? key
          : b64url(
              new Uint8Array(
                ArrayBuffer.isView(key)
                  ? key.buffer.slice(key.byteOffset, key.byteOffset + key.byteLength)
                  : (key as ArrayBuffer),
              ),
            )
      const fromB64url = (text: string) =>
        Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0))
      const make = (serverKey: string) => ({
        endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: fromB64url(serverKey).buffer },
        getKey: (name: string) => fromB64url(name === 'auth' ? auth : p256dh).buffer,
        toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
        unsubscribe: async () => {
          sessionStorage.removeItem(KEY)
          return true
        },
      })
      PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
        const serverKey = bytesOf(options?.applicationServerKey)
        w.__subscribedKey = serverKey
        sessionStorage.setItem(KEY, serverKey)
        return make(serverKey)
      }
      PushManager.prototype.getSubscription = async function () {
        const serverKey = sessionStorage.getItem(KEY)
        return serverKey ? make(serverKey) : null
      }
    },
    { endpoint, p256dh: subscriber.p256dh, auth: subscriber.auth },
  )
}
