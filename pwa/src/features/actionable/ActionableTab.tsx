import { useId } from 'react'
import { EmptyState } from '@/ui/empty-state/EmptyState'
import type { SubSubtask, Subtask, Task } from '@/data/normalize/actions'
import { PriorityBadge } from './Priority'
import { PRIORITY_COLORS } from './priorityColors'
import { useCompletion, type Completion } from './useCompletion'
import './actionable.css'

interface ActionableTabProps {
  tasks: Task[]
}

const NO_ACTION_ITEMS_TITLE = 'No Action Items'
const NO_ACTION_ITEMS_TEXT = 'No actionable tasks were identified in this recording.'

type Toggle = (id: string, done: boolean) => void

/** The Actionable tab (spec §2): tasks with priority, subtasks and local checkboxes. */
export function ActionableTab({ tasks }: ActionableTabProps) {
  const { done, toggle } = useCompletion(tasks)
  if (tasks.length === 0) {
    return <EmptyState animation="no_action" title={NO_ACTION_ITEMS_TITLE} description={NO_ACTION_ITEMS_TEXT} />
  }
  return (
    <ul className="tasks">
      {tasks.map((t) => (
        <TaskCard key={t.id} task={t} done={done} toggle={toggle} />
      ))}
    </ul>
  )
}

function TaskCard({ task, done, toggle }: { task: Task; done: Completion; toggle: Toggle }) {
  const titleId = useId()
  // A task with subtasks is done through them: it has no checkbox of its own (spec §4).
  const checkable = task.subtasks.length === 0
  const isDone = done.get(task.id) ?? task.completed
  return (
    <li
      className={checkable ? 'task task--checkable' : 'task'}
      style={{ borderLeftColor: PRIORITY_COLORS[task.priority] }}
      aria-labelledby={titleId}
    >
      <div className="task__head">
        {checkable ? (
          <Check
            id={task.id}
            label={task.title}
            labelId={titleId}
            checked={isDone}
            onChange={toggle}
            className="task__title"
          />
        ) : (
          <span id={titleId} className={isDone ? 'task__title item--done' : 'task__title'}>
            {task.title}
          </span>
        )}
        <PriorityBadge priority={task.priority} />
      </div>
      {task.description ? <p className="task__description">{task.description}</p> : null}
      {task.subtasks.length > 0 ? (
        <ul className="subtasks">
          {task.subtasks.map((s) => (
            <SubtaskRow key={s.id} subtask={s} done={done} toggle={toggle} />
          ))}
        </ul>
      ) : null}
    </li>
  )
}

function SubtaskRow({ subtask, done, toggle }: { subtask: Subtask; done: Completion; toggle: Toggle }) {
  const titleId = useId()
  return (
    <li className="subtask" aria-labelledby={titleId}>
      <div className="subtask__head">
        <Check
          id={subtask.id}
          label={subtask.title}
          labelId={titleId}
          checked={done.get(subtask.id) ?? subtask.completed}
          onChange={toggle}
        />
        <PriorityBadge priority={subtask.priority} compact />
      </div>
      {subtask.subSubtasks.length > 0 ? (
        <ul className="subtasks subtasks--nested">
          {subtask.subSubtasks.map((x: SubSubtask) => (
            <li key={x.id} className="subtask">
              <div className="subtask__head">
                <Check id={x.id} label={x.title} checked={done.get(x.id) ?? x.completed} onChange={toggle} />
                <PriorityBadge priority={x.priority} compact />
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  )
}

interface CheckProps {
  id: string
  label: string
  labelId?: string
  checked: boolean
  onChange: Toggle
  className?: string
}

/** A real checkbox with its title as the label; a done title is struck through and muted. */
function Check({ id, label, labelId, checked, onChange, className }: CheckProps) {
  const inputId = useId()
  return (
    <span className={checked ? 'check item--done' : 'check'}>
      <input id={inputId} type="checkbox" checked={checked} onChange={(e) => onChange(id, e.target.checked)} />
      <label id={labelId} htmlFor={inputId} className={className}>
        {label}
      </label>
    </span>
  )
}
