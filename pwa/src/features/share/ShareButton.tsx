import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { ShareIcon } from '@/ui/icons'

// Not in the detail screen's first download: fetched when Share is pressed.
const ShareDialog = lazy(() => import('./ShareDialog').then((m) => ({ default: m.ShareDialog })))

/** The owner's Share action on the detail screen; opens the share dialog. */
export function ShareButton({ recordingId, title }: { recordingId: string; title: string }) {
  const [open, setOpen] = useState(false)
  const trigger = useRef<HTMLButtonElement>(null)
  const wasOpen = useRef(false)
  // Back where the reader was, once the modal dialog is gone (while it is
  // open the rest of the page is inert and cannot take focus).
  useEffect(() => {
    if (wasOpen.current && !open) trigger.current?.focus()
    wasOpen.current = open
  }, [open])
  const close = () => setOpen(false)
  return (
    <>
      <button ref={trigger} type="button" className="button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <ShareIcon size={18} />
        Share
      </button>
      {open && (
        <Suspense fallback={null}>
          <ShareDialog recordingId={recordingId} title={title} onClose={close} />
        </Suspense>
      )}
    </>
  )
}
