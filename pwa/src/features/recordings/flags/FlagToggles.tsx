import { useState, type ComponentType } from 'react'
import { FLAG_NAMES, flagField, type FlagName, type Flags } from '@/data/recordingFields'
import { ArchiveIcon, StarIcon } from '@/ui/icons'
import { recordingEdits } from '@/data/sync/lazyEdits'
import './flags.css'

// The list draws before the outbox and its store have loaded: they load with the first press.
const setFlag = async (id: string, name: FlagName, on: boolean) => (await recordingEdits()).setFlag(id, name, on)

/** Each flag's icon (the server's first paint draws the same: pkg/firstpaint/icons.go). */
const ICONS: Record<FlagName, ComponentType<{ size?: number }>> = { starred: StarIcon, archived: ArchiveIcon }

interface Props {
  recordingId: string
  flags: Flags
  /** Where they sit: the list's row or the recording's header. */
  className: string
}

/**
 * A toggle button per flag field ("Star" / "Unstar", "Archive" /
 * "Unarchive"), pressed while the flag is on. A press queues the change
 * through the outbox (so it works offline) and shows it at once.
 */
export function FlagToggles({ recordingId, flags, className }: Props) {
  return (
    <span className={className}>
      {FLAG_NAMES.map((name) => (
        <FlagToggle key={name} recordingId={recordingId} name={name} on={flags[name]} />
      ))}
    </span>
  )
}

function FlagToggle({ recordingId, name, on }: { recordingId: string; name: FlagName; on: boolean }) {
  // The values pressed that the store has not answered with yet, oldest first: the last one shows. Two quick
  // presses (on, then off) are answered one by one, and the answer to the first must not show in between (the
  // button would flip back). A list read from the server (filters, search) answers with its next fetch.
  const [pressed, setPressed] = useState<boolean[]>([])
  const [seen, setSeen] = useState(on)
  if (on !== seen) {
    setSeen(on)
    // The presses alternate from the value the first was made against, so any new value answers one of them.
    setPressed(pressed.slice(pressed.indexOf(on) + 1))
  }
  const shown = pressed.at(-1) ?? on
  const [offLabel, onLabel] = flagField(name).toggle
  const Icon = ICONS[name]
  const toggle = () => {
    setPressed([...pressed, !shown])
    void setFlag(recordingId, name, !shown)
  }
  return (
    <button
      type="button"
      className="icon-button flag-toggle"
      aria-pressed={shown}
      aria-label={shown ? onLabel : offLabel}
      onClick={toggle}
    >
      <Icon size={18} />
    </button>
  )
}
