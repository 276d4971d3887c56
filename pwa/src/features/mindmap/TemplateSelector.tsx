import { useEffect, useId, useRef, useState } from 'react'
import type { MindMapType } from '@/data/normalize/mindmap'
import {
  CONTROL_LABELS,
  MIND_MAP_DESCRIPTIONS,
  MIND_MAP_LABELS,
  TEMPLATE_PANEL_SUBTITLE,
  TEMPLATE_PANEL_TITLE,
} from './texts'

interface TemplateSelectorProps {
  /** Types present in the data, in spec order. */
  types: readonly MindMapType[]
  value: MindMapType
  onChange: (type: MindMapType) => void
}

/**
 * The template button and its panel (spec §2): title, subtitle and one choice
 * per type present. Focus goes to the current choice on open and back to the
 * button on close (Escape, a click outside, or a choice).
 */
export function TemplateSelector({ types, value, onChange }: TemplateSelectorProps) {
  const [open, setOpen] = useState(false)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const panelRef = useRef<HTMLDivElement>(null)
  const id = useId()
  const close = (refocus: boolean) => {
    setOpen(false)
    if (refocus) buttonRef.current?.focus()
  }

  useEffect(() => {
    if (!open) return
    panelRef.current?.querySelector<HTMLButtonElement>('[aria-pressed="true"]')?.focus()
    const onPointerDown = (e: PointerEvent) => {
      const target = e.target as Node
      if (!panelRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open])

  return (
    <div className="mm-template">
      <button
        ref={buttonRef}
        type="button"
        className="button mm-template__button"
        aria-label={CONTROL_LABELS.templateButtonPrefix + MIND_MAP_LABELS[value]}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? `${id}-panel` : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        {MIND_MAP_LABELS[value]}
        <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M7 10l5 5 5-5z" fill="currentColor" />
        </svg>
      </button>
      {open ? (
        // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape from any of the dialog's controls closes it
        <div
          ref={panelRef}
          id={`${id}-panel`}
          className="mm-template__panel"
          role="dialog"
          aria-labelledby={`${id}-title`}
          aria-describedby={`${id}-subtitle`}
          onKeyDown={(e) => {
            if (e.key !== 'Escape') return
            e.stopPropagation()
            close(true)
          }}
        >
          <div className="mm-template__head">
            <h2 id={`${id}-title`} className="mm-template__title">
              {TEMPLATE_PANEL_TITLE}
            </h2>
            <button
              type="button"
              className="icon-button"
              aria-label={CONTROL_LABELS.closePanel}
              onClick={() => close(true)}
            >
              <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path
                  d="M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6 10.6 12 5 6.4z"
                  fill="currentColor"
                />
              </svg>
            </button>
          </div>
          <p id={`${id}-subtitle`} className="mm-template__subtitle">
            {TEMPLATE_PANEL_SUBTITLE}
          </p>
          <ul className="mm-template__choices">
            {types.map((type) => (
              <li key={type}>
                <button
                  type="button"
                  className="mm-template__choice"
                  aria-pressed={type === value}
                  onClick={() => {
                    onChange(type)
                    close(true)
                  }}
                >
                  <span className="mm-template__label">{MIND_MAP_LABELS[type]}</span>
                  <span className="mm-template__description">{MIND_MAP_DESCRIPTIONS[type]}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  )
}
