import { createRoot, type Root } from 'react-dom/client'
import { mindMapsOf } from '@/data/normalize/mindmap'
import { firstSummarization } from '@/data/normalize/summarization'
import { fixtureFiles } from '@/mocks/fixtures'
import { layoutMap } from '@/features/mindmap/layout'
import { MindMapTab } from '@/features/mindmap/MindMapTab'
import { titleMeasure } from '@/features/mindmap/measure'
import { prepareMindMap } from '@/features/mindmap/prepare'
import { mapTree } from '@/features/mindmap/tree'
import { settled } from '../../scripts/page-idle.mjs'
import { generateFlowMap } from '@/features/mindmap/generateFlowMap'
import '@/ui/styles.css'

/**
 * Bench and preview page for the mind map (not part of the app): renders the
 * tab for a generated map (?nodes=2000&seed=1) or a fixture (?fixture=09) and
 * records, in window.__bench:
 *  - firstPaintMs: from handing React the summarization (a JSON string, so
 *    parsing counts) to the end of the first frame that shows the map, the
 *    first time the page draws a mind map (cold code), started on an idle
 *    page; firstPaintWarmMs: the same for a second map of the same size;
 *  - prepareMs (with ?prepare): prepareMindMap run cold first, as the detail
 *    screen does in idle time; firstPaintMs then times the prepared map;
 *  - parseMs, treeMs, layoutMs: the pure stages alone (median of 5 warm runs, after paint);
 *  - pan(): frame-to-frame times (requestAnimationFrame deltas) during a
 *    scripted drag of the canvas, one pointermove per frame.
 */
declare global {
  interface Window {
    __bench?: {
      prepareMs: number
      firstPaintMs: number
      firstPaintWarmMs: number
      parseMs: number
      treeMs: number
      layoutMs: number
      nodes: number
      detailedCards: number
    }
    __pan?: (frames: number, dx: number, dy: number) => Promise<number[]>
    /** With ?manual: starts the run (so a profiler can be attached first). */
    __start?: () => Promise<void>
  }
}

const params = new URLSearchParams(location.search)
const fixture = params.get('fixture')
const generated = (seed: number) => ({
  mindMap: JSON.stringify({ type: 'flow', nodes: generateFlowMap(Number(params.get('nodes') ?? 2000), seed) }),
})
const summarization = fixture
  ? firstSummarization(fixtureFiles().find((f) => f.recording.id.startsWith(`rec_${fixture}_`))?.summarizations)
  : generated(Number(params.get('seed') ?? 1))

const nextPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))

/** Time from handing React the summarization to the end of the first frame showing it. */
async function timeFirstPaint(root: Root, value: Record<string, unknown> | null): Promise<number> {
  await nextPaint() // start from an idle page
  const start = performance.now()
  root.render(<MindMapTab key={Math.random()} summarization={value} />)
  await nextPaint()
  // Shows up as a span in a DevTools (or trace) recording of the page.
  performance.measure('mind map first paint', { start })
  return performance.now() - start
}

async function run() {
  const root = createRoot(document.getElementById('root')!)
  // In the app, React has rendered the shell, the list and the detail screen before the tab opens:
  // warm React itself up (not the mind map code) with a list of similar size first.
  root.render(
    <ul>
      {Array.from({ length: 400 }, (_, i) => (
        <li key={i}>Item {i}</li>
      ))}
    </ul>,
  )
  await nextPaint()
  // Then the screen the user opens the tab from: a heading, text and tab buttons in the app's styles, so
  // the page has shaped text in the app's font weights before (as the detail screen has), and tearing
  // down 400 list items is not timed as the map's.
  root.render(
    <section>
      <h2>Quarterly planning</h2>
      <p>The summary the user was reading.</p>
      <button className="button">Summary</button> <button className="button">Mind map</button>
    </section>,
  )
  await nextPaint()
  await settled()
  // With ?prepare: the detail screen ran usePrepareMindMap while the user read the summary.
  let prepareMs = 0
  if (params.has('prepare')) {
    const t0 = performance.now()
    prepareMindMap(summarization)
    prepareMs = performance.now() - t0
    await settled()
  }
  // Cold: the first mind map this page ever draws. Warm: another map of the same size drawn next.
  const firstPaintMs = await timeFirstPaint(root, summarization)
  const firstPaintWarmMs = fixture ? 0 : await timeFirstPaint(root, generated(Number(params.get('seed') ?? 1) + 1))

  // The pure stages alone, warm, median of 5: parsing the JSON string, building the tree, laying it out.
  const map = Object.values(mindMapsOf(summarization).maps)[0]
  const parse: number[] = []
  const tree: number[] = []
  const layout: number[] = []
  const repeats = params.has('paintonly') ? 0 : 5
  for (let i = 0; map && i < repeats; i++) {
    const t0 = performance.now()
    mindMapsOf(summarization)
    const t1 = performance.now()
    const t = mapTree(map)
    const t2 = performance.now()
    layoutMap(t, { measure: titleMeasure() })
    const t3 = performance.now()
    parse.push(t1 - t0)
    tree.push(t2 - t1)
    layout.push(t3 - t2)
  }
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0
  window.__bench = {
    prepareMs,
    firstPaintMs,
    firstPaintWarmMs,
    parseMs: median(parse),
    treeMs: median(tree),
    layoutMs: median(layout),
    nodes: map ? mapTree(map).size : 0,
    detailedCards: document.querySelectorAll('[role=treeitem]').length,
  }
}

window.__pan = async (frames, dx, dy) => {
  const el = document.querySelector<HTMLElement>('.mm-viewport')!
  const box = el.getBoundingClientRect()
  const at = (i: number) => ({
    clientX: box.left + box.width / 2 + (dx * i) / frames,
    clientY: box.top + box.height / 2 + (dy * i) / frames,
  })
  const fire = (type: string, i: number) =>
    el.dispatchEvent(
      new PointerEvent(type, { ...at(i), pointerId: 7, pointerType: 'mouse', button: 0, buttons: 1, bubbles: true }),
    )
  const deltas: number[] = []
  fire('pointerdown', 0)
  let last = await new Promise<number>((r) => requestAnimationFrame(r))
  for (let i = 1; i <= frames; i++) {
    fire('pointermove', i)
    const now = await new Promise<number>((r) => requestAnimationFrame(r))
    deltas.push(now - last)
    last = now
  }
  fire('pointerup', frames)
  return deltas
}

if (params.has('manual')) window.__start = run
else void run()
