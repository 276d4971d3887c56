import { PAN_STEP, ZOOM_MAX, ZOOM_MIN } from './constants'
import { CONTROL_LABELS } from './texts'

interface ViewerControlsProps {
  zoom: number
  onZoomIn: () => void
  onZoomOut: () => void
  onFit: () => void
  /** Moves the map by (dx, dy) screen pixels. */
  onPan: (dx: number, dy: number) => void
}

/**
 * Zoom buttons with the zoom level, a fit button and the four-direction pan
 * pad (spec: 250 units a press). At a limit the zoom button says so with
 * aria-disabled but keeps focus, so a keyboard user is not dropped to <body>.
 * "Pan up" shows what is above: the map itself moves down.
 */
export function ViewerControls({ zoom, onZoomIn, onZoomOut, onFit, onPan }: ViewerControlsProps) {
  const atMax = zoom >= ZOOM_MAX
  const atMin = zoom <= ZOOM_MIN
  return (
    <div className="mm-controls">
      <div className="mm-pad" role="group" aria-label="Pan">
        <PadButton label={CONTROL_LABELS.panUp} area="up" onClick={() => onPan(0, PAN_STEP)} path="M12 6l-6 7h12z" />
        <PadButton label={CONTROL_LABELS.panLeft} area="left" onClick={() => onPan(PAN_STEP, 0)} path="M6 12l7-6v12z" />
        <PadButton
          label={CONTROL_LABELS.panRight}
          area="right"
          onClick={() => onPan(-PAN_STEP, 0)}
          path="M18 12l-7-6v12z"
        />
        <PadButton
          label={CONTROL_LABELS.panDown}
          area="down"
          onClick={() => onPan(0, -PAN_STEP)}
          path="M12 18l-6-7h12z"
        />
      </div>
      <div className="mm-zoom" role="group" aria-label="Zoom">
        <button
          type="button"
          className="mm-control"
          aria-label={CONTROL_LABELS.zoomIn}
          aria-disabled={atMax}
          onClick={onZoomIn}
        >
          <Icon path="M11 6h2v5h5v2h-5v5h-2v-5H6v-2h5z" />
        </button>
        <output className="mm-zoom__level" aria-live="polite">
          {Math.round(zoom * 100)}%
        </output>
        <button
          type="button"
          className="mm-control"
          aria-label={CONTROL_LABELS.zoomOut}
          aria-disabled={atMin}
          onClick={onZoomOut}
        >
          <Icon path="M6 11h12v2H6z" />
        </button>
        <button type="button" className="mm-control" aria-label={CONTROL_LABELS.fit} onClick={onFit}>
          <Icon path="M4 4h6v2H6v4H4zm10 0h6v6h-2V6h-4zM4 14h2v4h4v2H4zm14 0h2v6h-6v-2h4z" />
        </button>
      </div>
    </div>
  )
}

function PadButton({ label, area, onClick, path }: { label: string; area: string; onClick: () => void; path: string }) {
  return (
    <button type="button" className={`mm-control mm-pad__${area}`} aria-label={label} onClick={onClick}>
      <Icon path={path} />
    </button>
  )
}

function Icon({ path }: { path: string }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={path} fill="currentColor" />
    </svg>
  )
}
