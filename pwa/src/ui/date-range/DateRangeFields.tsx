import { useId } from 'react'

/** A day range as date inputs give it: ISO dates (YYYY-MM-DD), '' for an open end. */
export interface DateRange {
  from: string
  to: string
}

/** An end before the start (both given): ISO dates compare as strings. */
export function isBadDateRange({ from, to }: DateRange): boolean {
  return from !== '' && to !== '' && to < from
}

interface Props {
  range: DateRange
  onChange: (range: DateRange) => void
  /** The fieldset's class (optional) and the alert's (the surrounding form's styles). */
  className?: string
  errorClassName: string
}

/**
 * "Recorded between" From and To date inputs, each bounding the other, and
 * an alert when the end comes before the start. The list's filters and the
 * Scope of Ask about all recordings both narrow by the day a recording was
 * made: one control, so they say and check it the same way.
 */
export function DateRangeFields({ range, onChange, className, errorClassName }: Props) {
  const errorId = useId()
  const bad = isBadDateRange(range)
  return (
    <fieldset className={className}>
      <legend>Recorded between</legend>
      <label>
        From
        <input
          type="date"
          value={range.from}
          max={range.to || undefined}
          onChange={(e) => onChange({ ...range, from: e.target.value })}
        />
      </label>
      <label>
        To
        <input
          type="date"
          value={range.to}
          min={range.from || undefined}
          aria-invalid={bad || undefined}
          aria-describedby={bad ? errorId : undefined}
          onChange={(e) => onChange({ ...range, to: e.target.value })}
        />
      </label>
      {bad && (
        <p id={errorId} className={errorClassName} role="alert">
          The end date must not be before the start date.
        </p>
      )}
    </fieldset>
  )
}
