/// <reference lib="webworker" />
/**
 * Pocket's service worker. It caches the app shell (and answers audio the app
 * kept for offline listening); it does not sync
 * business data (that lives in the app's data layer, see pwa/src/data/sync):
 * a Background Sync only wakes the app's windows to send their edits, and a
 * push only shows a notification. Built by vite-plugin-pwa
 * with the injectManifest strategy, which replaces self.__WB_MANIFEST with the
 * list of hashed app-shell files.
 */
import { clientsClaim } from 'workbox-core'
import { cleanupOutdatedCaches, createHandlerBoundToURL, matchPrecache, precacheAndRoute } from 'workbox-precaching'
import { RangeRequestsPlugin } from 'workbox-range-requests'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { CacheOnly } from 'workbox-strategies'
import { isOfflineAudioPath, OFFLINE_AUDIO_CACHE } from '../pwa/src/data/audio-offline/keys'
import { KEPT_LIST_NAVIGATION } from '../pwa/src/data/kept-screen/keys'
import { onBackgroundSync, type SyncEventLike } from './backgroundSync'
import { keptListPage } from './keptList'
import { onNotificationClick, onPush } from './push'
import { isSkipWaitingMessage, LOGIN_NAVIGATION, NAVIGATION_DENYLIST, precaches } from './routes'

declare const self: ServiceWorkerGlobalScope

// The app shell: index.html, hashed JS/CSS, icons, manifest. Enough to open
// the app with no network; data comes from IndexedDB.
// (Read once: the build replaces exactly one mention of it.)
const appShell = self.__WB_MANIFEST
precacheAndRoute(appShell)
cleanupOutdatedCaches()

// /login first: a worker from a build without login.html falls through to index.html.
if (precaches(appShell, 'login.html')) {
  registerRoute(new NavigationRoute(createHandlerBoundToURL('/login.html'), { allowlist: LOGIN_NAVIGATION }))
}

// /recordings: the shell with the list as this device last drew it, so a cold
// start paints it before any script runs (see keptList.ts).
registerRoute(
  new NavigationRoute(async ({ request }) => (await keptListPage(matchPrecache('/index.html'))) ?? fetch(request), {
    allowlist: KEPT_LIST_NAVIGATION,
  }),
)

// Any app route (/recordings/abc, /shared/recording?token=…) opens the cached
// shell; API calls, RPC and the OIDC popup pages must reach the server.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: NAVIGATION_DENYLIST,
  }),
)

// Audio the user listened to, kept by the app (pwa/src/data/audio-offline):
// played from the device, seeking included (the player asks for byte ranges
// of the whole file that was kept). Never sent to the server.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && isOfflineAudioPath(url.pathname),
  new CacheOnly({ cacheName: OFFLINE_AUDIO_CACHE, plugins: [new RangeRequestsPlugin()] }),
)

// registerType 'prompt': a new worker waits until the user accepts the
// "new version" prompt, so an update never reloads over someone's work.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if (isSkipWaitingMessage(event.data)) void self.skipWaiting()
})

// Once active, the worker serves the pages already open, the first visit's included: the parts of
// the app they load later come from the precache, so a screen first opened offline still opens.
// An update activates only after the user accepted it, and the app reloads then.
clientsClaim()

// Registered by the app while offline with edits waiting (Chromium): fires when the network returns.
self.addEventListener('sync' as keyof ServiceWorkerGlobalScopeEventMap, (event) =>
  onBackgroundSync(event as unknown as SyncEventLike, self.clients),
)

// Web Push (the user turned it on in the user menu): a summary is ready.
self.addEventListener('push', (event) => onPush(event, self.registration))
self.addEventListener('notificationclick', (event) => onNotificationClick(event, self.clients, self.location.origin))
