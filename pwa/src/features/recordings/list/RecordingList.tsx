import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react'
import { defaultRangeExtractor, useWindowVirtualizer, type Range, type Virtualizer } from '@tanstack/react-virtual'
import { useWaitingEntityIds } from '@/data/sync/useOutbox'
import type { SearchMatch } from '@/data/normalize/searchMatch'
import { activeHeaderIndex, headerIndexes, type ListItem } from './listItems'
import { RecordingRowLink } from './RecordingRowLink'
import { Sentinel } from './Sentinel'
import { PRERENDER_ID } from '@/ui/prerenderCopy'

/** Fixed heights (CSS matches): no measuring, so 10,000 rows cost nothing until shown. */
const ROW_HEIGHT = 112
const HEADER_HEIGHT = 48

interface Props {
  items: ListItem[]
  /** Paging: omitted when everything is shown at once. */
  paging?: { hasMore: boolean; loading: boolean; onLoadMore: () => void }
  footer?: ReactNode
  /** Search results: where each row matched, shown under its title. */
  matches?: Map<string, SearchMatch>
}

/**
 * The grouped list, virtualised against the window's scroll: only the rows
 * near the viewport are in the DOM. The heading of the group at the top stays
 * stuck under the top bar (it is kept rendered even when its own slot has
 * scrolled away, as TanStack Virtual's sticky example does).
 */
export function RecordingList({ items, paging, footer, matches }: Props) {
  const listRef = useRef<HTMLDivElement>(null)
  const scrollMargin = useDocumentOffset(listRef)
  const headers = useMemo(() => headerIndexes(items), [items])
  const activeRef = useRef(0)
  // Edits waiting to be sent mark their row too (a queued question changes nothing else on it).
  const waiting = useWaitingEntityIds()

  // Read once: asking the window's size lays out a page with changes pending.
  const [initialRect] = useState(windowRect)

  const virtualizerRef = useRef<Virtualizer<Window, Element> | null>(null)
  const rangeExtractor = useCallback(
    (range: Range) => {
      // The row just below the stuck heading (not the one hidden under the
      // top bar) decides which day is shown.
      const v = virtualizerRef.current
      const probe = v
        ? v.getVirtualItemForOffset((v.scrollOffset ?? 0) + stickyTop(listRef.current) + HEADER_HEIGHT)
        : undefined
      activeRef.current = activeHeaderIndex(headers, probe?.index ?? range.startIndex)
      const indexes = new Set([activeRef.current, ...defaultRangeExtractor(range)])
      return [...indexes].sort((a, b) => a - b)
    },
    [headers],
  )

  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: (i) => (items[i]?.kind === 'header' ? HEADER_HEIGHT : ROW_HEIGHT),
    getItemKey: (i) => items[i]?.key ?? i,
    overscan: 8,
    // The window's size from the start (the default is 0 × 0): the first
    // render then holds the rows the screen shows, not a second one forced
    // from the commit once the window has been measured.
    initialRect,
    scrollMargin,
    rangeExtractor,
  })
  // eslint-disable-next-line react-hooks/refs -- rangeExtractor runs inside this render's getVirtualItems and needs the instance (the same one every render)
  virtualizerRef.current = virtualizer

  return (
    <>
      <div ref={listRef} className="vlist" style={{ height: virtualizer.getTotalSize() }}>
        {/* eslint-disable-next-line react-hooks/refs -- the virtualizer is no ref; it is only kept in one for rangeExtractor */}
        {virtualizer.getVirtualItems().map((v) => {
          const item = items[v.index]
          if (!item) return null
          const sticky = item.kind === 'header' && v.index === activeRef.current
          const style = sticky
            ? undefined
            : { transform: `translateY(${v.start - virtualizer.options.scrollMargin}px)`, height: v.size }
          return item.kind === 'header' ? (
            <h2
              key={v.key}
              className={sticky ? 'vlist__heading vlist__heading--sticky' : 'vlist__heading vlist__item'}
              style={style}
            >
              {item.label}
            </h2>
          ) : (
            <div key={v.key} className="vlist__item" style={style}>
              <RecordingRowLink
                row={waiting.has(item.row.id) ? { ...item.row, syncPending: true } : item.row}
                match={matches?.get(item.row.id)}
              />
            </div>
          )
        })}
      </div>
      {footer}
      {paging?.hasMore && <Sentinel onVisible={paging.onLoadMore} busy={paging.loading} />}
    </>
  )
}

/** How far below the viewport top headings stick (the phone top bar), from the CSS. */
function stickyTop(el: HTMLElement | null): number {
  if (!el) return 0
  return parseFloat(getComputedStyle(el).getPropertyValue('--sticky-top')) || 0
}

/**
 * The list's distance from the top of the document, which the window
 * virtualizer needs to know which rows are near the viewport (rows are
 * placed relative to the list, so they are drawn right without it).
 * Content above the list (an error box, a wrapped search bar) can move it on
 * any render, so it is re-read after each one, once painted: read in the
 * commit, it would make the browser lay the whole new page out inside that
 * task (a long one on a phone). A frame with the old value only picks the
 * overscan's edge rows a little off. Equal values are no-ops.
 */
function useDocumentOffset(ref: RefObject<HTMLElement | null>): number {
  const [offset, setOffset] = useState(paintedListOffset)
  // eslint-disable-next-line react-hooks/exhaustive-deps -- after every render, as said above; an equal offset is a no-op
  useEffect(() => {
    const el = ref.current
    if (el) setOffset(documentTop(el))
  })
  useEffect(() => {
    const measure = () => {
      const el = ref.current
      if (el) setOffset(documentTop(el))
    }
    window.addEventListener('resize', measure)
    return () => window.removeEventListener('resize', measure)
  }, [ref])
  return offset
}

function windowRect(): { width: number; height: number } {
  return typeof window === 'undefined'
    ? { width: 0, height: 0 }
    : { width: window.innerWidth, height: window.innerHeight }
}

/**
 * Where the list the HTML painted (see ui/prerenderHandoff) starts: this one
 * takes its place, so its first render places the rows right and the
 * measurement after it changes nothing (no second render of every row).
 */
function paintedListOffset(): number {
  const painted = typeof document === 'undefined' ? null : document.querySelector(`#${PRERENDER_ID} .vlist`)
  return painted ? documentTop(painted) : 0
}

/** How far below the top of the document the element starts, in whole CSS pixels. */
function documentTop(el: Element): number {
  return Math.round(el.getBoundingClientRect().top + window.scrollY)
}
