import { RuntimeLoader } from '@rive-app/react-canvas'
// The wasm of the exact @rive-app/canvas version react-canvas uses (both are
// pinned in package.json; riveRuntime.test.ts checks they agree). Vite emits
// it as a hashed asset that the service worker precaches.
import riveWasmUrl from '@rive-app/canvas/rive.wasm?url'

/**
 * Points the Rive runtime at our own copy of its wasm. Without this it
 * fetches the wasm from a public CDN, with a second CDN as fallback: the app
 * would then break offline and leak requests to third parties.
 */
export function selfHostRiveRuntime(): void {
  RuntimeLoader.setWasmUrl(riveWasmUrl)
  RuntimeLoader.setWasmFallbackUrl(null)
}
