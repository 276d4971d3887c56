import type { ReactNode } from 'react'
import { Link } from 'wouter'
import type { RecordingHeader as Header } from '@/data/normalize/detail'
import { formatShortDateTime } from '@/data/normalize/recordingDates'
import { BackIcon } from '@/ui/icons'
import { useOwnerEdits } from './edit/ownerEdits'

/** Spec §2: the desktop header's title when the recording has none. */
const DESKTOP_UNTITLED = 'Chat with Tasha'

interface Props {
  header: Header
  desktop: boolean
  /** Where Back goes; none on the public shared page. */
  backTo?: string
  /** Owner actions (Share, folder, delete). */
  actions?: ReactNode
  /** The owner's recording: title and description can be edited (with the owner's editing provided). Omitted on the shared page (read-only). */
  recordingId?: string
}

/** Title, 'From {owner}' pill when shared, date pill, description. */
export function RecordingHeader({ header, desktop, backTo, actions, recordingId }: Props) {
  const edits = useOwnerEdits()
  const edit = edits && recordingId ? { ...edits, id: recordingId } : null
  const title = desktop && header.untitled ? DESKTOP_UNTITLED : header.title
  // Given the text the owner has just saved, until the store has it.
  const heading = (text = '') => <h1 className="rec-header__title">{text || title}</h1>
  const description = (text = header.description) => text && <p className="rec-header__description">{text}</p>
  return (
    <header className={`rec-header rec-header--${desktop ? 'desktop' : 'mobile'}`}>
      <div className="rec-header__top">
        {backTo && (
          <Link to={backTo} className="icon-button rec-header__back" aria-label="Back to recordings">
            <BackIcon size={22} />
          </Link>
        )}
        {edit ? (
          <div className="rec-header__title-edit">
            <edit.Title id={edit.id} value={header.untitled ? '' : header.title}>
              {heading}
            </edit.Title>
            <edit.PendingMark id={edit.id} />
          </div>
        ) : (
          heading()
        )}
        {actions && <div className="rec-header__actions">{actions}</div>}
      </div>
      <p className="rec-header__pills">
        {header.sharedFrom && <span className="pill pill--owner">From {header.sharedFrom}</span>}
        <span className="pill">
          <time dateTime={Number.isNaN(header.at) ? undefined : new Date(header.at).toISOString()}>
            {formatShortDateTime(header.at)}
          </time>
        </span>
      </p>
      {edit ? (
        <edit.Description id={edit.id} value={header.description}>
          {description}
        </edit.Description>
      ) : (
        description()
      )}
    </header>
  )
}
