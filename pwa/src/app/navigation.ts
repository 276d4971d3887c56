import type { AroundNavHandler } from 'wouter'

/**
 * Every navigation of the app passes here (wouter's `aroundNav`): a link to
 * the page already shown — "Recordings" clicked on the list, a folder clicked
 * twice — replaces the history entry instead of adding the same page again,
 * so one Back leaves the page.
 */
export function replacingSamePage(currentPath: () => string): AroundNavHandler {
  return (navigate, to, options) => navigate(to, to === currentPath() ? { ...options, replace: true } : options)
}

/** The browser's own path and query, as links name them. */
export const browserPath = (): string => `${location.pathname}${location.search}`
