import { useState } from 'react'
import type { MapLayout } from './layout'
import { download, mapToSvg, svgToPng } from './exportMap'
import { CONTROL_LABELS } from './texts'

interface ExportButtonsProps {
  layout: MapLayout
  /** Without extension: 'mind-map-flow'. */
  fileName: string
  /** Title inside the SVG file. */
  title: string
}

/** Download the map as it is now (collapsed branches included as collapsed) as PNG or SVG. */
export function ExportButtons({ layout, fileName, title }: ExportButtonsProps) {
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState(false)
  const run = async (format: 'png' | 'svg') => {
    setBusy(true)
    setFailed(false)
    try {
      const svg = mapToSvg(layout, title)
      const blob =
        format === 'svg' ? new Blob([svg], { type: 'image/svg+xml' }) : await svgToPng(svg, layout.width, layout.height)
      download(blob, `${fileName}.${format}`)
    } catch {
      setFailed(true)
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="mm-export" role="group" aria-label="Export">
      <button
        type="button"
        className="button mm-export__button"
        aria-label={CONTROL_LABELS.exportPng}
        aria-disabled={busy}
        onClick={() => !busy && void run('png')}
      >
        <DownloadIcon /> PNG
      </button>
      <button
        type="button"
        className="button mm-export__button"
        aria-label={CONTROL_LABELS.exportSvg}
        aria-disabled={busy}
        onClick={() => !busy && void run('svg')}
      >
        <DownloadIcon /> SVG
      </button>
      {failed ? (
        <p role="alert" className="mm-export__error">
          {CONTROL_LABELS.exportFailed}
        </p>
      ) : null}
    </div>
  )
}

function DownloadIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M11 4h2v8.2l3.1-3.1 1.4 1.4L12 16l-5.5-5.5 1.4-1.4 3.1 3.1zM5 18h14v2H5z" fill="currentColor" />
    </svg>
  )
}
