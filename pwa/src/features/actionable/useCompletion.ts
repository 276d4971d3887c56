import { useCallback, useMemo, useState } from 'react'
import type { Task } from '@/data/normalize/actions'

export type Completion = ReadonlyMap<string, boolean>

/** Every checkable item's starting state, keyed by its (unique) id. */
export function initialCompletion(tasks: Task[]): Completion {
  const m = new Map<string, boolean>()
  for (const t of tasks) {
    m.set(t.id, t.completed)
    for (const s of t.subtasks) {
      m.set(s.id, s.completed)
      for (const x of s.subSubtasks) m.set(x.id, x.completed)
    }
  }
  return m
}

/**
 * Sets an item's state; a subtask passes its state down to all its
 * sub-subtasks (spec §4). Pure, so the cascade is tested without rendering.
 */
export function setCompleted(state: Completion, tasks: Task[], id: string, done: boolean): Completion {
  const next = new Map(state)
  next.set(id, done)
  const subtask = tasks.flatMap((t) => t.subtasks).find((s) => s.id === id)
  for (const x of subtask?.subSubtasks ?? []) next.set(x.id, done)
  return next
}

/**
 * Local completion state for the Actionable tab: starts from the items'
 * flags, changes on click, never saved (spec §4). It restarts when different
 * tasks arrive (another recording), but not when a refetch hands over equal
 * tasks in new objects, so ticks survive a background refresh.
 */
export function useCompletion(tasks: Task[]) {
  const signature = useMemo(() => JSON.stringify(tasks), [tasks])
  const [state, setState] = useState(() => ({ signature, tasks, done: initialCompletion(tasks) }))
  const current = state.signature === signature ? state : { signature, tasks, done: initialCompletion(tasks) }
  if (current !== state) setState(current)
  const toggle = useCallback(
    (id: string, done: boolean) => setState((s) => ({ ...s, done: setCompleted(s.done, s.tasks, id, done) })),
    [],
  )
  return { done: current.done, toggle }
}
