import { whenPageSettled } from '@/data/offline/settled'
import { keepListScreen, listScreenSnapshot } from '.'

/** After the page has settled (thumbnails drawn), a little more, so a burst of changes is kept once. */
const KEEP_DELAY_MS = 1000

/** Keeps the list as drawn once the page has settled, unless the job was cancelled meanwhile. */
export async function keepListSoon(job: { cancelled: boolean }): Promise<void> {
  await whenPageSettled()
  await new Promise((resolve) => setTimeout(resolve, KEEP_DELAY_MS))
  if (!job.cancelled) keepListNow()
}

/** Keeps the list as it is on screen now, if it is the plain list seen from its top. */
export function keepListNow(): void {
  const html = listScreenSnapshot()
  if (html)
    void keepListScreen(html).catch((error: unknown) =>
      console.warn('Could not keep the list for the next start', error),
    )
}
