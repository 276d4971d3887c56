export { MindMapTab } from './MindMapTab'
export { usePrepareMindMap } from './usePrepareMindMap'
