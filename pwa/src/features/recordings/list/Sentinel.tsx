import { useEffect, useRef, useState } from 'react'

/** Spec §9: the next page loads when a 100 px sentinel comes within 200 px of view. */
const SENTINEL_MARGIN_PX = 200

interface Props {
  onVisible: () => void
  /** A load is in flight: the spinner shows and no new load is asked for. */
  busy: boolean
}

/**
 * The element at the end of the list. While it stays near the viewport it asks
 * again each time a load finishes, so a short page on a tall screen still
 * fills the screen.
 */
export function Sentinel({ onVisible, busy }: Props) {
  const ref = useRef<HTMLDivElement>(null)
  const [near, setNear] = useState(false)

  useEffect(() => {
    const el = ref.current
    if (!el || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) => setNear(entries.some((e) => e.isIntersecting)), {
      rootMargin: `0px 0px ${SENTINEL_MARGIN_PX}px 0px`,
    })
    observer.observe(el)
    return () => observer.disconnect()
  }, [])

  useEffect(() => {
    if (near && !busy) onVisible()
  }, [near, busy, onVisible])

  return (
    <div ref={ref} className="sentinel">
      {busy && (
        <span className="spinner" role="status">
          <span className="visually-hidden">Loading more recordings…</span>
        </span>
      )}
    </div>
  )
}
