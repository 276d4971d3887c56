import type { MindMapType } from '@/data/normalize/mindmap'

/** User-visible texts of the Mind map tab. Those from spec §2 are exact; the rest are ours. */

export const MIND_MAP_LABELS: Readonly<Record<MindMapType, string>> = {
  flow: 'Flow map',
  context: 'Context map',
  cluster: 'Cluster map',
  speaker: 'Speaker map',
}

export const MIND_MAP_DESCRIPTIONS: Readonly<Record<MindMapType, string>> = {
  flow: 'Maps conversations as they unfold.',
  context: 'Adds depth with key details.',
  cluster: 'Groups ideas by similarity.',
  speaker: 'Organizes by speaker.',
}

export const TEMPLATE_PANEL_TITLE = 'Choose mind map template'
export const TEMPLATE_PANEL_SUBTITLE = 'Choose the best match for your needs.'

export const EMPTY_TITLE = 'No Mind Map Available'
export const EMPTY_DESCRIPTION = 'Mind maps help visualize key concepts and relationships from your recordings.'

export const CONTROL_LABELS = {
  zoomIn: 'Zoom in',
  zoomOut: 'Zoom out',
  fit: 'Fit to screen',
  panUp: 'Pan up',
  panDown: 'Pan down',
  panLeft: 'Pan left',
  panRight: 'Pan right',
  exportPng: 'Export as PNG',
  exportSvg: 'Export as SVG',
  canvas: 'Mind map canvas',
  canvasHint:
    'Drag or use the arrow keys to pan, plus and minus to zoom, 0 to fit. Tab into the map to move between nodes with the arrow keys; Enter collapses or expands a branch.',
  templateButtonPrefix: 'Mind map template: ',
  closePanel: 'Close',
  exportFailed: 'The mind map could not be exported.',
} as const

/** 'Collapsed, 4 hidden' style suffix for a collapsed node's tooltip. */
export const hiddenNote = (count: number) => `${count} hidden ${count === 1 ? 'node' : 'nodes'}`
