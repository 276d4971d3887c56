import { defaultMindMapType, mindMapsOf, type MindMap, type MindMaps } from '@/data/normalize/mindmap'
import { layoutMap, type MapLayout } from './layout'
import { titleMeasure } from './measure'
import { mapTree, type MapTree } from './tree'
import { visibleIndex } from './visibleIndex'

/**
 * Parsing, tree building and the first layout, memoised on the objects they
 * come from. The tab reads through these, so switching back to a template is
 * instant; and the detail screen can have the work done while the user still
 * reads the summary (usePrepareMindMap), so opening the tab only draws.
 */
const mapsCache = new WeakMap<object, MindMaps>()
const treeCache = new WeakMap<MindMap, MapTree>()
const layoutCache = new WeakMap<MapTree, MapLayout>()

export function mapsFor(summarization: Record<string, unknown> | null): MindMaps {
  if (!summarization) return mindMapsOf(null)
  let maps = mapsCache.get(summarization)
  if (!maps) mapsCache.set(summarization, (maps = mindMapsOf(summarization)))
  return maps
}

export function treeFor(map: MindMap): MapTree {
  let tree = treeCache.get(map)
  if (!tree) treeCache.set(map, (tree = mapTree(map)))
  return tree
}

/** The layout with every branch open (what the tab shows first). */
export function initialLayoutFor(tree: MapTree): MapLayout {
  let layout = layoutCache.get(tree)
  if (!layout) layoutCache.set(tree, (layout = layoutMap(tree, { measure: titleMeasure() })))
  return layout
}

/** Does the tab's first render's work now: parse, and lay out the map it will open with. */
export function prepareMindMap(summarization: Record<string, unknown> | null): void {
  const { maps } = mapsFor(summarization)
  const type = defaultMindMapType(maps)
  const map = type ? maps[type] : undefined
  if (!map) return
  const layout = initialLayoutFor(treeFor(map))
  visibleIndex(layout)
  // The first card is drawn in full even on a zoomed-out large map (it is the tree's tab stop):
  // wrapping its title now also gets the title font's measuring canvas ready.
  void layout.nodes[0]?.lines
}
