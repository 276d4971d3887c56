import { describe, expect, it } from 'vitest'
import type { StoredRecording } from '../db'
import { makeMutation, type MutationInit } from './mutation'
import { finishRow, foldFolder, foldRecording, renameSpeakerIn, type Edit } from './optimistic'

const at = Date.parse('2026-03-02T08:00:00Z')
const edit = (init: MutationInit, when = at): Edit => ({ mutation: makeMutation(init, 'k'), at: when })

const base: StoredRecording = {
  id: 'r1',
  sortKey: '2026-02-01T09:00:00.000Z',
  folderId: 'f1',
  // The server's items carry the folder's id too (Recording types only the name).
  data: {
    id: 'r1',
    title: 'Standup',
    description: 'Daily',
    recordingAt: '2026-02-01T09:00:00.000Z',
    folder: { id: 'f1', name: 'Work' } as { name: string },
  },
}
const detail = {
  speakers: { SPEAKER_00: { speakerProfile: { name: 'Ann Original' } } },
  title: 'Standup',
  description: 'Daily',
}

describe('foldRecording', () => {
  it('shows the server copy untouched when nothing is queued', () => {
    const out = foldRecording({ row: base, detail }, [])
    expect(out.row).toEqual(base)
    expect(out.row?.data.syncStatus).toBeUndefined()
  })

  it('lays title, description and a move over the row and the detail, marked pending', () => {
    const out = foldRecording({ row: base, detail }, [
      edit({ op: { case: 'updateRecording', value: { id: 'r1', title: 'Planning' } } }),
      edit({ op: { case: 'updateRecording', value: { id: 'r1', description: 'Weekly', folderId: '' } } }),
    ])
    expect(out.row?.data).toMatchObject({
      title: 'Planning',
      description: 'Weekly',
      syncStatus: 'pending',
      updatedAt: '2026-03-02T08:00:00.000Z',
    })
    expect(out.row?.data.folder).toBeUndefined()
    expect(out.row?.folderId).toBe('')
    expect(out.detail).toMatchObject({ title: 'Planning', description: 'Weekly' })
  })

  it('removes the row for a delete, and later edits do not bring it back', () => {
    const out = foldRecording({ row: base, detail: null }, [
      edit({ op: { case: 'deleteRecording', value: { id: 'r1' } } }),
      edit({ op: { case: 'updateRecording', value: { id: 'r1', title: 'Ghost' } } }),
    ])
    expect(out.row).toBeNull()
  })

  it('names a speaker in the cached detail only', () => {
    const out = foldRecording({ row: null, detail }, [
      edit({ op: { case: 'renameSpeaker', value: { recordingId: 'r1', speaker: 'SPEAKER_00', name: 'Ann Lee' } } }),
    ])
    expect(out.row).toBeNull()
    expect(out.detail?.speakers).toEqual({
      SPEAKER_00: { speakerProfile: { name: 'Ann Lee', originalName: 'Ann Original' } },
    })
  })
})

describe('renameSpeakerIn', () => {
  it('keeps a JSON-string speakers field a string, matching labels loosely', () => {
    const speakers = JSON.stringify({
      'Speaker 1': { matchedSpeakerId: 'x', speakerProfile: { id: 'p', name: 'Old' } },
    })
    const out = renameSpeakerIn(speakers, { speaker: 'SPEAKER_01', name: 'Bo Smith' })
    expect(typeof out).toBe('string')
    expect(JSON.parse(out as string)).toEqual({
      'Speaker 1': { matchedSpeakerId: 'x', speakerProfile: { id: 'p', name: 'Bo Smith', originalName: 'Old' } },
    })
  })

  it('keeps the uploaded name as originalName over several renames, as the server does (the speaker mind map is keyed by it)', () => {
    const once = renameSpeakerIn(
      { SPEAKER_00: { speakerProfile: { name: 'Daniel Okafor' } } },
      { speaker: 'SPEAKER_00', name: 'Dana' },
    )
    const twice = renameSpeakerIn(once, { speaker: 'SPEAKER_00', name: 'Dana W.' })
    expect(twice).toEqual({ SPEAKER_00: { speakerProfile: { name: 'Dana W.', originalName: 'Daniel Okafor' } } })
  })

  it('restores the server copy’s name for an empty name', () => {
    const edited = renameSpeakerIn(detail.speakers, { speaker: 'SPEAKER_00', name: 'Temp Name' })
    expect(renameSpeakerIn(edited, { speaker: 'SPEAKER_00', name: '' }, detail.speakers)).toEqual(detail.speakers)
  })
})

describe('foldFolder', () => {
  it('creates, renames and deletes', () => {
    const created = foldFolder(null, [
      edit({ op: { case: 'createFolder', value: { id: 'f9', name: 'Ideas', parentId: '' } } }),
    ])
    expect(created).toEqual({ id: 'f9', name: 'Ideas', parentId: '', createdAtMs: at })
    const renamed = foldFolder(created, [edit({ op: { case: 'renameFolder', value: { id: 'f9', name: 'Plans' } } })])
    expect(renamed?.name).toBe('Plans')
    expect(foldFolder(renamed, [edit({ op: { case: 'deleteFolder', value: { id: 'f9' } } })])).toBeNull()
  })
})

describe('finishRow', () => {
  it('shows the folder’s current name, or General when the folder is deleted here', () => {
    expect(finishRow(base, { name: 'Projects' }).data.folder).toEqual({ id: 'f1', name: 'Projects' })
    const general = finishRow(base, 'deleted')
    expect(general.data.folder).toBeUndefined()
    expect(general.folderId).toBe('f1') // kept: discarding the delete shows the folder again
  })

  it('leaves the list key out of an empty recording so the list skips it', () => {
    expect('sortKey' in finishRow({ ...base, empty: true }, 'unknown')).toBe(false)
    expect(finishRow(base, 'unknown').sortKey).toBe('2026-02-01T09:00:00.000Z')
  })
})
