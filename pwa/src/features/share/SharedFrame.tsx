import type { ReactNode } from 'react'
import { MARKETING_URL } from '@/ui/brand'
import { Logo } from '@/ui/Logo'
import './share.css'

/**
 * The shared page around its content: the brand bar and the main column.
 * Also rendered at build time into shared-view.html (app/prerender), where the
 * server puts the recording in its main column for the first paint.
 */
export function SharedFrame({ children }: { children: ReactNode }) {
  return (
    <div className="shared">
      <header className="shared__header">
        <Logo size={28} title="Pocket" />
        <a className="button" href={MARKETING_URL} target="_blank" rel="noopener noreferrer">
          Get your Pocket
        </a>
      </header>
      <main className="shared__main">{children}</main>
    </div>
  )
}
