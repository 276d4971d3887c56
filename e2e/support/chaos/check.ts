import type { APIRequestContext, Page } from '@playwright/test'
import { forget, speakerKey, SPEAKERS, type Actor, type Expected } from './actors'

/** A recording as the chaos trials edit it. */
export interface RecordingCopy {
  title: string
  folderId: string
  starred: boolean
  archived: boolean
  /** The speakers' given names, by speaker ('' for none). */
  speakers: Record<string, string>
}

/** A library as one side holds it: recordings and folders (name) by id. */
export interface Library {
  recordings: Map<string, RecordingCopy>
  folders: Map<string, string>
}

export interface DeviceCopy extends Library {
  /** Outbox rows still there (pending or refused). */
  outbox: Array<{ status: string; kind: string; entityId: string; attempts: number; error?: unknown }>
}

/** The IndexedDB rows `readDevice` reads, as far as it reads them. */
interface StoredRows {
  recordings: {
    id: string
    folderId?: string
    data?: { title?: string; folder?: { id?: string }; starred?: boolean; archived?: boolean }
    /** The speakers member as sync last gave it (JSON text; '' for none). */
    speakersJson?: string
  }
  folders: { id: string; name: string }
  outbox: DeviceCopy['outbox'][number]
}

export interface Counts {
  lost: number
  duplicated: number
  stuck: number
  diverged: number
}

/** What the device holds, read straight from the app's IndexedDB ('pocket'), as the app stores it. */
export async function readDevice(page: Page): Promise<DeviceCopy> {
  const raw = await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('pocket')
      open.onsuccess = () => resolve(open.result)
      open.onerror = () => reject(open.error ?? new Error('indexedDB.open failed'))
    })
    const all = <K extends keyof StoredRows>(store: K) =>
      new Promise<StoredRows[K][]>((resolve, reject) => {
        const req = db.transaction(store).objectStore(store).getAll()
        req.onsuccess = () => resolve(req.result as StoredRows[K][])
        req.onerror = () => reject(req.error ?? new Error(`reading ${store} failed`))
      })
    try {
      const [recordings, folders, outbox] = await Promise.all([all('recordings'), all('folders'), all('outbox')])
      return {
        recordings: recordings.map(
          (r) =>
            [
              r.id,
              {
                title: r.data?.title ?? '',
                folderId: r.folderId ?? r.data?.folder?.id ?? '',
                starred: r.data?.starred === true,
                archived: r.data?.archived === true,
                speakersJson: r.speakersJson ?? '',
              },
            ] as const,
        ),
        folders: folders.map((f) => [f.id, f.name] as const),
        outbox: outbox.map((o) => ({
          status: o.status,
          kind: o.kind,
          entityId: o.entityId,
          attempts: o.attempts,
          error: o.error,
        })),
      }
    } finally {
      db.close()
    }
  })
  const recordings = new Map(
    raw.recordings.map(
      ([id, { speakersJson, ...r }]) => [id, { ...r, speakers: namesOf(parse(speakersJson)) }] as const,
    ),
  )
  return { recordings, folders: new Map(raw.folders), outbox: raw.outbox }
}

function parse(json: string): unknown {
  try {
    return json.trim() === '' ? {} : (JSON.parse(json) as unknown)
  } catch {
    return { unreadable: json }
  }
}

/** The given names in a speakers member ({SPEAKER_00: {speakerProfile: {name}}}), by speaker. */
function namesOf(speakers: unknown): Record<string, string> {
  const names: Record<string, string> = {}
  const all = (speakers ?? {}) as Record<string, { speakerProfile?: { name?: unknown } } | null>
  for (const speaker of SPEAKERS) {
    const name = all[speaker]?.speakerProfile?.name
    names[speaker] = typeof name === 'string' ? name : ''
  }
  return names
}

interface ServerRow {
  id: string
  title: string
  folder?: { id?: string; name?: string } | null
  folder_id?: string
  folderId?: string
  starred?: boolean
  archived?: boolean
}

const tokens = new WeakMap<APIRequestContext, string>()

/** The user's bearer token, refreshed from the session cookie once and again when refused. */
async function idToken(request: APIRequestContext, base: string, fresh = false): Promise<string> {
  const kept = tokens.get(request)
  if (kept && !fresh) return kept
  const refreshed = await request.post(`${base}/api/v1/auth/refresh`)
  if (!refreshed.ok()) throw new Error(`refresh: ${refreshed.status()} ${await refreshed.text()}`)
  const { idToken: token } = (await refreshed.json()) as { idToken: string }
  tokens.set(request, token)
  return token
}

/** What the server holds, through its REST API as the signed-in user; duplicates counted on the way. */
export async function readServer(request: APIRequestContext, base: string): Promise<Library & { duplicated: number }> {
  const data = async <T>(path: string): Promise<T> => {
    let res = await request.get(`${base}${path}`, {
      headers: { Authorization: `Bearer ${await idToken(request, base)}` },
    })
    if (res.status() === 401)
      res = await request.get(`${base}${path}`, {
        headers: { Authorization: `Bearer ${await idToken(request, base, true)}` },
      })
    if (!res.ok()) throw new Error(`${path}: ${res.status()}`)
    return ((await res.json()) as { data: T }).data
  }
  const [rows, folders] = await Promise.all([
    data<ServerRow[]>('/api/v1/recordings/dashboard?limit=100'),
    data<Array<{ id: string; name: string }>>('/api/v1/folders'),
  ])
  // The list carries no speakers: each recording's detail does.
  const speakers = new Map(
    await Promise.all(
      rows.map(
        async (r) =>
          [r.id, namesOf((await data<{ speakers?: unknown }>(`/api/v1/recordings/${r.id}`)).speakers)] as const,
      ),
    ),
  )
  const byName = new Map(folders.map((f) => [f.name, f.id]))
  const folderOf = (r: ServerRow) =>
    r.folder?.id ?? r.folder_id ?? r.folderId ?? (r.folder?.name ? byName.get(r.folder.name) : '') ?? ''
  const duplicated =
    rows.length -
    new Set(rows.map((r) => r.id)).size +
    (folders.length - new Set(folders.map((f) => f.name.toLowerCase())).size)
  return {
    recordings: new Map(
      rows.map((r) => [
        r.id,
        {
          title: r.title,
          folderId: folderOf(r),
          starred: r.starred === true,
          archived: r.archived === true,
          speakers: speakers.get(r.id) ?? {},
        },
      ]),
    ),
    folders: new Map(folders.map((f) => [f.id, f.name])),
    duplicated,
  }
}

/** The differences between a device's copy and the server's, in words (empty: equal). */
export function differences(device: Library, server: Library): string[] {
  const out: string[] = []
  for (const [id, s] of server.recordings) {
    const d = device.recordings.get(id)
    if (!d) out.push(`recording ${id} missing`)
    else if (JSON.stringify(d) !== JSON.stringify(s))
      out.push(`recording ${id}: device ${JSON.stringify(d)}, server ${JSON.stringify(s)}`)
  }
  for (const id of device.recordings.keys())
    if (!server.recordings.has(id)) out.push(`recording ${id} only on the device`)
  for (const [id, name] of server.folders)
    if (device.folders.get(id) !== name) out.push(`folder ${id}: device ${device.folders.get(id)}, server ${name}`)
  for (const id of device.folders.keys()) if (!server.folders.has(id)) out.push(`folder ${id} only on the device`)
  return out
}

/** The edits the UI showed as saved that the server does not hold, in words. */
export function losses(expected: Expected, server: Library): string[] {
  const out: string[] = []
  for (const [id, title] of expected.titles) {
    const s = server.recordings.get(id)
    if (!s) out.push(`recording ${id} gone`)
    else if (s.title !== title) out.push(`recording ${id} titled “${s.title}”, expected “${title}”`)
  }
  for (const [id, folder] of expected.filing) {
    const s = server.recordings.get(id)
    if (s && s.folderId !== folder) out.push(`recording ${id} in “${s.folderId}”, expected “${folder}”`)
  }
  for (const [flag, values] of [
    ['starred', expected.starred],
    ['archived', expected.archived],
  ] as const)
    for (const [id, on] of values) {
      const s = server.recordings.get(id)
      if (s && s[flag] !== on) out.push(`recording ${id} ${flag} ${s[flag]}, expected ${on}`)
    }
  for (const [key, name] of expected.speakers) {
    const [id, speaker] = key.split(' ')
    const s = server.recordings.get(id)
    if (s && s.speakers[speaker] !== name)
      out.push(`recording ${id}: ${speaker} named “${s.speakers[speaker]}”, expected “${name}”`)
  }
  for (const id of expected.deleted) if (server.recordings.has(id)) out.push(`deleted recording ${id} still there`)
  for (const [id, name] of expected.folders) {
    const s = server.folders.get(id)
    if (name === null && s !== undefined) out.push(`deleted folder ${id} (“${s}”) still there`)
    if (name !== null && s !== name)
      out.push(`folder ${id} ${s === undefined ? 'missing' : `named “${s}”`}, expected “${name}”`)
  }
  return out
}

/** After a trial is counted, the model starts the next one from what the server holds. */
export function adoptServer(expected: Expected, actors: Actor[], server: Library): void {
  for (const id of expected.titles.keys()) {
    const s = server.recordings.get(id)
    if (s) {
      expected.titles.set(id, s.title)
      expected.filing.set(id, s.folderId)
      if (expected.starred.has(id)) expected.starred.set(id, s.starred)
      if (expected.archived.has(id)) expected.archived.set(id, s.archived)
      for (const speaker of SPEAKERS)
        if (expected.speakers.has(speakerKey(id, speaker)))
          expected.speakers.set(speakerKey(id, speaker), s.speakers[speaker])
    } else {
      // Counted as lost once; not edited again.
      forget(expected, id)
    }
  }
  expected.deleted.clear()
  for (const id of expected.folders.keys()) if (!server.folders.has(id)) expected.folders.delete(id)
  for (const [id, name] of server.folders) if (expected.folders.has(id)) expected.folders.set(id, name)
  for (const a of actors) {
    a.folders = a.folders.filter((id) => server.folders.has(id))
    a.recordings = a.recordings.filter((id) => server.recordings.has(id))
  }
}
