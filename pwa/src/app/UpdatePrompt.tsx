import { useRegisterSW } from 'virtual:pwa-register/react'

/**
 * registerType 'prompt': a new service worker waits until the user chooses to
 * reload, so an update never interrupts what they are reading or typing.
 */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisterError: (error: unknown) => console.error('Service worker registration failed', error),
  })

  if (!needRefresh) return null
  return (
    <div className="update-prompt" role="status">
      <span>A new version of Pocket is available.</span>
      <button type="button" className="button button--primary" onClick={() => void updateServiceWorker(true)}>
        Reload
      </button>
      <button type="button" className="button" onClick={() => setNeedRefresh(false)}>
        Not now
      </button>
    </div>
  )
}
