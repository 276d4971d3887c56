import { useMemo, type ReactNode } from 'react'
import { CheckLine, InlineMarkdown } from '@/ui/markdown'
import type { SummaryComponent } from '@/data/normalize/summary'

const UNKNOWN_COMPONENT = 'Unknown component type'

type CheckComponent = Extract<SummaryComponent, { type: 'li-check' }>
type Group = Exclude<SummaryComponent, CheckComponent> | CheckComponent[]

/**
 * A component-list summary. The page's h1 is the recording title, so the
 * summary's h1 renders as h2 and its h2 as h3. Consecutive check lines form
 * one list. Texts may carry inline markdown (bold, links), rendered safely.
 */
export function SummaryComponents({ components }: { components: SummaryComponent[] }) {
  const groups = useMemo(() => groupChecks(components), [components])
  return (
    <div className="summary-components">
      {groups.map((g, i) =>
        Array.isArray(g) ? (
          <ul key={i} className="summary-components__checks">
            {g.map((c) => (
              <li key={c.id}>
                <CheckLine initialChecked={c.completed}>
                  <InlineMarkdown text={c.text} />
                </CheckLine>
              </li>
            ))}
          </ul>
        ) : (
          <Component key={i} c={g} />
        ),
      )}
    </div>
  )
}

function groupChecks(components: SummaryComponent[]): Group[] {
  const out: Group[] = []
  for (const c of components) {
    const last = out[out.length - 1]
    if (c.type !== 'li-check') out.push(c)
    else if (Array.isArray(last)) last.push(c)
    else out.push([c])
  }
  return out
}

function Component({ c }: { c: Exclude<SummaryComponent, CheckComponent> }): ReactNode {
  switch (c.type) {
    case 'h1':
      return (
        <h2 className="summary-components__h1">
          <InlineMarkdown text={c.text} />
        </h2>
      )
    case 'h2':
      return (
        <h3 className="summary-components__h2">
          <InlineMarkdown text={c.text} />
        </h3>
      )
    case 'tldr':
      return (
        <p className="summary-components__tldr">
          <InlineMarkdown text={c.text} />
        </p>
      )
    case 'p':
      return (
        <p>
          <InlineMarkdown text={c.text} />
        </p>
      )
    case 'caption':
      return (
        <p className="summary-components__caption">
          <InlineMarkdown text={c.text} />
        </p>
      )
    case 'section':
    case 'ul':
      return (
        <div className={`summary-components__${c.type}`}>
          {c.text ? (
            <p>
              <InlineMarkdown text={c.text} />
            </p>
          ) : null}
          {c.items.length > 0 ? (
            <ul>
              {c.items.map((item, i) => (
                <li key={i}>
                  <InlineMarkdown text={item} />
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      )
    case 'unknown':
      return c.text ? (
        <p className="summary-components__unknown">
          <InlineMarkdown text={c.text} />
        </p>
      ) : (
        <p className="summary-components__note">{UNKNOWN_COMPONENT}</p>
      )
  }
}
