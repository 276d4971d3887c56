import { asObject, isObject, text } from './loose'

/** Canonical speaker label (SPEAKER_NN) → the profile name to show. */
type SpeakerNames = ReadonlyMap<string, string>

/**
 * The canonical form of a speaker label: 'Speaker 3' → 'SPEAKER_03'
 * (spec §5), 'speaker_3' → 'SPEAKER_03'; any other label is kept trimmed.
 */
export function canonicalSpeakerId(label: unknown): string {
  const s = text(label).trim()
  const m = /^speaker[ _-]?(\d+)$/i.exec(s)
  return m?.[1] ? `SPEAKER_${m[1].padStart(2, '0')}` : s
}

/**
 * Profile names from the loose speakers field (a JSON string or an object
 * keyed by labels, each entry with `speakerProfile.name`). A name is used only
 * if it does not start with 'Speaker ' or is longer than 15 characters: short
 * 'Speaker N' names are the device's own generic guesses (spec §5). A value
 * that cannot be parsed gives no speakers and logs 'Error parsing speakers'.
 */
export function parseSpeakers(speakers: unknown): SpeakerNames {
  const names = new Map<string, string>()
  if (speakers === undefined || speakers === null) return names
  const obj = asObject(speakers)
  if (!obj) {
    if (!(typeof speakers === 'string' && speakers.trim() === '')) logParseFailure(speakers)
    return names
  }
  for (const [label, entry] of Object.entries(obj)) {
    const name = profileName(entry)
    if (name && isUsableName(name)) names.set(canonicalSpeakerId(label), name)
  }
  return names
}

function logParseFailure(value: unknown): void {
  let reason: unknown = new TypeError(`speakers is ${Array.isArray(value) ? 'an array' : typeof value}`)
  if (typeof value === 'string') {
    try {
      JSON.parse(value)
    } catch (err) {
      reason = err
    }
  }
  console.error('Error parsing speakers', reason)
}

function profileName(entry: unknown): string {
  const e = asObject(entry)
  const profile = e ? asObject(e.speakerProfile ?? e.speaker_profile) : null
  return profile ? text(profile.name).trim() : isObject(e) ? text(e.name).trim() : ''
}

/** Spec §5: generic short 'Speaker …' names are ignored. */
export function isUsableName(name: string): boolean {
  return !name.startsWith('Speaker ') || name.length > 15
}

/**
 * Display labels for speakers in order of first appearance: the profile name
 * when usable, else 'Speaker N' where N is the speaker's position in that
 * order (1-based, counting every distinct speaker), so the numbers read like
 * "the third person to speak" and never collide between speakers.
 */
export function speakerLabeler(names: SpeakerNames): (speakerId: string) => string {
  const order = new Map<string, string>()
  return (speakerId) => {
    let label = order.get(speakerId)
    if (label === undefined) {
      label = names.get(speakerId) ?? `Speaker ${order.size + 1}`
      order.set(speakerId, label)
    }
    return label
  }
}

/**
 * Renamed speakers: uploaded name → the owner's name, from the profiles'
 * originalName (set by the server and by a queued rename). The summary's
 * speaker mind map is keyed by uploaded names.
 */
export function speakerRenames(speakers: unknown): ReadonlyMap<string, string> {
  const renames = new Map<string, string>()
  for (const entry of Object.values(asObject(speakers) ?? {})) {
    const e = asObject(entry)
    const profile = e ? asObject(e.speakerProfile ?? e.speaker_profile) : null
    const original = text(profile?.originalName).trim()
    const name = text(profile?.name).trim()
    if (original && name && original !== name) renames.set(original, name)
  }
  return renames
}
