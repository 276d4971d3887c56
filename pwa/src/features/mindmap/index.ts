export { MindMapTab, MindMapEmpty, type MindMapTabProps } from './MindMapTab'
export { MindMapViewer, type MindMapViewerProps } from './MindMapViewer'
export { prepareMindMap, usePrepareMindMap } from './prepare'
