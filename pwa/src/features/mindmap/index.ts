export { MindMapTab } from './MindMapTab'
export { usePrepareMindMap } from './prepare'
