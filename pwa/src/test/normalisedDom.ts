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
