import { useState } from 'react'
import { db as appDb, type PocketDB } from '@/data/db'
import { appPrefetcher, type Prefetcher } from '@/data/offline'
import { BUDGET_CHOICES, budgetLimit, readBudget, writeBudget, type OfflineBudget } from '@/data/offline/budget'
import { ModalDialog } from '@/ui/dialog/ModalDialog'
import * as t from './texts'
import { PersistenceState, StorageUsed } from './StorageState'
import {
  browserEstimate,
  browserPersistence,
  useAvailable,
  usePersistence,
  usePrefetchStatus,
  useStorageUsed,
  type Estimate,
  type PersistenceApi,
} from './useOfflineState'
import './offline.css'

export interface OfflineDialogProps {
  onClose: () => void
  db?: PocketDB
  prefetcher?: Prefetcher
  estimate?: Estimate
  persistence?: PersistenceApi
}

/**
 * The budget of recordings kept on the device, how many are there now, the
 * storage they use and whether the browser may clear it.
 */
export function OfflineDialog({
  onClose,
  db = appDb,
  prefetcher = appPrefetcher(),
  estimate = browserEstimate,
  persistence: persistenceApi = browserPersistence,
}: OfflineDialogProps) {
  const [budget, setBudget] = useState<OfflineBudget>(readBudget)
  const status = usePrefetchStatus(prefetcher)
  const count = useAvailable(db, budgetLimit(budget))
  const used = useStorageUsed(estimate, count?.available)
  const [persistence, askPersistence] = usePersistence(persistenceApi)

  const choose = (next: OfflineBudget) => {
    setBudget(next)
    writeBudget(next)
    // Turning the library up is when keeping it is worth asking the browser for.
    askPersistence()
    // A bigger budget fetches the extra recordings now, not at the next sync.
    void prefetcher.again().catch((error) => console.warn('offline: prefetch failed', error))
  }

  return (
    <ModalDialog title={t.DIALOG_TITLE} onClose={onClose} className="offline-dialog" closeButton>
      <p className="offline-dialog__intro">{t.INTRO}</p>
      <fieldset className="offline-dialog__budget">
        <legend>{t.BUDGET_LEGEND}</legend>
        {BUDGET_CHOICES.map((choice) => (
          <label key={choice} className="offline-dialog__choice">
            <input type="radio" name="offline-budget" checked={budget === choice} onChange={() => choose(choice)} />
            {t.budgetLabel(choice)}
          </label>
        ))}
      </fieldset>
      <p className="offline-dialog__count" role="status">
        {count ? t.availableLabel(count.available, count.wanted) : t.COUNTING}
        {status.running && <span className="offline-dialog__running"> · {t.DOWNLOADING}</span>}
      </p>
      <StorageUsed used={used} />
      <PersistenceState persistence={persistence} onAsk={askPersistence} />
      {status.quotaExceeded && (
        <p className="offline-dialog__error" role="alert">
          {t.QUOTA_MESSAGE}
        </p>
      )}
    </ModalDialog>
  )
}
