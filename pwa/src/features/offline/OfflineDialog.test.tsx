import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { PocketDB } from '@/data/db'
import { createPrefetcher, type Prefetcher } from '@/data/offline'
import { readBudget } from '@/data/offline/budget'
import { toStored } from '@/data/storedRecording'
import { askPersistence, readPersistence, type PersistenceStorage } from '@/data/offline/persist'
import { OfflineDialog } from './OfflineDialog'
import type { PersistenceApi } from './useOfflineState'
import { formatBytes } from './texts'

const dbs: PocketDB[] = []
afterEach(async () => {
  await Promise.all(dbs.splice(0).map((db) => db.delete()))
})

async function library(count: number, withDetails: number): Promise<PocketDB> {
  const db = new PocketDB(`offline-dialog-${Math.random()}`)
  dbs.push(db)
  const rows = Array.from({ length: count }, (_, i) =>
    toStored({ id: `r${i}`, recordingAt: new Date(Date.UTC(2026, 0, 1) + i * 86_400_000).toISOString() }),
  )
  await db.recordings.bulkPut(rows)
  // The newest ones are on the device.
  await db.details.bulkPut(rows.slice(count - withDetails).map((r) => ({ id: r.id, fetchedAt: 1, data: {} })))
  return db
}

function fakePrefetcher(db: PocketDB): Prefetcher {
  return createPrefetcher({
    db,
    fetchRecording: async () => null,
    storeBatch: async () => {},
    limit: () => 0,
    lock: (_n, fn) => fn(),
  })
}

/** navigator.storage's persistence, as granted so far and as persist() would answer. */
function fakeStorage(persisted: boolean, grants: boolean) {
  const storage = {
    persisted: vi.fn(async () => persisted),
    persist: vi.fn(async () => (persisted = grants)),
  }
  return storage
}

const persistenceOf = (storage: PersistenceStorage): PersistenceApi => ({
  read: () => readPersistence(storage),
  ask: () => askPersistence(storage),
})

function open(db: PocketDB, prefetcher = fakePrefetcher(db), usage: number | null = 12_345_678) {
  const onClose = vi.fn()
  const estimate = vi.fn(async () => (usage === null ? null : { usage }))
  render(<OfflineDialog onClose={onClose} db={db} prefetcher={prefetcher} estimate={estimate} />)
  return { onClose, estimate, prefetcher }
}

describe('OfflineDialog', () => {
  it('shows the default budget, how many are on the device and the storage used', async () => {
    const db = await library(60, 42)
    open(db)
    expect(screen.getByRole('dialog', { name: 'Available offline' })).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: 'Keep the newest 50 recordings offline' })).toBeChecked()
    expect(screen.getAllByRole('radio').map((r) => r.closest('label')!.textContent)).toEqual([
      'Keep the newest 25 recordings offline',
      'Keep the newest 50 recordings offline',
      'Keep the newest 100 recordings offline',
      'Keep the newest 250 recordings offline',
      'Keep all recordings offline',
    ])
    expect(await screen.findByText('42 of 50 recordings available offline')).toBeInTheDocument()
    expect(await screen.findByText('12.3 MB used')).toBeInTheDocument()
  })

  it('changing the budget stores it on the device, recounts and fetches again', async () => {
    const db = await library(60, 42)
    const prefetcher = fakePrefetcher(db)
    const again = vi.spyOn(prefetcher, 'again')
    open(db, prefetcher)
    await screen.findByText('42 of 50 recordings available offline')
    await userEvent.click(screen.getByRole('radio', { name: 'Keep all recordings offline' }))
    expect(await screen.findByText('42 of 60 recordings available offline')).toBeInTheDocument()
    expect(readBudget()).toBe('all')
    expect(again).toHaveBeenCalledTimes(1)
    await userEvent.click(screen.getByRole('radio', { name: 'Keep the newest 25 recordings offline' }))
    expect(await screen.findByText('25 of 25 recordings available offline')).toBeInTheDocument()
  })

  it('says when storage use is unknown and when a run is under way', async () => {
    const db = await library(3, 0)
    const prefetcher = fakePrefetcher(db)
    open(db, prefetcher, null)
    expect(await screen.findByText('This browser does not say how much storage is used.')).toBeInTheDocument()
    act(() => prefetcher.status.set({ running: true }))
    await vi.waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('0 of 3 recordings available offline · Downloading…'),
    )
  })

  it('says so when there is nothing to keep', async () => {
    const db = await library(0, 0)
    open(db)
    expect(await screen.findByText('No recordings on this account yet.')).toBeInTheDocument()
  })

  it('shows a full disk as an alert', async () => {
    const db = await library(3, 1)
    const prefetcher = fakePrefetcher(db)
    open(db, prefetcher)
    expect(screen.queryByRole('alert')).toBeNull()
    act(() => prefetcher.status.set({ quotaExceeded: true }))
    expect(screen.getByRole('alert')).toHaveTextContent('Your device’s storage is full')
  })

  it('shows the storage used of what the browser allows, as a labelled meter', async () => {
    const db = await library(3, 3)
    render(
      <OfflineDialog
        onClose={() => {}}
        db={db}
        prefetcher={fakePrefetcher(db)}
        estimate={async () => ({ usage: 12_345_678, quota: 1_200_000_000 })}
      />,
    )
    const meter = await screen.findByRole('meter', { name: 'Storage used on this device' })
    expect(meter).toHaveAttribute('aria-valuetext', '12.3 MB used of 1.2 GB')
    expect(meter.closest('.offline-dialog__storage')).toHaveTextContent('12.3 MB used of 1.2 GB')
  })

  it('turning the library up asks the browser to keep the storage, and shows what it granted', async () => {
    const db = await library(3, 3)
    const storage = fakeStorage(false, true)
    render(
      <OfflineDialog onClose={() => {}} db={db} prefetcher={fakePrefetcher(db)} persistence={persistenceOf(storage)} />,
    )
    expect(await screen.findByText(/^May be cleared by the browser under pressure/)).toBeInTheDocument()
    expect(storage.persist).not.toHaveBeenCalled()
    await userEvent.click(screen.getByRole('radio', { name: 'Keep all recordings offline' }))
    expect(storage.persist).toHaveBeenCalledTimes(1)
    expect(
      await screen.findByText('Kept for good: the browser will not clear it to free up space.'),
    ).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Ask to keep it for good' })).toBeNull()
  })

  it('says so when the browser refuses, and may be asked again', async () => {
    const db = await library(1, 1)
    const storage = fakeStorage(false, false)
    render(
      <OfflineDialog onClose={() => {}} db={db} prefetcher={fakePrefetcher(db)} persistence={persistenceOf(storage)} />,
    )
    await userEvent.click(await screen.findByRole('button', { name: 'Ask to keep it for good' }))
    expect(storage.persist).toHaveBeenCalledTimes(1)
    expect(screen.getByText(/^May be cleared by the browser under pressure/)).toBeInTheDocument()
  })

  it('says nothing of persistence where the browser has no StorageManager', async () => {
    const db = await library(1, 1)
    open(db)
    await screen.findByText('1 of 1 recording available offline')
    await userEvent.click(screen.getByRole('radio', { name: 'Keep all recordings offline' }))
    expect(screen.queryByText(/Kept for good|May be cleared/)).toBeNull()
    expect(screen.queryByRole('button', { name: 'Ask to keep it for good' })).toBeNull()
  })

  it('closes with its Close button', async () => {
    const db = await library(1, 1)
    const { onClose } = open(db)
    await userEvent.click(screen.getByRole('button', { name: 'Close' }))
    expect(onClose).toHaveBeenCalled()
  })
})

describe('formatBytes', () => {
  it.each([
    [0, '0 bytes'],
    [999, '999 bytes'],
    [12_345, '12.3 kB'],
    [12_345_678, '12.3 MB'],
    [2_500_000_000, '2.5 GB'],
  ])('%d → %s', (bytes, text) => expect(formatBytes(bytes)).toBe(text))
})
