import { onTestFinished } from 'vitest'
import { PRERENDER_ID } from '@/ui/prerenderCopy'

/**
 * A static copy of a screen on the page (#prerender), as login.html, a
 * server-filled shared page or the kept list put there before any script;
 * returns whether it is still there. It goes when the test ends.
 */
export function placeStaticCopy(): () => boolean {
  const copy = document.createElement('div')
  copy.id = PRERENDER_ID
  document.body.append(copy)
  onTestFinished(() => copy.remove())
  return () => document.getElementById(PRERENDER_ID) !== null
}

/** A gate a mock handler awaits, so the test decides when the answer comes. */
export function gate(): { passed: Promise<void>; open: () => void } {
  let open = () => {}
  const passed = new Promise<void>((resolve) => (open = resolve))
  return { passed, open }
}
