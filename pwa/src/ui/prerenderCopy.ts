/** The id of the inert copy a page paints from its HTML (see prerenderHandoff.ts). */
export const PRERENDER_ID = 'prerender'

/**
 * The inert copy's element around markup: what the build (login.html) and the
 * service worker (the kept list) put before #root. No DOM here: the build runs
 * it in Node.
 */
export function prerenderCopy(markup: string): string {
  return `<div id="${PRERENDER_ID}" inert>${markup}</div>`
}
