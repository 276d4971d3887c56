import { useLayoutEffect } from 'react'
import { releasePrerender } from './prerenderHandoff'

/**
 * Rendered just before a page's own content, once the page has drawn it: the
 * static copy (see prerenderHandoff) goes before the browser paints again.
 * Being the first sibling, its layout effect runs before the content's (React
 * runs layout effects children first, siblings in order), so the content
 * measures itself with #root shown, not hidden behind the copy.
 */
export function ReleasePrerender(): null {
  useLayoutEffect(releasePrerender, [])
  return null
}
