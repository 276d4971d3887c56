import { expect, type Page } from '@playwright/test'
import type { Rng } from './prng'

/**
 * What the UI showed as saved, by entity: after quiet the server must hold
 * exactly this. Each tab edits only its own recordings and folders, so the
 * last edit a tab made is the one that must win.
 */
export interface Expected {
  /** Recording id → title. */
  titles: Map<string, string>
  /** Recording id → folder id ('' for General). */
  filing: Map<string, string>
  /** Recording id → starred, once a tab toggled it. */
  starred: Map<string, boolean>
  /** Recording id → archived, once a tab toggled it. */
  archived: Map<string, boolean>
  /** speakerKey(recording id, speaker) → the name a tab gave that speaker. */
  speakers: Map<string, string>
  /** Folder id → name; null once deleted. */
  folders: Map<string, string | null>
  /** Recordings deleted for good. */
  deleted: Set<string>
}

/** A tab making edits: one page, the recordings it owns, the folders it made (alive). */
export interface Actor {
  name: string
  page: Page
  recordings: string[]
  folders: string[]
}

/** A UI step waits this long at most: a step that hangs under a fault is reported, not waited on. */
const STEP_MS = 15_000
const step = { timeout: STEP_MS }

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const main = (page: Page) => page.getByRole('main')
const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Sidebar' })
const folderLink = (page: Page, name: string) =>
  sidebar(page)
    .getByRole('region', { name: 'Folders' })
    .getByRole('link', { name: new RegExp(`^${escape(name)}, \\d+ recordings?`) })

/** Opens a recording the way a user does: the sidebar's Recordings, then its row. */
export async function openRecording(page: Page, id: string, title: string): Promise<void> {
  if (new URL(page.url()).pathname === `/recordings/${id}`) return
  await sidebar(page)
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Recordings', exact: true })
    .click(step)
  await main(page).getByRole('link', { name: title, exact: true }).click(step)
  await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible(step)
}

async function renameRecording(page: Page, title: string): Promise<void> {
  await page.getByRole('button', { name: 'Edit title' }).click(step)
  const box = page.getByRole('textbox', { name: 'Title' })
  await box.fill(title, step)
  await box.press('Enter', step)
  await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible(step)
}

/** Files the open recording in a folder (by id, '' for General); resolves with the id shown. */
async function fileIn(page: Page, folderId: string): Promise<void> {
  const picker = page.getByRole('combobox', { name: 'Folder' })
  await picker.selectOption(folderId, step)
  await expect(picker).toHaveValue(folderId, step)
}

/** "New folder…" in the recording's folder picker; resolves with the new folder's id. */
async function fileInNewFolder(page: Page, name: string): Promise<string> {
  const picker = page.getByRole('combobox', { name: 'Folder' })
  await picker.selectOption({ label: 'New folder…' }, step)
  const box = page.getByRole('textbox', { name: 'New folder name' })
  await box.fill(name, step)
  await box.press('Enter', step)
  await expect(picker.locator('option:checked')).toHaveText(name, step)
  return picker.inputValue(step)
}

const headerToggle = (page: Page, name: string) =>
  page.locator('.rec-header:visible').getByRole('button', { name, exact: true })

/** Presses the open recording's header toggle named `from`; resolves once it reads `to`, pressed as `on`. */
async function flip(page: Page, from: string, to: string, on: boolean): Promise<void> {
  await headerToggle(page, from).click(step)
  await expect(headerToggle(page, to)).toHaveAttribute('aria-pressed', String(on), step)
}

/** What the app says when an Undo came after the delete could be sent (DeleteRecordingButton). */
const TOO_LATE = 'Too late to undo: the recording was already deleted'

/**
 * Delete on the recording screen, then Undo in the toast: the row is back in
 * the list. Resolves 'missed' when the toast was gone before Undo could be
 * clicked (a busy machine), or 'too late' when the app said the Undo came too
 * late (the page was held up past the toast's time): the delete then stands,
 * as the user was told. An Undo that neither brings the row back nor says so
 * fails the step.
 */
async function deleteAndUndo(page: Page, title: string): Promise<'undone' | 'missed' | 'too late'> {
  await page.getByRole('button', { name: 'Delete', exact: true }).click(step)
  const deletedAt = Date.now()
  await expect(page).toHaveURL(/\/recordings$/, step)
  const undo = page.getByRole('status').filter({ hasText: 'Recording deleted' }).getByRole('button', { name: 'Undo' })
  // The toast closes at most DELETE_UNDO_MS (5 s) after the click: no longer worth waiting on.
  if (
    !(await undo.click({ timeout: 4_000 }).then(
      () => true,
      () => false,
    ))
  )
    return 'missed'
  const undoneAfter = Date.now() - deletedAt
  const back = main(page).getByRole('link', { name: title, exact: true })
  const tooLate = page.getByRole('alert').filter({ hasText: TOO_LATE })
  await expect(back.or(tooLate), `Undo clicked ${undoneAfter} ms after Delete`).toBeVisible(step)
  return (await tooLate.isVisible()) ? 'too late' : 'undone'
}

/** The sidebar's New folder dialog, at the top level; resolves with the id the app opened. */
async function createFolder(page: Page, name: string): Promise<string> {
  await sidebar(page).getByRole('region', { name: 'Folders' }).getByRole('button', { name: 'New folder' }).click(step)
  const dialog = page.getByRole('dialog', { name: 'New folder' })
  await dialog.getByRole('textbox', { name: 'Folder name' }).fill(name, step)
  await dialog.getByRole('combobox', { name: 'Inside' }).selectOption({ label: 'No parent (top level)' }, step)
  await dialog.getByRole('button', { name: 'Create folder' }).click(step)
  await expect(dialog).toBeHidden(step)
  await expect(page).toHaveURL(/[?&]folder=[0-9a-f-]{36}$/, step)
  return new URL(page.url()).searchParams.get('folder')!
}

async function openFolder(page: Page, id: string, name: string): Promise<void> {
  await folderLink(page, name).click(step)
  await expect(page).toHaveURL(new RegExp(`[?&]folder=${id}$`), step)
}

async function renameFolder(page: Page, to: string): Promise<void> {
  await main(page).getByRole('button', { name: 'Rename folder' }).click(step)
  const dialog = page.getByRole('dialog', { name: 'Rename folder' })
  await dialog.getByRole('textbox', { name: 'Folder name' }).fill(to, step)
  await dialog.getByRole('textbox', { name: 'Folder name' }).press('Enter', step)
  await expect(dialog).toBeHidden(step)
  await expect(folderLink(page, to)).toBeVisible(step)
}

async function deleteFolder(page: Page, name: string): Promise<void> {
  await main(page).getByRole('button', { name: 'Delete folder' }).click(step)
  await page
    .getByRole('dialog', { name: `Delete “${name}”?` })
    .getByRole('button', { name: 'Delete folder' })
    .click(step)
  await expect(page).toHaveURL(/\?folder=general$/, step)
  await expect(folderLink(page, name)).toHaveCount(0, step)
}

type Op =
  | 'rename'
  | 'nameSpeaker'
  | 'star'
  | 'archiveUndo'
  | 'file'
  | 'fileNew'
  | 'deleteUndo'
  | 'createFolder'
  | 'renameFolder'
  | 'deleteFolder'

/** The next edit, drawn so a tab keeps a few folders: more deletes once it has many. */
function drawOp(rng: Rng, actor: Actor): Op {
  const ops: Op[] = ['createFolder']
  if (actor.recordings.length > 0)
    ops.push('rename', 'rename', 'nameSpeaker', 'star', 'archiveUndo', 'deleteUndo', 'fileNew')
  if (actor.folders.length > 0) ops.push('renameFolder', 'deleteFolder')
  if (actor.folders.length > 0 && actor.recordings.length > 0) ops.push('file', 'file')
  if (actor.folders.length > 3) ops.push('deleteFolder', 'deleteFolder')
  return rng.pick(ops)
}

/** A recording no longer expected to hold anything (deleted, or counted lost). */
export function forget(expected: Expected, id: string): void {
  expected.titles.delete(id)
  expected.filing.delete(id)
  expected.starred.delete(id)
  expected.archived.delete(id)
  for (const speaker of SPEAKERS) expected.speakers.delete(speakerKey(id, speaker))
}

/** The speakers of every chaos recording's transcript, in order of first appearance. */
export const SPEAKERS = ['SPEAKER_00', 'SPEAKER_01'] as const

/** Where Expected.speakers keeps a recording's speaker's name. */
export const speakerKey = (recording: string, speaker: string) => `${recording} ${speaker}`

/** Names a speaker in the open recording's transcript ("Rename Speaker 2"); resolves once the name shows. */
async function nameSpeaker(page: Page, shown: string, to: string): Promise<void> {
  await page.getByRole('tab', { name: /^Transcript(ion)?$/ }).click(step)
  const speakers = page.getByRole('region', { name: 'Speakers' })
  await speakers.getByRole('button', { name: `Rename ${shown}`, exact: true }).click(step)
  const box = speakers.getByRole('combobox', { name: `Name for ${shown}`, exact: true })
  await box.fill(to, step)
  await box.press('Enter', step)
  await expect(speakers.getByRole('button', { name: `Rename ${to}`, exact: true })).toBeVisible(step)
}

/**
 * One edit through the UI, recorded in `expected` once the UI shows it.
 * `label` makes names unique across trials and tabs.
 */
export async function editOnce(actor: Actor, rng: Rng, expected: Expected, label: string): Promise<string> {
  const op = drawOp(rng, actor)
  const rec = actor.recordings.length ? rng.pick(actor.recordings) : ''
  const title = expected.titles.get(rec) ?? ''
  try {
    return await perform(op, actor, rng, expected, label, rec, title)
  } catch (error) {
    throw new Error(`${op} ${rec}: ${error instanceof Error ? error.message : String(error)}`)
  }
}

async function perform(
  op: Op,
  actor: Actor,
  rng: Rng,
  expected: Expected,
  label: string,
  rec: string,
  title: string,
): Promise<string> {
  const { page } = actor
  switch (op) {
    case 'rename': {
      const to = `${label} title`
      await openRecording(page, rec, title)
      await renameRecording(page, to)
      expected.titles.set(rec, to)
      return `rename ${rec} to “${to}”`
    }
    case 'nameSpeaker': {
      const index = rng.int(0, SPEAKERS.length - 1)
      const key = speakerKey(rec, SPEAKERS[index])
      const to = `${label} person`
      await openRecording(page, rec, title)
      await nameSpeaker(page, expected.speakers.get(key) ?? `Speaker ${index + 1}`, to)
      expected.speakers.set(key, to)
      return `name ${SPEAKERS[index]} of ${rec} “${to}”`
    }
    case 'star': {
      const on = !expected.starred.get(rec)
      await openRecording(page, rec, title)
      await (on ? flip(page, 'Star', 'Unstar', true) : flip(page, 'Unstar', 'Star', false))
      expected.starred.set(rec, on)
      return `${on ? 'star' : 'unstar'} ${rec}`
    }
    case 'archiveUndo': {
      // Archived, then back: two edits of one flag in a row, sent in order, each once. (An
      // archived recording leaves the list the tabs open recordings from, so it comes back.)
      await openRecording(page, rec, title)
      await flip(page, 'Archive', 'Unarchive', true)
      await flip(page, 'Unarchive', 'Archive', false)
      expected.archived.set(rec, false)
      return `archive ${rec} and unarchive`
    }
    case 'file': {
      const folder = rng.pick([...actor.folders, ''])
      await openRecording(page, rec, title)
      await fileIn(page, folder)
      expected.filing.set(rec, folder)
      return `file ${rec} in ${folder || 'General'}`
    }
    case 'fileNew': {
      const name = `${label} picked`
      await openRecording(page, rec, title)
      const id = await fileInNewFolder(page, name)
      actor.folders.push(id)
      expected.folders.set(id, name)
      expected.filing.set(rec, id)
      return `file ${rec} in new folder “${name}”`
    }
    case 'deleteUndo': {
      await openRecording(page, rec, title)
      const undo = await deleteAndUndo(page, title)
      if (undo === 'undone') return `delete ${rec} and undo`
      actor.recordings = actor.recordings.filter((r) => r !== rec)
      forget(expected, rec)
      expected.deleted.add(rec)
      return `delete ${rec} (Undo ${undo}: deleted)`
    }
    case 'createFolder': {
      const name = `${label} made`
      const id = await createFolder(page, name)
      actor.folders.push(id)
      expected.folders.set(id, name)
      return `create folder “${name}”`
    }
    case 'renameFolder': {
      const id = rng.pick(actor.folders)
      const to = `${label} renamed`
      await openFolder(page, id, expected.folders.get(id)!)
      await renameFolder(page, to)
      expected.folders.set(id, to)
      return `rename folder ${id} to “${to}”`
    }
    case 'deleteFolder': {
      const id = rng.pick(actor.folders)
      const name = expected.folders.get(id)!
      await openFolder(page, id, name)
      await deleteFolder(page, name)
      actor.folders = actor.folders.filter((f) => f !== id)
      expected.folders.set(id, null)
      for (const [r, f] of expected.filing) if (f === id) expected.filing.set(r, '')
      return `delete folder “${name}”`
    }
  }
}
