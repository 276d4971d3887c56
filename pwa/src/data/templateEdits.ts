import type { StoredTemplate } from './db'
import type { TemplateDraft } from './templates'

/*
 * The user's template edits, shown at once and queued for the server
 * through the outbox (so offline too), like folders' (data/folders/edits.ts).
 * Loaded with the template editor: the screens that list templates draw
 * without the outbox's engine.
 */

/** The sync engine (and the device store), loaded with the first edit. */
const sync = () => import('./sync')

/** A draft as the server keeps it (templates.Parse): text trimmed, a heading on one line. */
export function cleanDraft(d: TemplateDraft): TemplateDraft {
  return {
    name: d.name.trim(),
    sections: d.sections.map((s) => ({
      heading: s.heading.split(/\s+/).filter(Boolean).join(' '),
      instruction: s.instruction.trim(),
    })),
  }
}

/**
 * An id as the server makes them ("tpl_", the time in nanoseconds as 16 hex
 * digits, 8 random ones), so the user's templates list in the order they were
 * made on any device; made here so a template can be edited, deleted or named
 * by a folder before the server has seen it.
 */
export function newTemplateId(nowMs: number, uuid: string): string {
  const nanos = (BigInt(Math.floor(nowMs)) * 1_000_000n).toString(16).padStart(16, '0')
  return `tpl_${nanos}${uuid.replace(/-/g, '').slice(0, 8)}`
}

export async function createTemplate(d: TemplateDraft): Promise<StoredTemplate> {
  const { enqueue, getSync } = await sync()
  const { deps } = getSync()
  const now = deps.now()
  const id = newTemplateId(now, deps.uuid())
  const { name, sections } = cleanDraft(d)
  await enqueue({ op: { case: 'createTemplate', value: { id, name, sections } } })
  return { id, name, sections, createdAtMs: now, updatedAtMs: now }
}

export async function updateTemplate(id: string, d: TemplateDraft): Promise<void> {
  const { enqueue } = await sync()
  await enqueue({ op: { case: 'updateTemplate', value: { id, ...cleanDraft(d) } } })
}

/** Its folders name none after it, as the server does once it hears of the delete. */
export async function deleteTemplate(id: string): Promise<void> {
  const { enqueue } = await sync()
  await enqueue({ op: { case: 'deleteTemplate', value: { id } } })
}
