/**
 * Property tests: the normalisers are the one place the app reads the spec's
 * loose shapes, so they must be total. Generated values mix the domain's field
 * names, every JSON type and JSON-encoded strings of themselves (the spec's
 * "object or json string" fields), and each property checks the fallback the
 * spec gives rather than only "no throw".
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { normalizeActionItems, PRIORITIES, type Task } from './actions'
import { normalizeMessages, normalizeSession } from './chat'
import { normalizeDetail } from './detail'
import { mindMapsOf } from './mindmap'
import { recordingTitle, summaryPreview } from './recording'
import { durationLabel, recordedAt } from './recordingDates'
import { normalizeShareLinks } from './shareLink'
import { parseSpeakers } from './speakers'
import { firstSummarization, toSummarization } from './summarization'
import { normalizeTranscript } from './transcript'

const FIELDS = [
  'id',
  'title',
  'name',
  'description',
  'recordingAt',
  'createdAt',
  'updatedAt',
  'duration',
  'summary',
  'v2Summary',
  'summarization',
  'summarizations',
  'v2ActionItems',
  'actionItems',
  'items',
  'task',
  'priority',
  'subtasks',
  'subSubtasks',
  'completed',
  'segments',
  'text',
  'transcript',
  'speaker',
  'start_time',
  'startTime',
  'end_time',
  'endTime',
  'speakers',
  'speakerProfile',
  'mindMap',
  'nodes',
  'node_id',
  'parent_node_id',
  'type',
  'version',
  'recording',
  'transcription',
  'data',
  'success',
  'session',
  'messages',
  'role',
  'content',
  'token',
  '_seconds',
  'SPEAKER_00',
  'SPEAKER_01',
]

/** Loose values: scalars, arrays, objects keyed by domain names, and JSON strings of any of them. */
const loose: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(
      null,
      true,
      false,
      0,
      -1,
      1.5,
      1e21,
      '',
      ' ',
      'LOW',
      'HIGH',
      'critical',
      '2026-11-01T10:00:00',
      '1700000000',
      'NaN',
    ),
    fc.string(),
    fc.double(),
    fc.integer(),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom(...FIELDS), tie('value'), { maxKeys: 5 }),
    tie('value').map((v) => JSON.stringify(v) ?? 'null'),
  ),
})).value

const runs = { numRuns: 400 }

describe('normalisers over generated loose shapes', () => {
  it('the detail: null or a view whose header has a title ("Untitled Recording" when it has none)', () => {
    fc.assert(
      fc.property(loose, (raw) => {
        const view = normalizeDetail(raw)
        if (!view) return
        expect(view.header.title.trim()).not.toBe('')
        if (view.header.untitled) expect(view.header.title).toBe('Untitled Recording')
        expect(typeof view.header.description).toBe('string')
        expect(Array.isArray(view.tasks)).toBe(true)
      }),
      runs,
    )
    // Generated recordings, so the property is not only checked on nulls.
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom(...FIELDS), loose, { maxKeys: 6 }),
        fc.string({ minLength: 1 }),
        (fields, id) => {
          const view = normalizeDetail({ success: true, data: { recording: { ...fields, id: `r${id}` } } })
          expect(view?.header.title.trim()).not.toBe('')
        },
      ),
      runs,
    )
  })

  it('the transcript: a status, segments with finite non-negative times and a speaker label', () => {
    fc.assert(
      fc.property(loose, loose, (transcription, speakers) => {
        const t = normalizeTranscript(transcription, speakers)
        expect(['none', 'empty', 'ok']).toContain(t.status)
        expect(t.status === 'ok').toBe(t.segments.length > 0)
        for (const s of t.segments) {
          expect(Number.isFinite(s.start)).toBe(true)
          expect(s.start).toBeGreaterThanOrEqual(0)
          expect(s.colorIndex).toBeGreaterThanOrEqual(0)
          expect(s.colorIndex).toBeLessThan(8)
          expect(typeof s.speakerLabel).toBe('string')
        }
      }),
      runs,
    )
  })

  it('action items: every title filled, every priority one of the four, ids unique, a missing priority inherited', () => {
    const check = (tasks: Task[]) => {
      const ids = new Set<string>()
      for (const task of tasks) {
        expect(task.title.trim()).not.toBe('')
        expect(PRIORITIES).toContain(task.priority)
        ids.add(task.id)
        for (const sub of task.subtasks) {
          expect(sub.title.trim()).not.toBe('')
          expect(PRIORITIES).toContain(sub.priority)
          for (const subSub of sub.subSubtasks) expect(PRIORITIES).toContain(subSub.priority)
        }
      }
      expect(ids.size).toBe(tasks.length)
    }
    fc.assert(
      fc.property(loose, (raw) => check(normalizeActionItems(toSummarization({ actionItems: raw })))),
      runs,
    )
    // A subtask without priority takes its task's (spec §9).
    fc.assert(
      fc.property(fc.constantFrom(...PRIORITIES), fc.string(), (priority, title) => {
        const [task] = normalizeActionItems(
          toSummarization({ actionItems: [{ title, priority, subtasks: [{ title: 's' }] }] }),
        )
        expect(task!.subtasks[0]!.priority).toBe(priority)
      }),
    )
  })

  it('mind maps, speakers, summaries, chat and share links never throw', () => {
    fc.assert(
      fc.property(loose, (raw) => {
        mindMapsOf(toSummarization(raw) ?? undefined)
        parseSpeakers(raw)
        firstSummarization(raw)
        normalizeSession(raw)
        expect(Array.isArray(normalizeMessages(raw))).toBe(true)
        expect(Array.isArray(normalizeShareLinks(raw))).toBe(true)
      }),
      runs,
    )
  })

  it('list rows: a title always, a duration label in the spec’s three forms, a preview cut at 100 characters', () => {
    fc.assert(
      fc.property(loose, loose, loose, (title, duration, summary) => {
        expect(typeof recordingTitle({ title, name: title })).toBe('string')
        const label = durationLabel(duration)
        if (label !== null) expect(label).toMatch(/^(\d+ hr \d+ min|\d+ min|\d+ secs)$/)
        const preview = summaryPreview(summary)
        expect(preview.length).toBeLessThanOrEqual(103)
      }),
      runs,
    )
  })

  it('a timestamp without a zone is read as UTC', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2090-01-01T00:00:00Z'), noInvalidDate: true }),
        (d) => {
          const wholeSeconds = Math.floor(d.getTime() / 1000) * 1000
          const naive = new Date(wholeSeconds).toISOString().slice(0, 19) // no "Z"
          expect(recordedAt({ recordingAt: naive })).toBe(wholeSeconds)
        },
      ),
    )
  })
})
