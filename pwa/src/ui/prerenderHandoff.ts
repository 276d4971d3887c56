/**
 * login.html paints the login screen from HTML (#prerender) while the app's
 * scripts load, a share link's first visit paints the shared recording's
 * title and summary the server put in shared-view.html, and the service
 * worker's /recordings the list as the device last drew it (data/kept-screen);
 * #root stays hidden
 * behind the copy (app.css) so the loading spinner the app draws first never
 * flashes over it. The copy is inert (nothing in it can be clicked, focused or
 * typed into, so no input is lost) and goes as soon as React has drawn the
 * page's own content, or anything else.
 */
import { PRERENDER_ID } from './prerenderCopy'

export function releasePrerender(doc: Document = document): void {
  doc.getElementById(PRERENDER_ID)?.remove()
}
