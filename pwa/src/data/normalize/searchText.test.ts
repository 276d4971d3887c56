import { describe, expect, it } from 'vitest'
import type { Recording } from '../types'
import { searchText } from './searchText'
import { fixture, fixtures } from './testFixtures'

describe('searchText', () => {
  it.each([...fixtures.keys()])('reads %s whole: a title, and plain text without markdown markers', (name) => {
    const f = fixtures.get(name)!
    const doc = searchText(f.recording, f)
    expect(doc.id).toBe(f.recording.id)
    expect(doc.title.trim()).not.toBe('')
    expect(doc.summary).not.toMatch(/\*\*|^#+ /m)
  })

  it('takes the summary from the detail on the device, whichever shape it has', () => {
    const knee = fixture('09')
    expect(searchText(knee.recording, knee).summary).toContain('Patellofemoral pain syndrome')
    const budget = fixture('12')
    expect(searchText(budget.recording, budget).summary).toMatch(/Coworking partnership/)
  })

  it('falls back to the list row’s summary without a detail, and keeps the row’s queued title', () => {
    const row: Recording = {
      id: 'x',
      title: 'Renamed here',
      description: '',
      summarization: { summary: '## Plan\n- **Kayak** trip' },
    }
    expect(searchText(row)).toEqual({
      id: 'x',
      title: 'Renamed here',
      description: '',
      summary: 'Plan Kayak trip',
      note: '',
    })
    expect(searchText({ id: 'y' })).toEqual({
      id: 'y',
      title: 'Untitled Recording',
      description: '',
      summary: '',
      note: '',
    })
  })

  it('finds the owner’s note: the row’s (with a queued edit) over the detail’s', () => {
    const detail = { recording: { id: 'n', note: 'From the **server**' } }
    expect(searchText({ id: 'n' }, detail).note).toBe('From the **server**')
    expect(searchText({ id: 'n', note: 'Queued here ' }, detail).note).toBe('Queued here')
  })
})
