import { createServer, type Plugin, type Rollup } from 'vite'
import react from '@vitejs/plugin-react'
import { prerenderCopy } from './src/ui/prerenderCopy'

type OutputBundle = Rollup.OutputBundle
type OutputChunk = Rollup.OutputChunk

/**
 * Pre-renders the first screens into the HTML, so the first paint needs no
 * JavaScript. index.html gets the loading screen inside #root (React replaces
 * it with the same screen). login.html, served for /login to a visitor without
 * a session, gets the login screen in #prerender (see
 * src/ui/prerenderHandoff.ts) with the login route's CSS, and starts the app
 * only after that paint (login-boot.js): on a slow phone the HTML and CSS get
 * the network first. shared.html, recordings.html and recording.html preload
 * their screen's code (see ROUTE_PAGES); shared-view.html,
 * recording-view.html and recordings-view.html are frames the server fills
 * (see FILLED_PAGES). The markup comes from the real components, rendered by
 * src/app/prerender/render.tsx.
 */
export function prerenderFirstScreens(options: { root: string; alias: Record<string, string> }): Plugin {
  return {
    name: 'pocket:prerender',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_, bundle) {
      const index = bundle['index.html']
      if (index?.type !== 'asset') return this.error('prerender: index.html is not in the bundle')
      const entry = Object.values(bundle).find((c): c is OutputChunk => c.type === 'chunk' && c.isEntry)
      const loginRoute = chunkOf(bundle, '/features/auth/login/LoginPage.tsx')
      if (!entry || !loginRoute) return this.error('prerender: no entry or login route chunk')
      const html = String(index.source)
      const { login, loading, frames } = await renderScreens(options)
      index.source = fillRoot(html, `<div id="root">${loading}</div>`)

      // Each page paints its screen from the HTML and starts the app after that paint.
      const paintFirst = (fileName: string, routes: OutputChunk[], screen: string) => {
        const { files, css } = closure(bundle, entry, ...routes)
        const bootName = fileName.replace(/\.html$/, '-boot.js')
        const boot = this.getFileName(
          this.emitFile({ type: 'asset', name: bootName, source: bootScript(entry.fileName, [...files]) }),
        )
        const styles = [...css].filter((f) => !html.includes(`/${f}"`))
        const head = [
          ...styles.map((f) => `<link rel="stylesheet" href="/${f}">`),
          `<script defer src="/${boot}"></script>`,
        ]
        const source = addToHead(withoutScripts(fillRoot(html, `${prerenderCopy(screen)}${ROOT}`)), head)
        this.emitFile({ type: 'asset', fileName, source })
      }
      paintFirst('login.html', [loginRoute], login)
      for (const [fileName, { modules, frame, marker }] of Object.entries(FILLED_PAGES)) {
        const markup = frames[frame]
        if (!markup.includes(FRAME_SLOT)) return this.error(`prerender: the ${frame} frame has no slot`)
        paintFirst(fileName, chunksOf(bundle, modules), markup.replace(FRAME_SLOT, marker))
      }
      for (const [fileName, modules] of Object.entries(ROUTE_PAGES)) {
        this.emitFile({
          type: 'asset',
          fileName,
          source: withRoutePreloads(String(index.source), html, bundle, modules),
        })
      }
    },
  }
}

const ROOT = '<div id="root"></div>'

function fillRoot(html: string, replacement: string): string {
  if (!html.includes(ROOT)) throw new Error(`prerender: index.html has no ${ROOT}`)
  return html.replace(ROOT, replacement)
}

/**
 * Pages that are index.html plus preloads of what one screen's first load
 * runs (its route chunks and the data modules its cold start opens, see
 * src/app/coldStart.ts), each module's chunk with everything it imports.
 * The server picks them by route (server/web, forRoute): shared.html for a
 * share link, usually someone's first visit with nothing cached;
 * recordings.html and recording.html for the list and a recording when the
 * session marker says the visitor is signed in. The browser then fetches
 * those chunks as it reads the HTML, beside the entry, instead of the entry
 * inserting a link per chunk while it runs: on a 4× slowed CPU that made the
 * entry's task about 250 ms longer, and the list's Lighthouse LCP 3.6 → 3.2 s
 * (docs/benchmarks.md). Offline the service worker answers with index.html,
 * whose scripts its cache already holds.
 */
// A recording opens on its summary, drawn with the markdown parser: a chunk of its own
// (recording-view/tabCode.ts) the screen waits for, fetched here beside the page's.
const SUMMARY_TAB = '/features/summary/SummaryTab.tsx'
const SHARED_PAGE_MODULES = ['/features/share/SharedRecordingPage.tsx', SUMMARY_TAB]
const SIGNED_IN_SHELL = '/app/shell/AppShell.tsx'
const SIGNED_IN_PAGES: Record<string, string[]> = {
  'recordings.html': [SIGNED_IN_SHELL, '/features/recordings/RecordingsPage.tsx', '/data/profile.ts'],
  'recording.html': [
    SIGNED_IN_SHELL,
    '/features/recordings/RecordingDetailPage.tsx',
    '/data/device/live.ts',
    SUMMARY_TAB,
  ],
}
const ROUTE_PAGES: Record<string, string[]> = { 'shared.html': SHARED_PAGE_MODULES, ...SIGNED_IN_PAGES }

/**
 * Frames the server fills with a recording's title and summary
 * (server/web, pkg/firstpaint), so the page paints what it came for from the
 * HTML, and starts the app after that paint, as login.html does:
 * shared-view.html is the shared page's frame (a share link's first visit),
 * recording-view.html the signed-in shell's (the owner's recording, for a
 * visit with a page pass), recordings-view.html the list's (its first rows).
 * The slot is a text React renders into the frame at build time, swapped for
 * the page's marker.
 */
const FRAME_SLOT = 'pocket-frame-slot'
const FILLED_PAGES: Record<string, { modules: string[]; frame: 'shared' | 'recording' | 'list'; marker: string }> = {
  'shared-view.html': { modules: SHARED_PAGE_MODULES, frame: 'shared', marker: '<!--pocket:shared-view-->' },
  'recording-view.html': {
    modules: SIGNED_IN_PAGES['recording.html'],
    frame: 'recording',
    marker: '<!--pocket:recording-view-->',
  },
  'recordings-view.html': {
    modules: SIGNED_IN_PAGES['recordings.html'],
    frame: 'list',
    marker: '<!--pocket:recordings-view-->',
  },
}

/**
 * The pages only the server answers with (a signed-in visit without a
 * service worker, a filled frame): the worker must not precache them, or
 * Workbox's clean-URL matching would answer /recordings with recordings.html,
 * passing over the list kept for a cold start (sw/sw.ts).
 */
export const SERVER_ONLY_PAGES = [...Object.keys(SIGNED_IN_PAGES), 'recording-view.html', 'recordings-view.html']

/**
 * Styles are preloaded, not linked, so they do not hold the first paint (the
 * loading screen) back. Both are CORS requests with same-origin credentials,
 * as Vite's own imports and stylesheet links are, so those take the preloaded
 * copies.
 */
function withRoutePreloads(index: string, html: string, bundle: OutputBundle, modules: string[]): string {
  const { files, css } = closure(bundle, ...chunksOf(bundle, modules))
  const fresh = (f: string) => !html.includes(`/${f}"`)
  const scripts = [...files].filter(fresh).map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`)
  const styles = [...css].filter(fresh).map((f) => `<link rel="preload" as="style" crossorigin href="/${f}">`)
  return addToHead(index, [...scripts, ...styles])
}

/** login.html loads its code through login-boot.js instead. */
function withoutScripts(html: string): string {
  return html
    .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
}

function addToHead(html: string, tags: string[]): string {
  return html.replace('</head>', `${tags.map((t) => `  ${t}\n`).join('')}  </head>`)
}

/**
 * Once the browser reports the first contentful paint (the pre-rendered screen
 * on the glass), run the app's entry and preload the page's route code. At
 * once in a hidden tab (it paints nothing), and after a second at the latest
 * (no paint timing). The preload links go in a few per task: inserting a
 * link costs a few milliseconds on a slow phone, and thirty of them in one
 * task blocked the page for 100 ms (pwa/scripts/profile-tasks.mjs); the
 * entry's own imports start meanwhile. A file, not an inline script: the
 * CSP allows only 'self'.
 */
function bootScript(entry: string, files: string[]): string {
  const urls = JSON.stringify([...new Set(files)].filter((f) => f !== entry).map((f) => `/${f}`))
  return `(()=>{let started=false
const start=()=>{if(started)return;started=true
import(${JSON.stringify(`/${entry}`)})
const rest=${urls}
const step=()=>{for(const href of rest.splice(0,${PRELOADS_PER_TASK})){const l=document.createElement('link');l.rel='modulepreload';l.href=href;document.head.append(l)}
if(rest.length)setTimeout(step)}
step()}
if(document.visibilityState==='hidden')return start()
try{new PerformanceObserver((list,o)=>{if(list.getEntriesByName('first-contentful-paint').length){o.disconnect();start()}}).observe({type:'paint',buffered:true})}catch{}
setTimeout(start,1000)})()
`
}

const PRELOADS_PER_TASK = 4

/** What src/app/prerender/render.tsx exports: each screen rendered to HTML. */
interface PrerenderModule {
  renderLoginScreen(): string
  renderLoadingScreen(): string
  renderSharedFrame(slot: string): string
  renderRecordingFrame(slot: string): string
  renderListFrame(slot: string): string
}

async function renderScreens({ root, alias }: { root: string; alias: Record<string, string> }) {
  const server = await createServer({
    configFile: false,
    root,
    logLevel: 'warn',
    resolve: { alias },
    plugins: [react()],
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  })
  try {
    const mod = (await server.ssrLoadModule('/src/app/prerender/render.tsx')) as PrerenderModule
    return {
      login: mod.renderLoginScreen(),
      loading: mod.renderLoadingScreen(),
      frames: {
        shared: mod.renderSharedFrame(FRAME_SLOT),
        recording: mod.renderRecordingFrame(FRAME_SLOT),
        list: mod.renderListFrame(FRAME_SLOT),
      },
    }
  } finally {
    await server.close()
  }
}

/** The chunk a module was bundled into (its own, or a group's such as signed-in). */
function chunkOf(bundle: OutputBundle, moduleSuffix: string): OutputChunk | undefined {
  return Object.values(bundle).find(
    (c): c is OutputChunk => c.type === 'chunk' && c.moduleIds.some((id) => id.endsWith(moduleSuffix)),
  )
}

/** The chunks holding modules, each once; a module in no chunk is a build error. */
function chunksOf(bundle: OutputBundle, modules: string[]): OutputChunk[] {
  return [
    ...new Set(
      modules.map((module) => {
        const chunk = chunkOf(bundle, module)
        if (!chunk) throw new Error(`prerender: no chunk holds ${module}`)
        return chunk
      }),
    ),
  ]
}

/** Chunks with everything they import statically: their code files and stylesheets, each once, in order. */
function closure(bundle: OutputBundle, ...chunks: OutputChunk[]): { files: Set<string>; css: Set<string> } {
  const files = new Set<string>()
  const css = new Set<string>()
  const visit = (c: OutputChunk) => {
    if (files.has(c.fileName)) return
    files.add(c.fileName)
    for (const f of c.viteMetadata?.importedCss ?? []) css.add(f)
    for (const f of c.imports) {
      const next = bundle[f]
      if (next?.type === 'chunk') visit(next)
    }
  }
  chunks.forEach(visit)
  return { files, css }
}
