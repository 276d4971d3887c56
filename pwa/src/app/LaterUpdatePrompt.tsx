import { useEffect, useState, type ComponentType } from 'react'

/**
 * The update prompt (and the service worker registration it carries) loads
 * after the first render, out of the entry chunk that every screen waits for.
 * Not React.lazy: a Suspense fallback, even an empty one, makes React hold
 * back the screens revealed in the next 300 ms.
 */
export function LaterUpdatePrompt() {
  const [Prompt, setPrompt] = useState<ComponentType | null>(null)
  useEffect(() => {
    import('./UpdatePrompt').then(
      (m) => setPrompt(() => m.UpdatePrompt),
      (error: unknown) => console.error('Service worker registration failed', error),
    )
  }, [])
  return Prompt && <Prompt />
}
