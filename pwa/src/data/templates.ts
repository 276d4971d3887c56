/*
 * Summary templates: their shape, the limits the server checks, and the
 * last list read (kept on the device for the built-ins offline). The user's
 * own sync like folders and are edited through the outbox
 * (data/templateEdits.ts, docs/adr/0025-templates-sync.md).
 */

/** A summary template (docs/api.md "Summary templates"). */
export interface SummaryTemplate {
  id: string
  name: string
  builtin: boolean
  sections: { heading: string; instruction: string }[]
}

/** The template limits the server checks (docs/api.md "Summary templates"). */
export const TEMPLATE_LIMITS = { name: 80, sections: 20, heading: 100, instruction: 500 } as const

/** The built-ins every user has, with the ids that never change: offered before (or without) a first list. */
export const BUILTIN_TEMPLATES: Pick<SummaryTemplate, 'id' | 'name'>[] = [
  'General',
  'Meeting',
  'Lecture',
  'Interview',
  'One-on-one',
  'Call',
].map((name) => ({ id: name.toLowerCase(), name }))

export interface TemplateDraft {
  name: string
  sections: { heading: string; instruction: string }[]
}

/** What is wrong with a draft, by field ('name', 'sections', 'heading-<i>', 'instruction-<i>'); empty when it can be saved. */
export function templateProblems(d: TemplateDraft): Record<string, string> {
  const out: Record<string, string> = {}
  const L = TEMPLATE_LIMITS
  const name = d.name.trim()
  if (!name) out.name = 'Give the template a name.'
  else if ([...name].length > L.name) out.name = `The name can be at most ${L.name} characters.`
  if (d.sections.length === 0) out.sections = 'Add at least one section.'
  else if (d.sections.length > L.sections) out.sections = `A template can have at most ${L.sections} sections.`
  d.sections.forEach((s, i) => {
    const heading = s.heading.trim()
    if (!heading) out[`heading-${i}`] = 'Give this section a heading.'
    else if ([...heading].length > L.heading) out[`heading-${i}`] = `A heading can be at most ${L.heading} characters.`
    if ([...s.instruction.trim()].length > L.instruction)
      out[`instruction-${i}`] = `What belongs here can be at most ${L.instruction} characters.`
  })
  return out
}

const KEPT = 'pocket.templates'

/** Keeps the list read, for offline. */
export function keepTemplates(list: SummaryTemplate[]): void {
  try {
    localStorage.setItem(KEPT, JSON.stringify(list))
  } catch {
    // Private mode or a full storage: the list is just not kept offline.
  }
}

/** The last list read on this device, or null. */
export function keptTemplates(): SummaryTemplate[] | null {
  try {
    const raw = localStorage.getItem(KEPT)
    const list = raw ? (JSON.parse(raw) as unknown) : null
    return Array.isArray(list) ? (list as SummaryTemplate[]) : null
  } catch {
    return null
  }
}

/** Sign-out: no copy of another account's templates stays on the device. */
export function forgetKeptTemplates(): void {
  try {
    localStorage.removeItem(KEPT)
  } catch {
    // Nothing kept.
  }
}
