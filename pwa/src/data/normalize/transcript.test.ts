import { afterEach, describe, expect, it, vi } from 'vitest'
import { canonicalSpeakerId, isUsableName, parseSpeakers } from './speakers'
import { formatClock, formatRange, normalizeTranscript, segmentIndexAt, speakerColorIndex } from './transcript'
import { fixture, fixtures } from './testFixtures'

const transcriptOf = (prefix: string) => {
  const f = fixture(prefix)
  return normalizeTranscript(f.transcription, f.speakers)
}
const labels = (prefix: string) => [
  ...new Set(transcriptOf(prefix).segments.map((s) => `${s.speakerId}=${s.speakerLabel}`)),
]

afterEach(() => vi.restoreAllMocks())

describe('normalizeTranscript on every fixture', () => {
  it('has segments for every file with a transcription, none for 19, an empty list for 20', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    for (const prefix of fixtures.keys()) {
      const t = transcriptOf(prefix)
      const expected = prefix === '19' ? 'none' : prefix === '20' ? 'empty' : 'ok'
      expect(t.status, prefix).toBe(expected)
      for (const s of t.segments) {
        expect(s.text.trim(), prefix).not.toBe('')
        expect(s.colorIndex).toBeGreaterThanOrEqual(0)
        expect(s.colorIndex).toBeLessThan(8)
        expect(s.end).toBeGreaterThanOrEqual(s.start)
      }
      expect(t.segments.map((s) => s.index)).toEqual(t.segments.map((_, i) => i))
    }
  })

  it('skips segments with empty text (07, 08, 17, 23)', () => {
    expect(transcriptOf('07').segments).toHaveLength(274) // 275 in the file, one blank
    expect(transcriptOf('08').segments).toHaveLength(11)
    expect(transcriptOf('17').segments).toHaveLength(11)
    expect(transcriptOf('23').segments).toHaveLength(17)
  })

  it('reads JSON strings, camelCase times (02) and snake_case times (01)', () => {
    expect(transcriptOf('02').segments[0]).toMatchObject({
      start: 0.4,
      end: 4.35,
      speakerLabel: 'Priya Raman',
      text: 'Hey Leo, thanks for making time. How was the week?',
    })
    expect(transcriptOf('01').segments[0]).toMatchObject({
      speakerId: 'SPEAKER_00',
      speakerLabel: 'Priya Raman',
      start: expect.any(Number),
    })
  })

  it('reads text.segments and segment text in `transcript` (03, 11, 22)', () => {
    expect(transcriptOf('03').segments[0]?.text).toMatch(/^Hi Nadia, thanks for joining/)
    expect(transcriptOf('11').segments[0]).toMatchObject({
      speakerId: 'SPEAKER_01',
      speakerLabel: 'Jordan Blake',
      text: expect.stringMatching(/^Welcome back to The Async Hour/),
    })
    expect(transcriptOf('22').segments[0]?.speakerLabel).toBe('Rosa Delgado')
  })
})

describe('speaker labels (spec §5)', () => {
  it('maps Speaker N to SPEAKER_NN and uses matched names (06, 11, 22)', () => {
    expect(labels('06')).toEqual(['SPEAKER_01=Speaker 1', 'SPEAKER_02=Mr. Kowalski'])
    expect(labels('11')).toEqual([
      'SPEAKER_01=Jordan Blake',
      'SPEAKER_02=Kenji Watanabe',
      'SPEAKER_03=Dr. Lena Fischer',
    ])
  })

  it('ignores short generic profile names and numbers speakers by order of appearance (07, 13, 22)', () => {
    expect(labels('07')).toEqual([
      'SPEAKER_00=Dr. Helen Marsh',
      'SPEAKER_01=Speaker 2',
      'SPEAKER_02=Speaker 3',
      'SPEAKER_03=Speaker 4',
    ])
    // SPEAKER_04's profile says 'Speaker 5', but it is the fourth to speak; SPEAKER_05 has no entry.
    expect(labels('13')).toContain('SPEAKER_04=Speaker 4')
    expect(labels('13')).toContain('SPEAKER_05=Speaker 6')
    expect(labels('22')).toEqual([
      'SPEAKER_01=Rosa Delgado',
      'SPEAKER_02=Speaker 2',
      'SPEAKER_03=Tariq Aziz',
      'SPEAKER_04=Speaker 4',
      'SPEAKER_05=Speaker 5',
    ])
  })

  it('uses a "Speaker …" profile name longer than 15 characters (12)', () => {
    expect(labels('12')).toContain('SPEAKER_03=Speaker from Finance Team')
  })

  it('uses profile names of entries without a matched id, and generic names for entries without a profile (03, 04)', () => {
    expect(labels('03')).toContain('SPEAKER_02=Nadia Petrova')
    expect(labels('04')).toEqual(['SPEAKER_00=Leo Park', 'SPEAKER_01=Speaker 2'])
  })

  it('falls back to no speakers and logs "Error parsing speakers" for an unparseable value (21)', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(labels('21')).toEqual(['SPEAKER_01=Speaker 1', 'SPEAKER_03=Speaker 2', 'SPEAKER_02=Speaker 3'])
    expect(error).toHaveBeenCalledWith('Error parsing speakers', expect.any(SyntaxError))
  })

  it('accepts speakers as a JSON string (02, 23) or an empty object (19, 20)', () => {
    expect(parseSpeakers(fixture('23').speakers)).toEqual(
      new Map([
        ['SPEAKER_00', 'Grace Adeyemi'],
        ['SPEAKER_01', 'Priya Raman'],
      ]),
    )
    expect(parseSpeakers({}).size).toBe(0)
  })

  it('does not log for absent speakers but does for other non-objects', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    for (const none of [undefined, null, '']) expect(parseSpeakers(none).size).toBe(0)
    expect(error).not.toHaveBeenCalled()
    expect(parseSpeakers(['x']).size).toBe(0)
    expect(error).toHaveBeenCalledWith('Error parsing speakers', expect.any(TypeError))
  })

  it('canonicalises labels', () => {
    expect(canonicalSpeakerId('Speaker 3')).toBe('SPEAKER_03')
    expect(canonicalSpeakerId('speaker_12')).toBe('SPEAKER_12')
    expect(canonicalSpeakerId('SPEAKER_00')).toBe('SPEAKER_00')
    expect(canonicalSpeakerId(4)).toBe('4')
    expect(canonicalSpeakerId(' Ana ')).toBe('Ana')
  })

  it('applies the 15-character rule at its boundary', () => {
    expect(isUsableName('Speaker 1')).toBe(false)
    expect(isUsableName('Speaker 12345678')).toBe(true) // 16 characters
    expect(isUsableName('Speaker 1234567')).toBe(false) // 15 characters
    expect(isUsableName('Speakerine')).toBe(true)
  })

  it('reads speakers from the shared view (recording.speakers) the same way', () => {
    const t = normalizeTranscript(
      { segments: [{ speaker: 'Speaker 1', text: 'hi' }] },
      { SPEAKER_01: { speakerProfile: { name: 'Ana Ruiz' } } },
    )
    expect(t.segments[0]?.speakerLabel).toBe('Ana Ruiz')
  })
})

describe('normalizeTranscript edge cases', () => {
  it('distinguishes no transcription from one without segments', () => {
    for (const none of [undefined, null, '', '   ', 5, {}, { language: 'en' }, '{"bad json']) {
      expect(normalizeTranscript(none, {}).status, JSON.stringify(none)).toBe('none')
    }
    for (const empty of [
      { segments: [] },
      [],
      { segments: [{ text: ' ' }, { transcript: '' }, null] },
      '{"text":{"segments":[]}}',
    ]) {
      expect(normalizeTranscript(empty, {}).status, JSON.stringify(empty)).toBe('empty')
    }
  })

  it('keeps a plain-text transcription as one untimed segment', () => {
    expect(normalizeTranscript('Just the words.', null).segments).toHaveLength(1)
    expect(normalizeTranscript({ text: 'Just the words.' }, null).segments).toEqual([
      {
        index: 0,
        speakerId: '',
        speakerLabel: 'Speaker 1',
        colorIndex: speakerColorIndex(''),
        start: 0,
        end: 0,
        text: 'Just the words.',
      },
    ])
  })

  it('reads numeric strings and start/end, and zeroes bad times', () => {
    const t = normalizeTranscript(
      [
        { text: 'a', start: '1.5', end: '3' },
        { text: 'b', start_time: -4, end_time: 'x' },
      ],
      null,
    )
    expect(t.segments.map((s) => [s.start, s.end])).toEqual([
      [1.5, 3],
      [0, 0],
    ])
  })
})

describe('colours and times', () => {
  it('derives the colour from the speaker id over 8 colours', () => {
    expect(speakerColorIndex('SPEAKER_00')).toBe(0)
    expect(speakerColorIndex('SPEAKER_07')).toBe(7)
    expect(speakerColorIndex('SPEAKER_09')).toBe(1)
    expect(speakerColorIndex('Ana')).toBe(speakerColorIndex('Ana'))
    expect(new Set(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'].map(speakerColorIndex)).size).toBeGreaterThan(1)
  })

  it('formats m:ss - m:ss', () => {
    expect(formatRange(0.4, 4.35)).toBe('0:00 - 0:04')
    expect(formatRange(65, 3557.9)).toBe('1:05 - 59:17')
    expect(formatClock(4503)).toBe('75:03')
    expect(formatClock(Number.NaN)).toBe('0:00')
  })

  it('finds the segment for a time', () => {
    const segs = transcriptOf('02').segments
    const second = segs[1]
    expect(second && segmentIndexAt(segs, second.start)).toBe(1)
    expect(second && segmentIndexAt(segs, (second.start + second.end) / 2)).toBe(1)
    expect(segmentIndexAt(segs, 1e9)).toBe(segs.length - 1)
    expect(segmentIndexAt([], 3)).toBe(-1)
  })
})
