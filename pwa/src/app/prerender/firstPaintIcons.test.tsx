import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { ArchiveIcon, BackIcon, FolderIcon, PencilIcon, ShareIcon, StarIcon, SyncIcon, TrashIcon } from '@/ui/icons'
import goIcons from '../../../../pkg/firstpaint/icons.go?raw'

/**
 * The server draws the owner's recording header and the list's rows for a
 * first paint from the HTML (pkg/firstpaint/icons.go) with the app's icons
 * written out: they must stay the icons the app draws over them.
 */

describe("the server's copy of a recording's header and the list's rows", () => {
  it.each([
    ['Back', <BackIcon size={22} />],
    ['Edit', <PencilIcon size={18} />],
    ['Add description', <PencilIcon size={16} />],
    ['Share', <ShareIcon size={18} />],
    ['Delete', <TrashIcon size={18} />],
    ['folder', <FolderIcon />],
    ['waiting to sync', <SyncIcon label="Waiting to sync" size={18} />],
    ['Star', <StarIcon size={18} />],
    ['Archive', <ArchiveIcon size={18} />],
  ])('draws the %s icon as the app does', (_, icon) => {
    expect(goIcons).toContain(renderToStaticMarkup(icon))
  })
})
