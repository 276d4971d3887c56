import { describe, expect, it } from 'vitest'
import { fixtureFiles } from '@/mocks/fixtures'
import { normalizeDetail } from './detail'
import { normalizeSummary } from './summary'
import { firstSummarization } from './summarization'

const file = (id: string) => fixtureFiles().find((f) => f.recording.id === id)!

describe('normalizeDetail', () => {
  it('reads wrapped ({success, data}) and bare responses alike', () => {
    const bare = file('rec_01_weekly_sync')
    const a = normalizeDetail(bare)
    const b = normalizeDetail({ success: true, data: bare })
    expect(a).not.toBeNull()
    expect(b).toEqual(a)
    expect(a?.header).toMatchObject({ title: 'Weekly Product Sync', untitled: false, sharedFrom: null })
    expect(a?.header.at).toBe(Date.parse('2026-11-17T09:30:00Z'))
  })

  it('gives no view without a recording (No Data)', () => {
    expect(normalizeDetail({ success: true, data: { recording: null } })).toBeNull()
    expect(normalizeDetail({ data: {} })).toBeNull()
    expect(normalizeDetail('nonsense')).toBeNull()
    expect(normalizeDetail({ recording: { title: 'no id' } })).toBeNull()
  })

  it('shows "From {owner}" only for recordings flagged shared', () => {
    expect(normalizeDetail(file('rec_16_roadmap_2027_shared'))?.header.sharedFrom).toBe('Marcus Lee')
    expect(normalizeDetail(file('rec_02_one_on_one_leo'))?.header.sharedFrom).toBeNull()
  })

  it('marks untitled recordings and keeps only a real description', () => {
    const view = normalizeDetail(file('rec_18_empty_title_standup'))
    expect(view?.header).toMatchObject({ title: 'Untitled Recording', untitled: true, description: '' })
  })

  it('composes the summary from the first summarization', () => {
    const f = file('rec_12_q4_budget_review')
    expect(normalizeDetail(f)?.summary).toEqual(normalizeSummary(firstSummarization(f.summarizations)))
  })

  it('handles every fixture', () => {
    for (const f of fixtureFiles()) {
      const view = normalizeDetail(f)
      expect(view?.id, f.recording.id).toBe(f.recording.id)
      expect(Array.isArray(view?.tasks), f.recording.id).toBe(true)
      expect(view?.transcript.segments, f.recording.id).toBeDefined()
    }
  })
})
