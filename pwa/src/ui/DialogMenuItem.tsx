import { useState, type ComponentType } from 'react'

interface DialogMenuItemProps {
  label: string
  /** Opened by the item, closed by its own onClose (usually loadWhenShown, so it loads when first opened). */
  Dialog: ComponentType<{ onClose: () => void }>
  className?: string
}

/** An item of the user menu that opens a dialog. */
export function DialogMenuItem({ label, Dialog, className }: DialogMenuItemProps) {
  const [open, setOpen] = useState(false)
  return (
    <li role="none">
      <button
        type="button"
        role="menuitem"
        className={['user-menu__item', className].filter(Boolean).join(' ')}
        onClick={() => setOpen(true)}
      >
        {label}
      </button>
      {open && <Dialog onClose={() => setOpen(false)} />}
    </li>
  )
}
