import type { ReactNode } from 'react'
import type { DetailTab } from './detailTab'

function Icon({ d }: { d: string }) {
  return (
    <svg
      width="22"
      height="22"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={d} />
    </svg>
  )
}

/** Bottom tab bar icons (decorative: each tab is named by its label). */
export const TAB_ICONS: Record<DetailTab, ReactNode> = {
  summary: <Icon d="M5 4h14v16H5zM8 8h8M8 12h8M8 16h5" />,
  actionable: <Icon d="M4 6l2 2 3-3M4 13l2 2 3-3M12 7h8M12 14h8M12 20h8" />,
  mindmap: (
    <Icon d="M12 9a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM5 21a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5zM19 21a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5zM12 9v3M12 12l-6 4.5M12 12l6 4.5" />
  ),
  transcription: <Icon d="M4 6h16M4 10h16M4 14h10M4 18h7" />,
  highlights: <Icon d="M5 4h14v16H5zM8 11h8v3H8z" />,
  notes: <Icon d="M5 4h14v16H5zM8 8h4M8 12h8M8 16h8" />,
  ask: <Icon d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12zM9 10h6M9 14h4" />,
}
