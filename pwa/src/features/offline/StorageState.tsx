import type { Persistence } from '@/data/offline/persist'
import * as t from './texts'
import type { StorageUse } from './useOfflineState'

/**
 * "12.3 MB used of 1.2 GB" with a meter of the same (its text is what a
 * screen reader says). Nothing while asking; a plain sentence where the
 * browser does not say.
 */
export function StorageUsed({ used }: { used: StorageUse | null | undefined }) {
  if (used === undefined) return <p className="offline-dialog__storage" />
  if (used === null) return <p className="offline-dialog__storage">{t.STORAGE_UNKNOWN}</p>
  const usedText = t.usedLabel(used.usage)
  const quotaText = used.quota === null ? '' : t.quotaLabel(used.quota)
  return (
    <div className="offline-dialog__storage">
      <p>
        <span>{usedText}</span>
        {quotaText}
      </p>
      {used.quota !== null && (
        <meter
          className="offline-dialog__meter"
          min={0}
          max={used.quota}
          value={Math.min(used.usage, used.quota)}
          aria-label={t.STORAGE_METER_LABEL}
          aria-valuetext={usedText + quotaText}
        />
      )}
    </div>
  )
}

/**
 * Whether the browser keeps this device's storage, with a way to ask when it
 * may clear it. Nothing while asking or where the browser cannot say.
 */
export function PersistenceState({
  persistence,
  onAsk,
}: {
  persistence: Persistence | null | undefined
  onAsk: () => void
}) {
  if (!persistence) return null
  if (persistence === 'persistent') return <p className="offline-dialog__persistence">{t.PERSISTENT}</p>
  return (
    <p className="offline-dialog__persistence">
      {t.BEST_EFFORT}{' '}
      <button type="button" className="offline-dialog__ask" onClick={onAsk}>
        {t.ASK_PERSIST}
      </button>
    </p>
  )
}
