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
  // A list read from the server (filters, search) learns of the change with its next fetch: until then the press
  // shows. A press holds only while the state it was made against does: a new `on` from the store wins.
  const [pressed, setPressed] = useState<{ against: boolean; value: boolean } | null>(null)
  const shown = pressed && pressed.against === on ? pressed.value : on
  const [offLabel, onLabel] = flagField(name).toggle
  const Icon = ICONS[name]
  const toggle = () => {
    setPressed({ against: on, value: !shown })
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
