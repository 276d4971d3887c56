import { describe, expect, it } from 'vitest'
import { normalizeActionItems, ownPriority, PRIORITIES, type Task } from './actions'
import { fixtures, summarizationOf } from './testFixtures'

const tasksOf = (prefix: string) => normalizeActionItems(summarizationOf(prefix))
const byId = (tasks: Task[], id: string) => tasks.find((t) => t.id === id)
const allIds = (tasks: Task[]) =>
  tasks.flatMap((t) => [t.id, ...t.subtasks.flatMap((s) => [s.id, ...s.subSubtasks.map((x) => x.id)])])

// fixtures/README.md "Shape coverage": each list shape and the tasks it yields.
const EXPECTED_IDS: Record<string, string[]> = {
  '01': ['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7'], // (1) version 2
  '02': ['t1', 't2', 't3', 't4', 't5'], // (2), lower-case and missing priorities
  '03': ['i1', 'i2', 'i3'], // (3) items
  '04': ['a1', 'a2', 'a3'], // (4) object of values with title / task
  '05': ['n1', 'n2', 'n3', 'n4'], // legacy actionItems, (2)
  '08': [],
  '11': [],
  '15': [],
  '18': [],
  '19': [],
  '20': [],
  '24': [],
  '10': ['b1', 'b2', 'b3', 'b4', 'b5', 'b6'], // (4)
  '12': ['q1', 'q2', 'q3', 'q4', 'q5'], // v2 wins over the legacy items list
  '13': ['s1', 's2', 's3', 's4', 's5', 's6'], // (1) in legacy actionItems
  '25': ['r1', 'r2', 'r3'], // (4) with subtasks
}

describe('normalizeActionItems on every fixture', () => {
  it('reads the expected tasks from each list shape', () => {
    for (const [prefix, ids] of Object.entries(EXPECTED_IDS)) {
      expect(
        tasksOf(prefix).map((t) => t.id),
        prefix,
      ).toEqual(ids)
    }
  })

  it('gives every task a unique id, a title and a known priority in every file', () => {
    for (const prefix of fixtures.keys()) {
      const tasks = tasksOf(prefix)
      const ids = allIds(tasks)
      expect(new Set(ids).size, prefix).toBe(ids.length)
      for (const t of tasks) {
        expect(t.title, prefix).not.toBe('')
        expect(PRIORITIES).toContain(t.priority)
        for (const s of t.subtasks) for (const x of s.subSubtasks) expect(x.title).not.toBe('')
      }
    }
  })

  it('reads the nested v2 object (09) and titles from `task` (04, 25)', () => {
    expect(tasksOf('09')[0]).toMatchObject({
      id: 'k1',
      title: 'Book physiotherapy: 2×/week for 4 weeks',
      priority: 'HIGH',
    })
    expect(byId(tasksOf('04'), 'a2')?.title).toBe('Schedule final round if feedback is positive')
    expect(byId(tasksOf('25'), 'r1')).toMatchObject({
      title: 'Require review for config changes',
      description: 'Tom, by Wednesday.',
    })
  })

  it('resolves lower-case, missing and unknown priorities (02, 13)', () => {
    const leo = tasksOf('02')
    expect(leo.map((t) => t.priority)).toEqual(['HIGH', 'MEDIUM', 'MEDIUM', 'LOW', 'LOW'])
    expect(byId(tasksOf('13'), 's2')?.priority).toBe('LOW') // URGENT is not a level
    expect(byId(tasksOf('13'), 's3')?.priority).toBe('CRITICAL')
  })

  it("lets subtasks inherit the task priority and sub-subtasks the subtask's, then the task's", () => {
    const t3 = byId(tasksOf('02'), 't3')
    expect(t3?.subtasks.map((s) => s.priority)).toEqual(['MEDIUM', 'LOW']) // inherited, own
    const s1 = byId(tasksOf('13'), 's1')
    expect(s1?.subtasks[1]).toMatchObject({ id: 's1b', priority: 'HIGH' }) // inherited from s1
    expect(s1?.subtasks[1]?.subSubtasks.map((x) => x.priority)).toEqual(['LOW', 'LOW']) // own
    const r1a = byId(tasksOf('25'), 'r1')?.subtasks[0]
    expect(r1a?.subSubtasks.map((x) => x.priority)).toEqual(['MEDIUM', 'MEDIUM']) // from the subtask, not the task's HIGH
    const k1a = byId(tasksOf('09'), 'k1')?.subtasks[0]
    expect(k1a).toMatchObject({ priority: 'HIGH', subSubtasks: [{ priority: 'HIGH' }] }) // both from the task
  })

  it('fills the three placeholders for blank or missing titles (05, 13, 25)', () => {
    const n3 = byId(tasksOf('05'), 'n3')
    expect(n3?.subtasks.map((s) => s.title)).toEqual([
      'Confirm two months free with manager',
      'Add Spanish language roadmap details',
      'Untitled Subtask',
    ])
    expect(n3?.subtasks[1]?.subSubtasks[0]?.title).toBe('Untitled Sub-subtask')
    const sprint = tasksOf('13')
    expect(byId(sprint, 's4')).toMatchObject({
      title: 'Untitled Task',
      description: expect.stringMatching(/^CSV delimiter detection/),
    })
    expect(byId(sprint, 's2')?.subtasks[1]?.title).toBe('Untitled Subtask')
    expect(byId(sprint, 's1')?.subtasks[1]?.subSubtasks[1]?.title).toBe('Untitled Sub-subtask')
    expect(byId(tasksOf('25'), 'r1')?.subtasks[0]?.subSubtasks[1]?.title).toBe('Untitled Sub-subtask')
  })

  it('reads isCompleted and completed (05, 13, 25)', () => {
    expect(byId(tasksOf('05'), 'n1')?.completed).toBe(true)
    expect(byId(tasksOf('05'), 'n2')?.completed).toBe(false)
    expect(byId(tasksOf('13'), 's5')?.completed).toBe(true)
    expect(byId(tasksOf('25'), 'r3')?.completed).toBe(true)
    expect(byId(tasksOf('13'), 's2')?.subtasks[1]?.subSubtasks[0]?.completed).toBe(true)
  })
})

describe('normalizeActionItems edge cases', () => {
  const of = (v2ActionItems: unknown, extra: Record<string, unknown> = {}) =>
    normalizeActionItems({ v2ActionItems, ...extra })

  it('returns [] without a summarization or a list', () => {
    expect(normalizeActionItems(null)).toEqual([])
    expect(normalizeActionItems({})).toEqual([])
    for (const none of [null, 'oops', 5, {}, { version: '2' }]) expect(of(none)).toEqual([])
  })

  it('keeps an explicitly empty v2 list rather than a legacy one', () => {
    expect(of({ actionItems: [] }, { actionItems: { items: [{ title: 'stale' }] } })).toEqual([])
    expect(normalizeActionItems({ actionItems: { items: [{ title: 'legacy' }] } }).map((t) => t.title)).toEqual([
      'legacy',
    ])
    expect(normalizeActionItems({ v2: { actionItems: [{ title: 'nested' }] } }).map((t) => t.title)).toEqual(['nested'])
  })

  it('accepts a bare array, JSON strings and plain strings as tasks', () => {
    expect(of('[{"title":"A"}]').map((t) => t.title)).toEqual(['A'])
    expect(of('{"items":"[\\"Call Ana\\"]"}').map((t) => t.title)).toEqual(['Call Ana'])
  })

  it('skips members of an object of tasks that are not tasks', () => {
    expect(of({ version: '2', meta: { count: 2 }, x: { title: 'Real' } })).toMatchObject([{ id: 'x', title: 'Real' }])
  })

  it('makes missing ids stable and duplicate ids unique', () => {
    const raw = [
      { title: 'A', subtasks: [{ title: 'a', subSubtasks: [{ title: 'i' }] }] },
      { id: 'dup', title: 'B' },
      { id: 'dup', title: 'C' },
    ]
    const tasks = of(raw)
    expect(allIds(tasks)).toEqual(['task-1', 'task-1.1', 'task-1.1.1', 'dup', 'dup~2'])
    expect(of(raw)).toEqual(tasks)
  })

  it('defaults to LOW, reads priorities in any case and treats unknown words as LOW', () => {
    expect(ownPriority(undefined)).toBeUndefined()
    expect(ownPriority('  ')).toBeUndefined()
    expect(ownPriority('critical')).toBe('CRITICAL')
    expect(ownPriority('Urgent')).toBe('LOW')
    expect(of([{ title: 'x' }])[0]?.priority).toBe('LOW')
    expect(
      of([
        { title: 'x', priority: 'high', subtasks: [{ title: 's', priority: 'bogus', subSubtasks: [{ title: 'ss' }] }] },
      ])[0]?.subtasks[0],
    ).toMatchObject({
      priority: 'LOW',
      subSubtasks: [{ priority: 'LOW' }],
    })
  })

  it('reads completion flags given as strings', () => {
    expect(
      of([
        { title: 'x', isCompleted: 'true' },
        { title: 'y', completed: 'false' },
      ]).map((t) => t.completed),
    ).toEqual([true, false])
  })
})
