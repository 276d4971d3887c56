import { useEffect, useState } from 'react'
import { useSearchParams } from 'wouter'
import { preloadableLazy } from '@/ui/preloadableLazy'
import { ALL_TABS, openingTab, type DetailTab } from './detailTab'
import { useIsDesktop } from './useIsDesktop'

/**
 * The recording screen's panels, each in a chunk of its own: the summary
 * (with the markdown parser), the actionable items, the mind map (with its
 * layout), the transcript and Ask Pocket (with the chat). A screen loads the
 * one it opens on before it draws, and the others once it has drawn, in
 * idle time, so a tab pressed later shows at once; the share link and the
 * owner's page download none of them before their first paint.
 */
export const SummaryTab = preloadableLazy(() =>
  import('@/features/summary/SummaryTab').then((m) => ({ default: m.SummaryTab })),
)
export const ActionableTab = preloadableLazy(() =>
  import('@/features/actionable/ActionableTab').then((m) => ({ default: m.ActionableTab })),
)
export const MindMapTab = preloadableLazy(() =>
  import('@/features/mindmap/MindMapTab').then((m) => ({ default: m.MindMapTab })),
)
export const TranscriptionTab = preloadableLazy(() =>
  import('@/features/transcription/TranscriptionTab').then((m) => ({ default: m.TranscriptionTab })),
)
export const AskPocketPanel = preloadableLazy(() => import('./panels').then((m) => ({ default: m.AskPocketPanel })))

type Lazy = { preload: () => Promise<unknown>; isLoaded: () => boolean }

/** What each tab draws with; the owner's Notes load on their own (OwnerEditsProvider). */
const CODE: Record<DetailTab, Lazy[]> = {
  summary: [SummaryTab],
  actionable: [ActionableTab],
  mindmap: [MindMapTab],
  transcription: [TranscriptionTab],
  highlights: [],
  notes: [],
  ask: [AskPocketPanel],
}
const EVERY_PANEL: Lazy[] = [SummaryTab, ActionableTab, MindMapTab, TranscriptionTab, AskPocketPanel]

/**
 * Whether the code of the tab the screen opens on has arrived (at once when
 * it had). While it has not, the screen shows its loading state, so a first
 * paint the server drew stays until the page can draw the same content over
 * it (ui/prerenderHandoff), rather than an empty panel. Once it has, the
 * other panels load in idle time.
 */
export function useTabCode(tab: DetailTab): boolean {
  const needed = CODE[tab]
  const isReady = failed.has(tab) || needed.every((c) => c.isLoaded())
  const [, setArrived] = useState(0)
  useEffect(() => {
    if (isReady) return afterIdle(() => EVERY_PANEL.forEach(preloadQuietly))
    let live = true
    const arrived = () => live && setArrived((n) => n + 1)
    Promise.all(needed.map((c) => c.preload())).then(arrived, () => {
      // A chunk that failed to load (a deploy replaced it): the screen draws, and the panel's
      // lazy component tries again, failing into the error boundary (app/reloadOnStaleChunk).
      failed.add(tab)
      arrived()
    })
    return () => {
      live = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the tab stands for its code
  }, [tab, isReady])
  return isReady
}

/**
 * Starts loading the code of the tab the URL opens on as the page starts,
 * while its data loads, rather than once the data is there. (The server's
 * pages for a recording preload the summary's from the HTML: prerender-plugin.ts.)
 */
export function usePreloadOpeningTab(): void {
  const [params] = useSearchParams()
  const [tab] = openingTab(params, ALL_TABS)
  const desktop = useIsDesktop()
  useEffect(() => {
    // A desktop shows Ask Pocket beside the tab (and the summary for ?tab=ask): its column
    // fills as soon as its chunk is here, so that starts now too, without holding the screen.
    const code = desktop ? [...CODE[tab === 'ask' ? 'summary' : tab], AskPocketPanel] : CODE[tab]
    code.forEach(preloadQuietly)
  }, [tab, desktop])
}

/** Tabs whose code failed to load: the screen stops waiting for it. */
const failed = new Set<DetailTab>()

/** Loads a panel's chunk ahead of its tab's first press; a failure is tried again on that press. */
function preloadQuietly(code: Lazy): void {
  code.preload().catch(() => {})
}

function afterIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: 2000 })
    return () => cancelIdleCallback(id)
  }
  const id = setTimeout(run, 200)
  return () => clearTimeout(id)
}
