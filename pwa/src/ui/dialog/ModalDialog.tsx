import { useEffect, useId, useRef, type ReactNode, type Ref } from 'react'
import { useLatest } from '../useLatest'
import './dialog.css'

interface Props {
  title: string
  onClose: () => void
  children: ReactNode
  /** Extra class of the <dialog> (its feature's styles). */
  className?: string
  /** A "Close" button beside the title, for dialogs that have no Cancel of their own. */
  closeButton?: boolean
  /** The Close button, for a dialog that must move focus to it (items removed under the focus). */
  closeRef?: Ref<HTMLButtonElement>
}

/**
 * The app's modal <dialog> (showModal: the page behind is inert, focus stays
 * inside, Escape closes). React state owns it: Escape and Close call onClose,
 * and the dialog unmounts rather than being closed by the browser, so focus
 * is given back by hand to whatever had it before.
 */
export function ModalDialog({ title, onClose, children, className, closeButton, closeRef }: Props) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const close = useLatest(onClose)

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (typeof dialog.showModal === 'function') dialog.showModal()
    else dialog.setAttribute('open', '') // jsdom has no modal dialogs
    // An element marked data-autofocus wins over the first field (React's
    // autoFocus leaves no attribute to find), e.g. Cancel below a checkbox.
    const first =
      dialog.querySelector<HTMLElement>('[data-autofocus]') ??
      dialog.querySelector<HTMLElement>('[autofocus], input, select, button')
    first?.focus()
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close()
      // The opener may be gone (a folder deleted from its own bar): then focus falls back to the body.
      if (opener?.isConnected) opener.focus()
    }
  }, [])

  const heading = (
    <h2 id={titleId} className="modal-dialog__title">
      {title}
    </h2>
  )
  return (
    <dialog
      ref={ref}
      className={`modal-dialog${className ? ` ${className}` : ''}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault() // React state closes it
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
      {closeButton ? (
        <div className="modal-dialog__head">
          {heading}
          <button ref={closeRef} type="button" className="button button--link" onClick={() => close.current()}>
            Close
          </button>
        </div>
      ) : (
        heading
      )}
      {children}
    </dialog>
  )
}
