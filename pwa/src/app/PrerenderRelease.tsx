import { useLayoutEffect } from 'react'
import { useLocation } from 'wouter'
import { releasePrerender } from '@/ui/prerenderHandoff'
import { drawsOverPrerender } from './paths'

/**
 * The static screen of login.html, of a server-filled shared page and of the
 * list kept by the service worker (see ui/prerenderHandoff) stays until that
 * page has drawn its own (ReleasePrerender); anywhere else it goes at once.
 */
export function PrerenderRelease(): null {
  const [pathname] = useLocation()
  const drawsOver = drawsOverPrerender(pathname)
  useLayoutEffect(() => {
    if (!drawsOver) releasePrerender()
  }, [drawsOver])
  return null
}
