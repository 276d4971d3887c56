import { useState, type ReactNode } from 'react'
import { Link, useLocation, useSearchParams } from 'wouter'
import { createFolder, setFolderTemplate } from '@/data/folders/edits'
import type { FolderEntry } from '@/data/folders/tree'
import { folderFilterKey, folderParam, useFolderOverview, type FolderOverview } from '@/data/folders/useFolders'
import { GENERAL_FOLDER } from '@/data/normalize/recording'
import { FolderIcon, SyncIcon } from '@/ui/icons'
import { loadWhenShown } from '@/ui/loadWhenShown'
import './folders.css'

// The New folder dialog loads after the sidebar has drawn, not with it.
const FolderFormDialog = loadWhenShown(() => import('./FolderFormDialog').then((m) => m.FolderFormDialog))

/**
 * The folders section of the sidebar: General and the user's folders,
 * nested, each a link that filters the list (?folder=), with how many
 * recordings it holds; "New folder" creates one (offline too).
 */
export function FolderNav({ onNavigate }: { onNavigate?: () => void }) {
  const overview = useFolderOverview()
  const [params] = useSearchParams()
  const [pathname, navigate] = useLocation()
  const [creating, setCreating] = useState(false)
  const current = pathname === '/recordings' ? folderFilterKey(params.get('folder')) : null

  const create = async (name: string, parentId: string, templateId: string) => {
    const folder = await createFolder(name, parentId)
    // Queued after the create, so the server applies it to the folder it has just made.
    if (templateId) await setFolderTemplate(folder.id, templateId)
    // Show the new folder: it is where the user will file recordings next.
    navigate(`/recordings?folder=${encodeURIComponent(folder.id)}`)
    onNavigate?.()
  }

  return (
    <section className="folder-nav" aria-labelledby="folder-nav-title">
      <div className="folder-nav__head">
        <h2 id="folder-nav-title" className="folder-nav__title">
          Folders
        </h2>
        <button
          type="button"
          className="button button--link folder-nav__new"
          onClick={() => setCreating(true)}
          disabled={!overview}
        >
          New folder
        </button>
      </div>
      {overview && (
        <ul className="folder-nav__list">
          <FolderLink
            name={GENERAL_FOLDER}
            filterKey=""
            count={overview.counts?.get('')}
            current={current}
            onNavigate={onNavigate}
          />
          <FolderLevel entries={overview.tree} overview={overview} current={current} onNavigate={onNavigate} />
        </ul>
      )}
      {creating && overview && (
        <FolderFormDialog
          mode="create"
          folders={overview.folders}
          defaultParentId={current && overview.folders.some((f) => f.id === current) ? current : ''}
          onSubmit={create}
          onClose={() => setCreating(false)}
        />
      )}
    </section>
  )
}

interface LevelProps {
  /** A depth-first slice: its shallowest entries are this level's folders. */
  entries: FolderEntry[]
  overview: FolderOverview
  current: string | null
  onNavigate?: () => void
}

/** One level of the tree as list items, each with its subfolders in a nested list. */
function FolderLevel({ entries, overview, current, onNavigate }: LevelProps) {
  const items = []
  for (let i = 0; i < entries.length;) {
    const entry = entries[i]!
    const sub = entries.slice(i + 1, i + 1 + entry.descendants)
    const { folder } = entry
    items.push(
      <FolderLink
        key={folder.id}
        name={folder.name}
        filterKey={folder.id}
        count={overview.counts?.get(folder.id) ?? (overview.counts ? 0 : undefined)}
        pending={overview.queued.has(folder.id)}
        current={current}
        onNavigate={onNavigate}
      >
        {sub.length > 0 && (
          <ul className="folder-nav__list folder-nav__list--nested">
            <FolderLevel entries={sub} overview={overview} current={current} onNavigate={onNavigate} />
          </ul>
        )}
      </FolderLink>,
    )
    i += 1 + entry.descendants
  }
  return <>{items}</>
}

interface LinkProps {
  name: string
  filterKey: string
  count: number | undefined
  pending?: boolean
  current: string | null
  onNavigate?: () => void
  children?: ReactNode
}

function FolderLink({ name, filterKey, count, pending, current, onNavigate, children }: LinkProps) {
  return (
    <li>
      <Link
        to={`/recordings?folder=${encodeURIComponent(folderParam(filterKey))}`}
        className="folder-nav__link"
        aria-current={current === filterKey ? 'page' : undefined}
        // One name however the browser joins the parts: "Work, 2 recordings, waiting to sync".
        aria-label={linkLabel(name, count, pending)}
        onClick={onNavigate}
      >
        <FolderIcon className="folder-nav__icon" />
        <span className="folder-nav__name">{name}</span>
        {count !== undefined && (
          <span className="folder-nav__count" aria-hidden="true">
            {count}
          </span>
        )}
        {pending && <SyncIcon className="folder-nav__sync" label="Waiting to sync" size={14} />}
      </Link>
      {children}
    </li>
  )
}

function linkLabel(name: string, count: number | undefined, pending?: boolean): string {
  const parts = [name]
  if (count !== undefined) parts.push(`${count} ${count === 1 ? 'recording' : 'recordings'}`)
  if (pending) parts.push('waiting to sync')
  return parts.join(', ')
}
