import { asArray, asObject, seconds, text } from './loose'

/** A person named in the library, as GET /api/v1/people lists them. */
export interface Person {
  name: string
  /** How many of the owner's recordings name them. */
  recordings: number
}

/** An unnamed speaker of a recording, with words to recognise them by. */
export interface CandidateSpeaker {
  /** The transcript's label (SPEAKER_01): what a rename names. */
  label: string
  /** What the recording shows for them now ('Speaker 2'). */
  name: string
  sample: string
  /** Seconds from the start where the sample is said. */
  start: number
}

export interface Candidate {
  recording: { id: string; title: string; recordingAt: string }
  speakers: CandidateSpeaker[]
}

export interface CandidatePage {
  candidates: Candidate[]
  total: number
  /** The offset of the next page; null at the end. */
  nextOffset: number | null
}

/** GET /api/v1/people's `data`, keeping only entries with a name. */
export function parsePeople(response: unknown): Person[] {
  const list = asArray(asObject(response)?.data) ?? []
  return list.flatMap((item) => {
    const p = asObject(item)
    const name = text(p?.name).trim()
    return p && name ? [{ name, recordings: Math.max(0, Math.trunc(Number(p.recordings) || 0)) }] : []
  })
}

/** One page of GET /api/v1/people/candidates; recordings without an id or speakers are dropped. */
export function parseCandidatePage(response: unknown): CandidatePage {
  const body = asObject(response)
  const candidates = (asArray(body?.data) ?? []).flatMap((item) => {
    const c = parseCandidate(item)
    return c ? [c] : []
  })
  const next = body?.nextOffset
  return {
    candidates,
    total: Number(body?.total) || candidates.length,
    nextOffset: typeof next === 'number' || (typeof next === 'string' && next.trim() !== '') ? Number(next) : null,
  }
}

function parseCandidate(item: unknown): Candidate | null {
  const c = asObject(item)
  const r = asObject(c?.recording)
  const id = text(r?.id).trim()
  if (!c || !r || !id) return null
  const speakers = (asArray(c.speakers) ?? []).flatMap((s): CandidateSpeaker[] => {
    const o = asObject(s)
    const label = text(o?.label).trim()
    if (!o || !label) return []
    return [
      {
        label,
        name: text(o.name).trim() || label,
        sample: text(o.sample).trim(),
        start: seconds(o.start_time ?? o.startTime),
      },
    ]
  })
  if (speakers.length === 0) return null
  return {
    recording: { id, title: text(r.title).trim(), recordingAt: text(r.recordingAt ?? r.recording_at) },
    speakers,
  }
}

/**
 * The people whose name contains what was typed (case-insensitive), those
 * whose name starts with it first, at most `max`; everyone when nothing is typed.
 */
export function matchPeople(people: readonly Person[], typed: string, max = 8): Person[] {
  const q = typed.trim().toLowerCase()
  if (!q) return people.slice(0, max)
  const starts: Person[] = []
  const contains: Person[] = []
  for (const p of people) {
    const n = p.name.toLowerCase()
    if (n.startsWith(q)) starts.push(p)
    else if (n.includes(q)) contains.push(p)
  }
  return [...starts, ...contains].slice(0, max)
}

/** Adds names not yet in the list (e.g. renames still queued on this device), case-insensitively. */
export function withNames(people: readonly Person[], names: Iterable<string>): Person[] {
  const seen = new Set(people.map((p) => p.name.toLowerCase()))
  const out = [...people]
  for (const raw of names) {
    const name = raw.trim()
    if (!name || seen.has(name.toLowerCase())) continue
    seen.add(name.toLowerCase())
    out.push({ name, recordings: 1 })
  }
  return out
}
