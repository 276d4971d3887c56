import { useRef, type KeyboardEvent, type ReactNode } from 'react'

export interface TabSpec<T extends string> {
  id: T
  label: string
  icon?: ReactNode
}

interface Props<T extends string> {
  tabs: TabSpec<T>[]
  selected: T
  onSelect: (id: T) => void
  /** Names the tab list for assistive technology. */
  label: string
  /** Prefix of element ids: tab `${idBase}-tab-${id}`, panel `${idBase}-panel-${id}`. */
  idBase: string
  className?: string
}

export const tabId = (idBase: string, id: string) => `${idBase}-tab-${id}`
export const panelId = (idBase: string, id: string) => `${idBase}-panel-${id}`

/**
 * A WAI-ARIA tab list with automatic activation: one tab in the Tab order
 * (the selected one), arrow keys move and select, Home and End jump.
 */
export function Tabs<T extends string>({ tabs, selected, onSelect, label, idBase, className }: Props<T>) {
  const refs = useRef(new Map<T, HTMLButtonElement>())

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((t) => t.id === selected)
    const target = nextIndex(event.key, index, tabs.length)
    if (target === null) return
    event.preventDefault()
    const next = tabs[target]!
    onSelect(next.id)
    refs.current.get(next.id)?.focus()
  }

  return (
    // eslint-disable-next-line jsx-a11y/interactive-supports-focus -- the tabs inside take focus (roving tabindex); the list only hears their arrow keys
    <div role="tablist" aria-label={label} aria-orientation="horizontal" className={className} onKeyDown={onKeyDown}>
      {tabs.map((tab) => {
        const isSelected = tab.id === selected
        return (
          <button
            key={tab.id}
            ref={(el) => {
              if (el) refs.current.set(tab.id, el)
              else refs.current.delete(tab.id)
            }}
            type="button"
            role="tab"
            id={tabId(idBase, tab.id)}
            aria-selected={isSelected}
            aria-controls={panelId(idBase, tab.id)}
            tabIndex={isSelected ? 0 : -1}
            className="tab"
            onClick={() => onSelect(tab.id)}
          >
            {tab.icon}
            <span className="tab__label">{tab.label}</span>
          </button>
        )
      })}
    </div>
  )
}

function nextIndex(key: string, index: number, count: number): number | null {
  switch (key) {
    case 'ArrowRight':
      return (index + 1) % count
    case 'ArrowLeft':
      return (index - 1 + count) % count
    case 'Home':
      return 0
    case 'End':
      return count - 1
    default:
      return null
  }
}
