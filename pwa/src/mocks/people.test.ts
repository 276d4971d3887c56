import { describe, expect, it } from 'vitest'
import { mockCandidates, mockPeople, namesPerson } from './people'

// The mock server's people come from the shared fixtures (fixtures/recordings).
describe('the mock library’s people', () => {
  it('lists named speakers by how many of the owner’s recordings name them, never a generic "Speaker N"', () => {
    const people = mockPeople()
    expect(people[0]).toEqual({ name: 'Priya Raman', recordings: 7 })
    expect(people.map((p) => p.name)).toContain('Daniel Okafor')
    expect(people.some((p) => /^Speaker \d+$/.test(p.name))).toBe(false)
    // Marcus Lee speaks only in a recording shared with the owner, not one of theirs.
    expect(people.map((p) => p.name)).not.toContain('Marcus Lee')
  })

  it('offers as candidates only recordings without the person that have an unnamed speaker, newest first', () => {
    const candidates = mockCandidates('daniel okafor')
    expect(candidates.length).toBeGreaterThan(1)
    for (const c of candidates) {
      expect(namesPerson(c.recording.id, 'Daniel Okafor')).toBe(false)
      for (const s of c.speakers) expect(s.name).toMatch(/^Speaker \d+$/)
    }
    const dates = candidates.map((c) =>
      Date.parse(c.recording.recordingAt.endsWith('Z') ? c.recording.recordingAt : `${c.recording.recordingAt}Z`),
    )
    expect(dates).toEqual([...dates].sort((a, b) => b - a))
  })

  it('matches a person by exact name, ignoring case', () => {
    expect(namesPerson('rec_01_weekly_sync', 'DANIEL OKAFOR')).toBe(true)
    expect(namesPerson('rec_01_weekly_sync', 'Daniel')).toBe(false)
  })
})
