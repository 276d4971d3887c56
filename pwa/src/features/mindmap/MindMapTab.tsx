import { Component, useMemo, useState, type ReactNode } from 'react'
import { EmptyState } from '@/ui/empty-state/EmptyState'
import { MIND_MAP_TYPES, defaultMindMapType, type MindMapType } from '@/data/normalize/mindmap'
import { speakerRenames } from '@/data/normalize/speakers'
import { MindMapViewer } from './MindMapViewer'
import { mapsFor } from './prepare'
import { TemplateSelector } from './TemplateSelector'
import { EMPTY_DESCRIPTION, EMPTY_TITLE } from './texts'
import './mindmap.css'

interface MindMapTabProps {
  /** The recording's first summarization, as given (maps may be JSON strings, under v2, …). */
  summarization: Record<string, unknown> | null
  /** The recording's speakers: renamed ones show their new name on the speaker map. */
  speakers?: unknown
}

/**
 * The Mind map tab (spec §2): the template selector when the data has more
 * than one map type, the chosen map in the viewer, or the empty state when
 * there is no usable map. Unknown types and broken maps were already dropped
 * by the normaliser; anything that still throws while drawing also ends in
 * the empty state rather than a broken screen.
 */
export function MindMapTab({ summarization, speakers }: MindMapTabProps) {
  const prepared = useMemo(() => mapsFor(summarization).maps, [summarization])
  const maps = useMemo(() => withSpeakerNames(prepared, speakerRenames(speakers)), [prepared, speakers])
  const types = MIND_MAP_TYPES.filter((t) => maps[t])
  const [chosen, setChosen] = useState<MindMapType | null>(null)
  const type = chosen && maps[chosen] ? chosen : defaultMindMapType(maps)
  const map = type ? maps[type] : undefined
  if (!type || !map) return <MindMapEmpty />
  const selector = types.length > 1 ? <TemplateSelector types={types} value={type} onChange={setChosen} /> : null
  // The selector stays outside the keyed viewer, so it keeps focus when a choice swaps the map.
  return (
    <div className="mm-tab">
      {selector}
      <DrawingErrorBoundary key={type} fallback={<MindMapEmpty />}>
        <MindMapViewer key={type} map={map} type={type} />
      </DrawingErrorBoundary>
    </div>
  )
}

/** The speaker map keyed by uploaded names, shown with the names the owner gave. */
function withSpeakerNames(maps: ReturnType<typeof mapsFor>['maps'], renames: ReadonlyMap<string, string>) {
  const speaker = maps.speaker
  if (speaker?.type !== 'speaker' || !speaker.speakers.some((s) => renames.has(s.name))) return maps
  return {
    ...maps,
    speaker: { ...speaker, speakers: speaker.speakers.map((s) => ({ ...s, name: renames.get(s.name) ?? s.name })) },
  }
}

function MindMapEmpty() {
  return <EmptyState animation="no_summarise" title={EMPTY_TITLE} description={EMPTY_DESCRIPTION} />
}

class DrawingErrorBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children
  }
}
