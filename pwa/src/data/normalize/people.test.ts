import { describe, expect, it } from 'vitest'
import { matchPeople, parseCandidatePage, parsePeople, withNames } from './people'

describe('parsePeople', () => {
  it('keeps named entries with a whole, non-negative count', () => {
    expect(
      parsePeople({
        data: [
          { name: ' Priya Shah ', recordings: 3 },
          { name: '', recordings: 9 },
          { name: 'Leo', recordings: '2' },
          { name: 'X', recordings: -1 },
          7,
        ],
      }),
    ).toEqual([
      { name: 'Priya Shah', recordings: 3 },
      { name: 'Leo', recordings: 2 },
      { name: 'X', recordings: 0 },
    ])
  })

  it('is empty for a body without a list', () => {
    expect(parsePeople(null)).toEqual([])
    expect(parsePeople({ data: 'nope' })).toEqual([])
  })
})

describe('parseCandidatePage', () => {
  const row = {
    recording: { id: 'r1', title: 'Standup', recordingAt: '2025-01-02T10:00:00Z' },
    speakers: [
      { label: 'SPEAKER_01', name: 'Speaker 2', sample: 'Morning all', start_time: 12.5 },
      { label: '', name: 'no label' },
    ],
  }

  it('reads recordings, their speakers, total and the next offset', () => {
    expect(parseCandidatePage({ data: [row], total: 7, nextOffset: 20 })).toEqual({
      candidates: [
        {
          recording: { id: 'r1', title: 'Standup', recordingAt: '2025-01-02T10:00:00Z' },
          speakers: [{ label: 'SPEAKER_01', name: 'Speaker 2', sample: 'Morning all', start: 12.5 }],
        },
      ],
      total: 7,
      nextOffset: 20,
    })
  })

  it('ends at a null next offset and drops recordings without an id or speakers', () => {
    const page = parseCandidatePage({
      data: [
        { recording: {}, speakers: row.speakers },
        { recording: { id: 'r2' }, speakers: [] },
      ],
      total: 0,
      nextOffset: null,
    })
    expect(page).toEqual({ candidates: [], total: 0, nextOffset: null })
  })

  it('names an unnamed speaker by its label when the server sends no name', () => {
    const page = parseCandidatePage({ data: [{ recording: { id: 'r3' }, speakers: [{ label: 'SPEAKER_04' }] }] })
    expect(page.candidates[0]?.speakers[0]).toMatchObject({
      label: 'SPEAKER_04',
      name: 'SPEAKER_04',
      sample: '',
      start: 0,
    })
    expect(page.nextOffset).toBeNull()
  })
})

describe('matchPeople', () => {
  const people = ['Priya Raman', 'Daniel Okafor', 'Ariya Stone', 'Sam Rivera'].map((name) => ({ name, recordings: 1 }))

  it('lists names starting with the typed text before names containing it, ignoring case', () => {
    expect(matchPeople(people, 'RIYA').map((p) => p.name)).toEqual(['Priya Raman', 'Ariya Stone'])
    expect(matchPeople(people, 'pri').map((p) => p.name)).toEqual(['Priya Raman'])
  })

  it('lists everyone (up to the limit) when nothing is typed', () => {
    expect(matchPeople(people, '  ', 2).map((p) => p.name)).toEqual(['Priya Raman', 'Daniel Okafor'])
  })
})

describe('withNames', () => {
  it('adds names the list lacks, once, whatever their case', () => {
    const out = withNames([{ name: 'Leo Park', recordings: 4 }], ['leo park', ' Mina ', 'MINA', ''])
    expect(out).toEqual([
      { name: 'Leo Park', recordings: 4 },
      { name: 'Mina', recordings: 1 },
    ])
  })
})
