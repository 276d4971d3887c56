import { useEffect, useRef, useState } from 'react'
import { loadWhenShown } from '@/ui/loadWhenShown'
import { ShareIcon } from '@/ui/icons'

// Not in the screen's first download: fetched once the page has settled, so it is there when pressed.
const ShareClipDialog = loadWhenShown(() => import('./ShareClipDialog').then((m) => m.ShareClipDialog))

/** "Share clip" on a highlight's actions row: opens the dialog that makes the highlight's link. */
export function ShareClipButton({ highlightId }: { highlightId: string }) {
  const [open, setOpen] = useState(false)
  const trigger = useRef<HTMLButtonElement>(null)
  const wasOpen = useRef(false)
  // Back on the button once the modal dialog is gone (the page behind it is inert while it is open).
  useEffect(() => {
    if (wasOpen.current && !open) trigger.current?.focus()
    wasOpen.current = open
  }, [open])
  return (
    <>
      <button ref={trigger} type="button" className="button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <ShareIcon size={18} />
        Share clip
      </button>
      {open && <ShareClipDialog highlightId={highlightId} onClose={() => setOpen(false)} />}
    </>
  )
}
