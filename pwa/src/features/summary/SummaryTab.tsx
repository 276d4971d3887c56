import { Fragment, useMemo, type ReactNode } from 'react'
import { EmptyState } from '@/ui/empty-state/EmptyState'
import { Markdown } from '@/ui/markdown'
import type { SummaryContent } from '@/data/normalize/summary'
import { SummaryComponents } from './SummaryComponents'
import './summary.css'

interface SummaryTabProps {
  summary: SummaryContent | null
}

const NO_SUMMARY_TITLE = 'No Summary Available'
const NO_SUMMARY_TEXT =
  "This recording hasn't been summarized yet. Summaries are generated automatically for your recordings."

/** The Summary tab (spec §2): markdown blocks, components, plain text or sections. */
export function SummaryTab({ summary }: SummaryTabProps) {
  // Check lines keep local state; keyed by content, they restart for another
  // summary but survive a refetch that returns the same one in new objects.
  const key = useMemo(() => JSON.stringify(summary), [summary])
  if (!summary) return <EmptyState animation="no_summarise" title={NO_SUMMARY_TITLE} description={NO_SUMMARY_TEXT} />
  return (
    <div className="summary-tab" key={key}>
      {body(summary)}
    </div>
  )
}

function body(summary: SummaryContent) {
  switch (summary.kind) {
    case 'markdown':
      return (
        <Dividers
          items={summary.blocks.map((b) => (
            <Markdown source={b} />
          ))}
        />
      )
    case 'components':
      return <SummaryComponents components={summary.components} />
    case 'text':
      return <PlainText text={summary.text} />
    case 'sections':
      return (
        <Dividers
          items={summary.sections.map((s) => (
            <>
              {s.title ? <h2 className="summary-tab__section-title">{s.title}</h2> : null}
              {s.body ? <Markdown source={s.body} headingLevel={3} /> : null}
            </>
          ))}
        />
      )
  }
}

/** Blocks separated by dividers (spec: "split into blocks at level-2 headings with dividers"). */
function Dividers({ items }: { items: ReactNode[] }) {
  return (
    <>
      {items.map((item, i) => (
        <Fragment key={i}>
          {i > 0 ? <hr className="summary-tab__divider" /> : null}
          <section className="summary-tab__block">{item}</section>
        </Fragment>
      ))}
    </>
  )
}

/** Plain text keeps its paragraphs and line breaks; nothing in it is interpreted. */
function PlainText({ text }: { text: string }) {
  return (
    <div className="summary-tab__text">
      {text.split(/\n\s*\n/).map((para, i) => (
        <p key={i}>
          {para.split('\n').map((line, j) => (
            <Fragment key={j}>
              {j > 0 ? <br /> : null}
              {line}
            </Fragment>
          ))}
        </p>
      ))}
    </div>
  )
}
