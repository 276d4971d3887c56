import { describe, expect, it } from 'vitest'
import { fixtureFiles } from '@/mocks/fixtures'
import type { Recording } from '../types'
import {
  deriveOwner,
  folderName,
  isSyncPending,
  mergeDuplicates,
  recordingTitle,
  rowDescription,
  summaryPreview,
  toRecordingRow,
  UNTITLED,
} from './recording'

const fixture = (id: string): Recording => {
  const file = fixtureFiles().find(
    (f) => f.recording.id === id && !String(f.recording.title ?? '').includes('first sync'),
  )
  if (!file) throw new Error(`no fixture ${id}`)
  return file.recording
}

describe('row title', () => {
  it('falls back from title to name to Untitled Recording', () => {
    expect(recordingTitle({ title: 'Weekly', name: 'x' })).toBe('Weekly')
    expect(recordingTitle({ title: '  ', name: 'From name' })).toBe('From name')
    expect(recordingTitle({ title: null, name: '' })).toBe(UNTITLED)
    expect(recordingTitle({})).toBe('Untitled Recording')
  })

  it('gives the fixtures without a title (no key / "") the fallback', () => {
    expect(toRecordingRow(fixture('rec_17_untitled_flaky_tests')).title).toBe('Untitled Recording')
    expect(toRecordingRow(fixture('rec_18_empty_title_standup')).title).toBe('Untitled Recording')
    expect(toRecordingRow(fixture('rec_01_weekly_sync')).title).toBe('Weekly Product Sync')
  })
})

describe('row description', () => {
  it('uses the description when there is one', () => {
    expect(rowDescription({ description: ' Hallway chat. ', summarization: { summary: 'ignored' } })).toBe(
      'Hallway chat.',
    )
  })

  it('previews a long summary: 100 characters plus "..."', () => {
    const summary = 'a'.repeat(99) + 'bcdef'
    expect(summaryPreview(summary)).toBe('a'.repeat(99) + 'b...')
    expect(rowDescription({ description: '', summarization: { summary } })).toHaveLength(103)
  })

  it('shows a short summary whole, and nothing without one', () => {
    expect(summaryPreview('Short note about the garage sale.')).toBe('Short note about the garage sale.')
    expect(rowDescription({ description: '' })).toBe('')
    expect(rowDescription({ summarization: { summary: '' } })).toBe('')
  })

  it('reads markdown as plain text (no #, **, list markers) on one line', () => {
    const md =
      '## Overview\nThe **3.4 release** moves to [Dec 1](https://x.test).\n\n## Decisions\n- Ship it\n- [ ] Tell support'
    expect(summaryPreview(md)).toBe('Overview The 3.4 release moves to Dec 1. Decisions Ship it Tell support')
  })

  it('never splits an emoji at the cut', () => {
    const preview = summaryPreview('x'.repeat(99) + '🎉🎉')
    expect(preview).toBe('x'.repeat(99) + '🎉...')
  })
})

describe('folder and sync flag', () => {
  it('names the folder, General when there is none', () => {
    expect(folderName({ name: 'Work' })).toBe('Work')
    expect(folderName(null)).toBe('General')
    expect(folderName(undefined)).toBe('General')
    expect(folderName({ name: ' ' })).toBe('General')
    expect(toRecordingRow(fixture('rec_08_voice_note_birthday')).folder).toBe('General')
    expect(toRecordingRow(fixture('rec_17_untitled_flaky_tests')).folder).toBe('General')
  })

  it('flags pending sync or offline recordings', () => {
    expect(isSyncPending({ syncStatus: 'pending' })).toBe(true)
    expect(isSyncPending({ syncStatus: 'synced', isOffline: true })).toBe(true)
    expect(isSyncPending({ syncStatus: 'synced', isOffline: false })).toBe(false)
    const flagged = fixtureFiles()
      .map((f) => f.recording)
      .filter((r) => toRecordingRow(r).syncPending)
      .map((r) => r.id)
      .sort()
    expect(flagged).toEqual([
      'rec_08_voice_note_birthday',
      'rec_17_untitled_flaky_tests',
      'rec_26_voice_note_release_checklist',
    ])
  })
})

describe('owner (derived)', () => {
  it('uses displayName, else the e-mail local part, else User', () => {
    expect(deriveOwner({ displayName: 'Marcus Lee', email: 'marcus@example.com' })).toEqual({
      displayName: 'Marcus Lee',
      email: 'marcus@example.com',
      photoURL: null,
    })
    expect(deriveOwner({ displayName: '', email: 'grace.hopper@example.com' }).displayName).toBe('grace.hopper')
    expect(deriveOwner({}).displayName).toBe('User')
    expect(deriveOwner(null)).toEqual({ displayName: 'User', email: null, photoURL: null })
  })
})

describe('duplicates (spec §5)', () => {
  it('keep the copy with the latest recordingAt, else updatedAt, else createdAt', () => {
    const a1 = { id: 'a', title: 'first', recordingAt: '2026-10-22T15:00:00Z', updatedAt: '2026-10-25T08:00:00Z' }
    const a2 = { id: 'a', title: 'resynced', recordingAt: '2026-10-22T15:00:30Z', updatedAt: '2026-10-22T15:30:00Z' }
    const b1 = { id: 'b', title: 'old', updatedAt: '2026-01-01T00:00:00Z' }
    const b2 = { id: 'b', title: 'new', updatedAt: '2026-01-02T00:00:00Z' }
    const c1 = { id: 'c', title: 'c-old', createdAt: '2026-01-01' }
    const c2 = { id: 'c', title: 'c-new', createdAt: '2026-01-03' }
    expect(mergeDuplicates([a1, b2, a2, b1, c1, c2]).map((r) => r.title)).toEqual(['new', 'resynced', 'c-new'])
  })

  it('pick the resynced fixture 14 over 15 (later updatedAt, imported last)', () => {
    const copies = fixtureFiles()
      .map((f) => f.recording)
      .filter((r) => r.id === 'rec_14_design_review_onboarding')
    expect(copies).toHaveLength(2)
    for (const order of [copies, [...copies].reverse()]) {
      expect(mergeDuplicates(order).map((r) => r.title)).toEqual(['Design Review – Onboarding Checklist'])
    }
  })

  it('read timestamps without a zone as UTC', () => {
    const zoned = { id: 'z', title: 'zoned', recordingAt: '2026-11-16T15:30:00+01:00' } // 14:30 UTC
    const naive = { id: 'z', title: 'naive', recordingAt: '2026-11-16T15:00:00' } // 15:00 UTC
    expect(mergeDuplicates([zoned, naive]).map((r) => r.title)).toEqual(['naive'])
  })
})

describe('rows from every fixture', () => {
  it('have a title, a date, a duration label and a folder', () => {
    for (const { recording } of fixtureFiles()) {
      const row = toRecordingRow(recording)
      expect(row.title, recording.id).not.toBe('')
      expect(Number.isNaN(row.at), recording.id).toBe(false)
      expect(row.duration, recording.id).toMatch(/^(\d+ hr \d+ min|\d+ min|\d+ secs)$/)
      expect(row.folder, recording.id).not.toBe('')
    }
  })

  it('preview the summary when the description is empty (19 has a summary, no description)', () => {
    const file = fixtureFiles().find((f) => f.recording.id === 'rec_19_memo_no_transcript')!
    const first = Object.values(file.summarizations ?? {})[0] as { v2Summary?: string }
    // The dashboard item carries the first summarization's summary (docs/api.md).
    const row = toRecordingRow({ ...file.recording, summarization: { summary: first.v2Summary } })
    expect(first.v2Summary!.length).toBeGreaterThan(100)
    expect(row.description).toBe(`${Array.from(first.v2Summary!.replace(/\s+/g, ' ')).slice(0, 100).join('')}...`)
  })
})
