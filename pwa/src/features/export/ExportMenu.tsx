import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { exportRecording, type ExportFormat } from '@/data/export'
import { useOnline } from '@/features/sync/useSyncState'
import { useToast } from '@/ui/toast/toastContext'
import { downloadErrorMessage, saveFile } from './saveFile'
import { EXPORT_BUTTON, EXPORT_ITEMS, OFFLINE_NOTE, PRINT_ITEM } from './texts'
import { printAll } from './usePrintAll'
import './export.css'

/**
 * "Export" on the recording screen: a menu button (WAI-ARIA menu pattern:
 * arrows, Home/End, Escape) with a download per format, fetched through the
 * authenticated API, and Print / Save as PDF. Offline, downloads are shown
 * unavailable with the reason; printing works from what is on screen.
 */
export function ExportMenu({ recordingId }: { recordingId: string }) {
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState<ExportFormat | null>(null)
  const online = useOnline()
  const toast = useToast()
  const menuId = useId()
  const noteId = useId()
  const root = useRef<HTMLDivElement>(null)
  const trigger = useRef<HTMLButtonElement>(null)
  const list = useRef<HTMLUListElement>(null)

  useEffect(() => {
    if (!open) return
    list.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus()
    const onPointer = (e: PointerEvent) => !root.current?.contains(e.target as Node) && setOpen(false)
    document.addEventListener('pointerdown', onPointer)
    return () => document.removeEventListener('pointerdown', onPointer)
  }, [open])

  const close = () => {
    setOpen(false)
    trigger.current?.focus()
  }

  const download = async (format: ExportFormat) => {
    if (!online) return
    close()
    setBusy(format)
    try {
      saveFile(await exportRecording(recordingId, format))
    } catch (error) {
      toast.error(downloadErrorMessage(error))
    } finally {
      setBusy(null)
    }
  }

  const print = () => {
    close()
    printAll()
  }

  return (
    <div className="export-menu" ref={root}>
      <button
        ref={trigger}
        type="button"
        className="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-busy={busy !== null}
        onClick={() => setOpen((v) => !v)}
        onKeyDown={(e) => (e.key === 'ArrowDown' || e.key === 'ArrowUp') && (e.preventDefault(), setOpen(true))}
      >
        {busy ? 'Exporting…' : EXPORT_BUTTON}
      </button>
      {open && (
        <div className="export-menu__popover">
          {!online && (
            <p id={noteId} className="export-menu__note">
              {OFFLINE_NOTE}
            </p>
          )}
          <ul
            ref={list}
            id={menuId}
            role="menu"
            aria-label={EXPORT_BUTTON}
            aria-describedby={online ? undefined : noteId}
            className="export-menu__list"
            onKeyDown={(e) => onMenuKey(e, close)}
          >
            {EXPORT_ITEMS.map(({ format, label }) => (
              <li role="none" key={format}>
                <button
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  className="export-menu__item"
                  aria-disabled={!online}
                  onClick={() => void download(format)}
                >
                  {label}
                </button>
              </li>
            ))}
            <li role="none">
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                className="export-menu__item export-menu__item--print"
                onClick={print}
              >
                {PRINT_ITEM}
              </button>
            </li>
          </ul>
        </div>
      )}
    </div>
  )
}

/** Arrow keys move between items (wrapping), Home/End jump, Escape and Tab close. */
function onMenuKey(e: KeyboardEvent<HTMLUListElement>, close: () => void) {
  const items = [...e.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]')]
  const at = items.indexOf(document.activeElement as HTMLElement)
  const move: Record<string, number | undefined> = {
    ArrowDown: (at + 1) % items.length,
    ArrowUp: (at - 1 + items.length) % items.length,
    Home: 0,
    End: items.length - 1,
  }
  if (e.key in move) {
    e.preventDefault()
    items[move[e.key]!]?.focus()
  } else if (e.key === 'Escape') {
    e.preventDefault()
    close()
  } else if (e.key === 'Tab') {
    close()
  }
}
