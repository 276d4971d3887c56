import { useEffect, useRef } from 'react'

/**
 * Keeps the newest message in view as messages arrive or a reply grows,
 * unless the reader has scrolled up to read older ones.
 */
export function useStickToBottom(dep: unknown) {
  const ref = useRef<HTMLOListElement>(null)
  const first = useRef(true)
  useEffect(() => {
    const el = ref.current
    if (!el) return
    const follow = () => {
      const scroller = scrollParent(el)
      if (!scroller) return
      const nearBottom = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 120
      // The first time (history just shown) always starts at the newest message.
      if (nearBottom || first.current) scroller.scrollTop = scroller.scrollHeight
      first.current = false
    }
    follow()
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(follow) : null
    observer?.observe(el)
    return () => observer?.disconnect()
  }, [dep])
  return ref
}

// The nearest container that scrolls by design, overflowing yet or not: on
// desktop that is the side panel, and the page itself must never be moved to
// follow the chat. Only where no container scrolls (the phone's Ask Pocket
// tab, where the chat is the page) does the document follow.
function scrollParent(el: HTMLElement | null): HTMLElement | null {
  for (let cur = el; cur; cur = cur.parentElement) {
    const { overflowY } = getComputedStyle(cur)
    if (overflowY === 'auto' || overflowY === 'scroll') return cur
  }
  return document.scrollingElement as HTMLElement | null
}
