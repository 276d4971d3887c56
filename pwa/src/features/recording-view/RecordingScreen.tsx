import { lazy, Suspense, useState, type ReactNode } from 'react'
import { useSearchParams } from 'wouter'
import { flushSync } from 'react-dom'
import type { RecordingView } from '@/data/normalize/detail'
import { ReleasePrerender } from '@/ui/ReleasePrerender'
import { usePrepareMindMap } from '@/features/mindmap/usePrepareMindMap'
import { usePlayer } from '@/features/player/PlayerContext'
import { PlayerProvider } from '@/features/player/PlayerProvider'
import { useOwnerEdits } from './edit/ownerEdits'
import { LoadingScreen } from './LoadErrorScreen'
import { ActionableTab, AskPocketPanel, MindMapTab, SummaryTab, TranscriptionTab, useTabCode } from './tabCode'
import { RecordingHeader } from './RecordingHeader'
import { panelId, tabId, Tabs, type TabSpec } from './Tabs'
import { ALL_TABS, openingTab, OWNER_TABS, type DetailTab } from './detailTab'
import { TAB_ICONS } from './tabIcons'
import { useIsDesktop } from './useIsDesktop'
import { usePrinting } from '@/features/export/usePrintAll'
import './recording-view.css'

// The player's bar is loaded only for a recording with audio, once it is on screen.
const AudioPlayer = lazy(() => import('@/features/player/AudioPlayer').then((m) => ({ default: m.AudioPlayer })))
import '@/features/export/print.css'
// The owner's summary versions (Regenerate summary, the version switcher): loaded with the Summary tab.
const SummaryVersions = lazy(() => import('@/features/summary-versions/SummaryVersions'))

/** Desktop: the tabs on top; Ask Pocket is the side panel (spec §2). Notes only on the owner's screen. */
const DESKTOP_TABS: TabSpec<DetailTab>[] = [
  { id: 'summary', label: 'Summary' },
  { id: 'actionable', label: 'Actionable' },
  { id: 'mindmap', label: 'Mind map' },
  { id: 'transcription', label: 'Transcription' },
  { id: 'highlights', label: 'Highlights' },
  { id: 'notes', label: 'Notes' },
]
/** Mobile: the bottom tab bar, with the spec's shorter 'Transcript'. */
const MOBILE_TABS: TabSpec<DetailTab>[] = [
  { id: 'summary', label: 'Summary', icon: TAB_ICONS.summary },
  { id: 'actionable', label: 'Actionable', icon: TAB_ICONS.actionable },
  { id: 'mindmap', label: 'Mind map', icon: TAB_ICONS.mindmap },
  { id: 'transcription', label: 'Transcript', icon: TAB_ICONS.transcription },
  { id: 'highlights', label: 'Highlights', icon: TAB_ICONS.highlights },
  { id: 'notes', label: 'Notes', icon: TAB_ICONS.notes },
  { id: 'ask', label: 'Ask Pocket', icon: TAB_ICONS.ask },
]

interface Props {
  view: RecordingView
  backTo?: string
  actions?: ReactNode
  /** On the public shared page: chat goes through the share token. */
  shareToken?: string
}

/**
 * A loaded recording: header, tabs and panels, laid out for desktop or phone.
 * With audio, a player sits over every tab and the transcript follows it.
 * Inside OwnerEditsProvider (the owner's detail page) title, description and
 * speakers can be edited and questions are queued offline; elsewhere it is
 * read-only.
 */
export function RecordingScreen(props: Props) {
  const editable = useOwnerEdits() !== null
  const desktop = useIsDesktop()
  const [tab, , at] = useTabParam(ALL_TABS.filter((t) => shows(editable, t)))
  // The panel the screen opens on is drawn with its own code: until it has come, a first
  // paint from the HTML stays (the screen releases it below), else the loading screen shows.
  // Only that one: a tab pressed later whose code has not come yet waits in its own panel
  // (its Suspense), so the tabs, and the focus on them, stay.
  const [opening] = useState(tab)
  if (!useTabCode(desktop && opening === 'ask' ? 'summary' : opening)) return <LoadingScreen />
  return (
    <>
      <ReleasePrerender />
      {props.view.audio ? (
        <PlayerProvider recordingId={props.view.id} shareToken={props.shareToken} startAt={at}>
          <RecordingLayout {...props} />
        </PlayerProvider>
      ) : (
        <RecordingLayout {...props} />
      )}
    </>
  )
}

function RecordingLayout({ view, backTo, actions, shareToken }: Props) {
  const editable = useOwnerEdits() !== null
  const desktop = useIsDesktop()
  const [tab, selectTab, at] = useTabParam(ALL_TABS.filter((t) => shows(editable, t)))
  const shown: DetailTab = desktop && tab === 'ask' ? 'summary' : tab
  const idBase = `rec-${desktop ? 'd' : 'm'}`
  // Lay the mind map out in idle time while the summary is read, so opening
  // a large map's tab paints at once.
  usePrepareMindMap(view.summarization)
  // A chat answer's source opens the Transcription tab at that passage.
  // So does a link to the passage (?t= seconds), e.g. a library answer's citation.
  const [highlight, setHighlight] = useState<{ start: number } | undefined>(() =>
    at === null ? undefined : { start: at },
  )
  const player = usePlayer()
  const showSource = (start: number) => {
    setHighlight({ start })
    selectTab('transcription')
    player?.seek(start)
  }
  const chat = { shareToken, highlight, onShowSource: showSource, editable }
  const editId = editable ? view.id : undefined
  const panels = <Panels view={view} shown={shown} idBase={idBase} desktop={desktop} {...chat} />

  if (desktop) {
    return (
      <div className="detail detail--desktop">
        <div className="detail__main">
          <RecordingHeader header={view.header} desktop backTo={backTo} actions={actions} recordingId={editId} />
          <Tabs
            tabs={DESKTOP_TABS.filter((t) => shows(editable, t.id))}
            selected={shown}
            onSelect={selectTab}
            label="Recording"
            idBase={idBase}
            className="tabs tabs--top"
          />
          {player && (
            <Suspense fallback={null}>
              <AudioPlayer />
            </Suspense>
          )}
          {panels}
        </div>
        <aside className="detail__chat" aria-labelledby="ask-pocket-title">
          <h2 id="ask-pocket-title" className="detail__chat-title">
            Ask Pocket
          </h2>
          <Suspense fallback={null}>
            <AskPocketPanel.Component
              view={view}
              shareToken={shareToken}
              onShowSource={showSource}
              queueOffline={editable}
            />
          </Suspense>
        </aside>
      </div>
    )
  }
  return (
    <div className={player ? 'detail detail--mobile detail--with-player' : 'detail detail--mobile'}>
      {shown !== 'ask' && (
        <RecordingHeader header={view.header} desktop={false} backTo={backTo} actions={actions} recordingId={editId} />
      )}
      {panels}
      {player && (
        <Suspense fallback={null}>
          <AudioPlayer />
        </Suspense>
      )}
      <Tabs
        tabs={MOBILE_TABS.filter((t) => shows(editable, t.id))}
        selected={shown}
        onSelect={selectTab}
        label="Recording"
        idBase={idBase}
        className="tabs tabs--bottom"
      />
    </div>
  )
}

/** Whether the screen has tab t: the owner's tab only on the owner's screen. */
const shows = (editable: boolean, t: DetailTab) => editable || !OWNER_TABS.includes(t)

/** The panels a printed recording shows, whichever tab is selected. */
const PRINTED: DetailTab[] = ['summary', 'actionable', 'transcription']

interface ChatLink {
  editable: boolean
  shareToken?: string
  highlight?: { start: number }
  onShowSource: (start: number) => void
}

function Panels(props: { view: RecordingView; shown: DetailTab; idBase: string; desktop: boolean } & ChatLink) {
  const { view, shown, idBase, desktop, ...chat } = props
  // Panels mount on first visit and then stay (hidden), so ticked boxes and
  // scroll positions survive switching tabs.
  const [visited, setVisited] = useState<Set<DetailTab>>(() => new Set([shown]))
  if (!visited.has(shown)) setVisited(new Set(visited).add(shown))
  // Printing renders every panel the document shows (print.css hides the rest).
  const printing = usePrinting()
  if (printing && !PRINTED.every((t) => visited.has(t))) setVisited(new Set([...visited, ...PRINTED]))
  const tabs = ALL_TABS.filter((t) => shows(chat.editable, t) && !(desktop && t === 'ask'))
  return (
    <>
      {tabs.map((t) => (
        <div
          key={t}
          role="tabpanel"
          id={panelId(idBase, t)}
          aria-labelledby={tabId(idBase, t)}
          hidden={t !== shown}
          tabIndex={0}
          className={`detail__panel detail__panel--${t}`}
        >
          {visited.has(t) && (
            // A tab pressed before its code has come (it loads in idle time after the first draw).
            <Suspense fallback={<LoadingScreen label="Loading…" />}>
              <PanelContent tab={t} view={view} {...chat} />
            </Suspense>
          )}
        </div>
      ))}
    </>
  )
}

function PanelContent({
  tab,
  view,
  shareToken,
  highlight,
  onShowSource,
  editable,
}: { tab: DetailTab; view: RecordingView } & ChatLink) {
  const edits = useOwnerEdits()
  const renames = edits?.SpeakerRenames
  switch (tab) {
    case 'summary': {
      const summary = <SummaryTab.Component summary={view.summary} />
      if (!editable) return summary
      return (
        <Suspense fallback={summary}>
          <SummaryVersions recordingId={view.id} current={summary} />
        </Suspense>
      )
    }
    case 'actionable':
      return <ActionableTab.Component tasks={view.tasks} />
    case 'mindmap':
      return <MindMapTab.Component summarization={view.summarization} speakers={view.speakers} />
    case 'transcription':
      return (
        <TranscriptionTab.Component
          transcript={view.transcript}
          highlight={highlight}
          recordingId={view.id}
          renames={renames}
          highlighter={edits?.Panel}
        />
      )
    case 'highlights':
    case 'notes':
      return edits ? (
        <Suspense fallback={<p>Loading…</p>}>
          <edits.Panel recordingId={view.id} {...(tab === 'notes' && { note: view.note })} />
        </Suspense>
      ) : null
    case 'ask':
      return (
        <AskPocketPanel.Component
          view={view}
          shareToken={shareToken}
          onShowSource={onShowSource}
          queueOffline={editable}
        />
      )
  }
}

/**
 * The selected tab lives in ?tab= (replace navigation): a reload or Back keeps
 * it. ?t= (seconds) is a link to a passage: it opens the Transcription tab
 * unless a tab is named, and is dropped once another tab is chosen.
 */
function useTabParam(available: readonly DetailTab[]): [DetailTab, (tab: DetailTab) => void, number | null] {
  const [params, setParams] = useSearchParams()
  const [tab, at] = openingTab(params, available)
  const select = (next: DetailTab) =>
    // A tab responds in the frame after the click: rendered before the click's
    // handler returns, not in a later task.
    flushSync(() =>
      setParams(
        (prev) => {
          const out = new URLSearchParams(prev)
          if (next !== 'transcription') out.delete('t')
          if (next === 'summary') out.delete('tab')
          else out.set('tab', next)
          return out
        },
        { replace: true },
      ),
    )
  return [tab, select, at]
}
