import { useEffect, useId, useRef, type ReactNode } from 'react'

interface Props {
  title: string
  onClose: () => void
  children: ReactNode
  className?: string
}

/**
 * A modal <dialog> (showModal: the page behind is inert and focus stays
 * inside, Escape closes). Focus goes back to whatever had it before, since
 * the dialog unmounts rather than being closed by the browser.
 */
export function ModalDialog({ title, onClose, children, className }: Props) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const close = useRef(onClose)
  close.current = onClose

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (typeof dialog.showModal === 'function') dialog.showModal()
    else dialog.setAttribute('open', '') // jsdom has no modal dialogs
    dialog.querySelector<HTMLElement>('[autofocus], input, select, button')?.focus()
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close()
      // The opener may be gone (a folder deleted from its own bar): then focus falls back to the body.
      if (opener?.isConnected) opener.focus()
    }
  }, [])

  return (
    <dialog
      ref={ref}
      className={`folder-dialog${className ? ` ${className}` : ''}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault() // React state closes it, so focus goes back to the opener
        close.current()
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return
        // The phone drawer also closes on Escape: this one closes the dialog only.
        event.stopPropagation()
        event.preventDefault()
        close.current()
      }}
    >
      <h2 id={titleId} className="folder-dialog__title">
        {title}
      </h2>
      {children}
    </dialog>
  )
}
