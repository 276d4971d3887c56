import { asArray, asObject, flag, isObject, text, unwrap, type LooseObject } from './loose'
import { v2Field, type Summarization } from './summarization'

export type Priority = 'CRITICAL' | 'HIGH' | 'MEDIUM' | 'LOW'

export const PRIORITIES: readonly Priority[] = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW']

const UNTITLED_TASK = 'Untitled Task'
const UNTITLED_SUBTASK = 'Untitled Subtask'
const UNTITLED_SUB_SUBTASK = 'Untitled Sub-subtask'

export interface SubSubtask {
  id: string
  title: string
  priority: Priority
  completed: boolean
}

export interface Subtask {
  id: string
  title: string
  priority: Priority
  completed: boolean
  subSubtasks: SubSubtask[]
}

export interface Task {
  id: string
  title: string
  description: string
  priority: Priority
  completed: boolean
  subtasks: Subtask[]
}

/**
 * The Actionable tab's tasks: `v2ActionItems`, then `actionItems`, then the v2
 * object's `actionItems` — the first one present is used (as pkg/loose does),
 * so an explicitly empty v2 list is not replaced by a stale legacy one.
 *
 * Accepts the four list shapes of spec §3 (`{version:'2', actionItems}`,
 * `{actionItems}`, `{items}`, an object whose values have `title` or `task`)
 * and a bare array, each possibly a JSON string. Priorities are resolved
 * (unknown → LOW; a missing one inherits from the parent), placeholders fill
 * blank titles, and every id is unique within the result.
 */
export function normalizeActionItems(summarization: Summarization | null): Task[] {
  if (!summarization) return []
  const list = [summarization.v2ActionItems, summarization.actionItems, v2Field(summarization, 'actionItems')].find(
    (v) => v !== undefined && v !== null,
  )
  const ids = new IdSet()
  return rawTasks(list).map((entry, i) => toTask(entry.value, entry.key ?? `task-${i + 1}`, ids))
}

interface Entry {
  value: LooseObject
  /** The map key in the object-of-tasks shape: the task's id when it has none. */
  key?: string
}

function rawTasks(raw: unknown, depth = 0): Entry[] {
  const v = unwrap(raw)
  if (depth > 2) return []
  if (Array.isArray(v)) return v.map(toEntry).filter((e): e is Entry => e !== null)
  if (!isObject(v)) return []
  const inner = v.actionItems ?? v.items
  if (inner !== undefined && inner !== null) return rawTasks(inner, depth + 1)
  // An object of tasks: values with a title or task; other members (version…) are skipped.
  return Object.entries(v).flatMap(([key, value]) => {
    const obj = asObject(value)
    return obj && (obj.title !== undefined || obj.task !== undefined) ? [{ value: obj, key }] : []
  })
}

function toEntry(raw: unknown): Entry | null {
  const v = unwrap(raw)
  if (typeof v === 'string') return v.trim() ? { value: { title: v } } : null
  return isObject(v) ? { value: v } : null
}

function toTask(raw: LooseObject, fallbackId: string, ids: IdSet): Task {
  const id = ids.claim(text(raw.id).trim() || fallbackId)
  const priority = ownPriority(raw.priority) ?? 'LOW'
  return {
    id,
    title: titleOf(raw, UNTITLED_TASK),
    description: text(raw.description).trim(),
    priority,
    completed: isCompleted(raw),
    subtasks: children(raw.subtasks).map((s, i) => toSubtask(s, `${id}.${i + 1}`, priority, ids)),
  }
}

function toSubtask(raw: LooseObject, fallbackId: string, parent: Priority, ids: IdSet): Subtask {
  const id = ids.claim(text(raw.id).trim() || fallbackId)
  const priority = ownPriority(raw.priority) ?? parent
  return {
    id,
    title: titleOf(raw, UNTITLED_SUBTASK),
    priority,
    completed: isCompleted(raw),
    subSubtasks: children(raw.subSubtasks ?? raw.sub_subtasks).map((s, i) => ({
      id: ids.claim(text(s.id).trim() || `${id}.${i + 1}`),
      title: titleOf(s, UNTITLED_SUB_SUBTASK),
      // The subtask's resolved priority is its own, else the task's: "subtask then task".
      priority: ownPriority(s.priority) ?? priority,
      completed: isCompleted(s),
    })),
  }
}

function children(raw: unknown): LooseObject[] {
  return (asArray(raw) ?? []).map(toEntry).flatMap((e) => (e ? [e.value] : []))
}

function titleOf(raw: LooseObject, placeholder: string): string {
  return text(raw.title ?? raw.task).trim() || text(raw.task).trim() || placeholder
}

function isCompleted(raw: LooseObject): boolean {
  return flag(raw.isCompleted ?? raw.completed)
}

/**
 * The item's own priority: a known level (any case), LOW for an unknown word,
 * undefined when absent so the caller can inherit.
 */
export function ownPriority(raw: unknown): Priority | undefined {
  const s = text(raw).trim().toUpperCase()
  if (s === '') return undefined
  return (PRIORITIES as readonly string[]).includes(s) ? (s as Priority) : 'LOW'
}

/** Hands out ids, suffixing repeats so React keys and checkbox state never collide. */
class IdSet {
  private used = new Set<string>()

  claim(wanted: string): string {
    let id = wanted
    for (let n = 2; this.used.has(id); n++) id = `${wanted}~${n}`
    this.used.add(id)
    return id
  }
}
