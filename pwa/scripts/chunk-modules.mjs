// What each chunk of the app build is made of: builds the PWA as `npm run build` does, into a
// throwaway folder (server/web/dist is left alone), and lists the chunks whose file name matches
// the pattern with their gzipped size and their largest modules. A module's figure is its code
// before minification, gzipped alone: read them as shares of the chunk, they add up to more.
//   node pwa/scripts/chunk-modules.mjs              the vendor chunks
//   node pwa/scripts/chunk-modules.mjs RecordingScreen --top 30
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { gzipSync } from 'node:zlib'
import { build } from 'vite'

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '12' } },
})
const pattern = new RegExp(positionals[0] ?? '^assets/vendor-')
const top = Number(args.top)
const gz = (code) => gzipSync(code, { level: 9 }).length
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`.padStart(9)
// node_modules/<package>/... or the app's own path, whichever names the module best.
const shortName = (id) => id.replace(/^.*node_modules[\\/]/, '').replace(/^.*[\\/]pwa[\\/]src[\\/]/, 'src/')

const listModules = {
  name: 'pocket:chunk-modules',
  generateBundle(_options, bundle) {
    const chunks = Object.values(bundle).filter((c) => c.type === 'chunk' && pattern.test(c.fileName))
    for (const chunk of chunks.sort((a, b) => a.fileName.localeCompare(b.fileName))) {
      console.log(`\n${kb(gz(chunk.code))}  ${chunk.fileName}`)
      const modules = Object.entries(chunk.modules)
        .filter(([, m]) => m.code)
        .map(([id, m]) => ({ name: shortName(id), size: gz(m.code) }))
        .sort((a, b) => b.size - a.size)
      for (const m of modules.slice(0, top)) console.log(`${kb(m.size)}    ${m.name}`)
      if (modules.length > top) console.log(`             … and ${modules.length - top} more modules`)
    }
  },
}

const outDir = mkdtempSync(join(tmpdir(), 'pocket-chunks-'))
try {
  await build({
    configFile: fileURLToPath(new URL('../vite.config.ts', import.meta.url)),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
    plugins: [listModules],
  })
} finally {
  rmSync(outDir, { recursive: true, force: true })
}
