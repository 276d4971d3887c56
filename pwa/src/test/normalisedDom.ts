/**
 * A DOM subtree as lines that two renderers of the same screen can be
 * compared by (the server's first paint and the app's components): one line
 * per element with its attributes sorted and its style read property by
 * property (so `a:b;c:d` and `a: b; c: d;` agree), one per run of text
 * (React's adjacent text nodes are one run, as the browser paints them),
 * indented by depth so a failing comparison's diff points at the element.
 * Comments are left out (React leaves none; markers are the server's).
 */
export function normalisedDom(root: Element): string[] {
  const lines: string[] = []
  const walk = (node: Node, depth: number) => {
    const indent = '  '.repeat(depth)
    if (node.nodeType === Node.TEXT_NODE) {
      lines.push(`${indent}${JSON.stringify(node.textContent)}`)
      return
    }
    if (!(node instanceof Element)) return
    lines.push(`${indent}<${node.localName}${attributes(node)}>`)
    node.childNodes.forEach((child) => walk(child, depth + 1))
  }
  const copy = root.cloneNode(true) as Element
  copy.normalize()
  walk(copy, 0)
  return lines
}

function attributes(el: Element): string {
  const pairs = [...el.attributes].map((a) => [a.name, a.name === 'style' ? styleOf(el) : a.value] as const)
  return pairs
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => ` ${name}=${JSON.stringify(value)}`)
    .join('')
}

function styleOf(el: Element): string {
  const style = (el as HTMLElement | SVGElement).style
  return Array.from({ length: style.length }, (_, i) => style.item(i))
    .map((p) => `${p}: ${style.getPropertyValue(p)}`)
    .join('; ')
}

/** Markup as the browser parses it, for normalisedDom. */
export function parsedMarkup(markup: string): HTMLElement {
  const holder = document.createElement('div')
  holder.innerHTML = markup
  return holder
}

/**
 * What a screen reader and a reader see of a subtree, in order: headings,
 * links (name and target), buttons (name and state), selects (label,
 * options, the chosen one starred), times, paragraphs and the words between
 * them; no classes, ids or decorative icons. For screens whose copy may be
 * built differently from the app's elements (an inert select, no React ids)
 * but must read the same.
 */
export function outline(root: Element): string[] {
  const lines: string[] = []
  const walk = (el: Element, depth: number) => {
    const indent = '  '.repeat(depth)
    let text = '' // a run of text nodes reads as one (React writes 'From {name}' as two)
    const endText = () => {
      const words = squeezed(text)
      if (words) lines.push(`${indent}${JSON.stringify(words)}`)
      text = ''
    }
    for (const node of el.childNodes) {
      if (node.nodeType === Node.TEXT_NODE) {
        text += node.textContent
        continue
      }
      endText()
      if (!(node instanceof Element) || hidden(node)) continue
      const line = outlineLine(node)
      if (line === null) walk(node, depth)
      else if (line !== '') {
        lines.push(indent + line)
        if (['header', 'p'].includes(node.localName)) walk(node, depth + 1)
      }
    }
    endText()
  }
  walk(root, 0)
  return lines
}

/** The element's own line ('' to leave it and its content out), or null to read through it. */
function outlineLine(el: Element): string | null {
  const tag = el.localName
  if (/^h[1-6]$/.test(tag)) return `heading ${tag[1]} ${JSON.stringify(nameOf(el))}`
  if (tag === 'a') return `link ${JSON.stringify(nameOf(el))} → ${el.getAttribute('href')}`
  if (tag === 'button') return `button ${JSON.stringify(nameOf(el))}${states(el)}`
  if (tag === 'time') return `time ${JSON.stringify(nameOf(el))} ${el.getAttribute('datetime') ?? '(no datetime)'}`
  if (tag === 'label') return ''
  if (tag === 'select') return selectLine(el as HTMLSelectElement)
  if (tag === 'header' || tag === 'p') return tag
  return null
}

function selectLine(select: HTMLSelectElement): string {
  const label = select.labels?.[0] ?? select.parentElement?.querySelector('label')
  const options = [...select.options].map((o) => `${o.text}${o.selected ? '*' : ''}`)
  return `select ${JSON.stringify(squeezed(label?.textContent))}: ${options.join(' | ')}`
}

function states(el: Element): string {
  return ['aria-haspopup', 'aria-expanded', 'aria-selected', 'aria-pressed']
    .filter((a) => el.hasAttribute(a))
    .map((a) => ` ${a}=${el.getAttribute(a)}`)
    .join('')
}

function nameOf(el: Element): string {
  const label = el.getAttribute('aria-label')
  if (label) return label
  const visible = (node: Node): string =>
    node.nodeType === Node.TEXT_NODE
      ? (node.textContent ?? '')
      : node instanceof Element && !hidden(node)
        ? [...node.childNodes].map(visible).join('')
        : ''
  return squeezed(visible(el))
}

function hidden(el: Element): boolean {
  return el.getAttribute('aria-hidden') === 'true' || el.hasAttribute('hidden') || el.localName === 'svg'
}

function squeezed(text: string | null | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ').trim()
}
