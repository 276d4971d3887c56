import { useQuery } from '@tanstack/react-query'
import { usageQuery, type UsageItem } from '@/data/usage'
import { ModalDialog } from '@/ui/dialog/ModalDialog'
import { useOnline } from '@/features/sync/useSyncState'
import { USAGE, USAGE_EXPLAINED, USAGE_FAILED, USAGE_LOADING, USAGE_OFFLINE, usageText } from './usageTexts'
import './usage.css'
import { LoadFailed } from '@/ui/LoadFailed'

/** The user's usage beside each limit: loading, failed (Try again) and offline each say so. */
export function UsageDialog({ onClose }: { onClose: () => void }) {
  const online = useOnline()
  const usage = useQuery({ ...usageQuery(), enabled: online })
  return (
    <ModalDialog title={USAGE} onClose={onClose} className="usage-dialog" closeButton>
      <p>{USAGE_EXPLAINED}</p>
      <div aria-live="polite" aria-busy={usage.isFetching}>
        {usage.data ? (
          <UsageList items={usage.data} />
        ) : !online ? (
          <p>{USAGE_OFFLINE}</p>
        ) : usage.isError ? (
          <LoadFailed message={USAGE_FAILED} onRetry={() => void usage.refetch()} className="usage-dialog__error" />
        ) : (
          <p>{USAGE_LOADING}</p>
        )}
      </div>
    </ModalDialog>
  )
}

function UsageList({ items }: { items: UsageItem[] }) {
  return (
    <ul className="usage-dialog__list">
      {items.map((item) => (
        <li key={item.id} className="usage-dialog__item">
          <span className="usage-dialog__text">{usageText(item)}</span>
          {item.used !== null && item.limit > 0 && (
            // The text above says the same in words; the meter is for the eye.
            <meter
              className="usage-dialog__meter"
              min={0}
              max={item.limit}
              value={Math.min(item.used, item.limit)}
              high={item.limit * 0.9}
              optimum={0}
              aria-hidden="true"
            />
          )}
        </li>
      ))}
    </ul>
  )
}
