import { lazy, Suspense } from 'react'
import { EXPORT_BUTTON } from './texts'

const ExportMenu = lazy(() => import('./ExportMenu').then((m) => ({ default: m.ExportMenu })))

/**
 * The Export menu, loaded once the recording is on screen: reading needs
 * none of it, so it stays out of the route's first JavaScript. Until it
 * arrives (moments), its button shows, disabled.
 */
export function LazyExportMenu({ recordingId }: { recordingId: string }) {
  const waiting = (
    <div className="export-menu">
      <button type="button" className="button" aria-haspopup="menu" disabled>
        {EXPORT_BUTTON}
      </button>
    </div>
  )
  return (
    <Suspense fallback={waiting}>
      <ExportMenu recordingId={recordingId} />
    </Suspense>
  )
}
