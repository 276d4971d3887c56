#!/usr/bin/env node
/**
 * Keeps the web app's module graph layered:
 *  - no import cycles (a cycle makes load order, and so what is undefined at
 *    start-up, depend on which module happens to be imported first);
 *  - no cycles between feature folders either: two features that import each
 *    other are one feature in two places (what both need belongs in a third);
 *  - nothing outside the shell folder imports from it: the shell (routes,
 *    providers, guards) sits on top of features, data and the UI kit, never
 *    beneath them. Only the entry point and the test harness, which assemble
 *    the whole app, may reach into it.
 *
 *   node pwa/scripts/check-imports.mjs
 *
 * Exits 1 and prints each cycle (a → b → a) and each upward import. Imports
 * are read and resolved with the TypeScript compiler (type-only and dynamic
 * imports included: they are edges of the graph as much as the others);
 * packages and files outside the checked folders are not followed.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve, sep } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import ts from 'typescript'

const SOURCE = /\.(ts|tsx|mts|mjs|js|jsx)$/

/** Every source file under `dir` (absolute paths), declaration files excluded. */
function sourceFiles(dir) {
  const out = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') out.push(...sourceFiles(path))
    } else if (SOURCE.test(entry.name) && !/\.d\.m?ts$/.test(entry.name)) {
      out.push(path)
    }
  }
  return out
}

/** The modules `file` imports that are themselves among `files` (absolute paths). */
function importsOf(file, files, options) {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
  const found = new Set()
  for (const { fileName } of importedFiles) {
    const { resolvedModule } = ts.resolveModuleName(fileName, file, options, ts.sys)
    const target = resolvedModule && resolve(resolvedModule.resolvedFileName)
    if (target && files.has(target)) found.add(target)
  }
  return [...found]
}

/** Strongly connected components of more than one module, or of one that imports itself (Tarjan). */
function cyclicComponents(graph) {
  const index = new Map()
  const low = new Map()
  const stack = []
  const onStack = new Set()
  const components = []
  let next = 0
  const visit = (v) => {
    index.set(v, next)
    low.set(v, next++)
    stack.push(v)
    onStack.add(v)
    for (const w of graph.get(v)) {
      if (!index.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v), low.get(w)))
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v), index.get(w)))
      }
    }
    if (low.get(v) !== index.get(v)) return
    const component = []
    let w
    do {
      w = stack.pop()
      onStack.delete(w)
      component.push(w)
    } while (w !== v)
    if (component.length > 1 || graph.get(v).includes(v)) components.push(component)
  }
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v)
  return components
}

/** One cycle through the component's first module, as a path that ends where it starts. */
function cycleIn(component, graph) {
  const members = new Set(component)
  const start = [...component].sort()[0]
  const path = [start]
  const seen = new Set([start])
  const walk = (v) => {
    for (const w of graph.get(v)) {
      if (!members.has(w)) continue
      if (w === start) return [...path, start]
      if (seen.has(w)) continue
      seen.add(w)
      path.push(w)
      const found = walk(w)
      if (found) return found
      path.pop()
    }
    return null
  }
  return walk(start)
}

const inside = (file, dir) => file === dir || file.startsWith(dir + sep)

/**
 * The problems of the tree described by `config`:
 *  - root: paths below are relative to it;
 *  - dirs: the folders whose files are checked (and followed);
 *  - shell: the folder nothing else may import from;
 *  - shellImporters: files or folders allowed to import from the shell anyway;
 *  - features: the folder whose subfolders are features (optional);
 *  - compilerOptions: for module resolution (paths aliases).
 * Returns { cycles: string[][], featureCycles: string[][], upward: { from, to }[] }
 * with root-relative paths.
 */
export function checkImports({ root, dirs, shell, shellImporters = [], features, compilerOptions = {} }) {
  const abs = (p) => resolve(root, p)
  const options = {
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    module: ts.ModuleKind.ESNext,
    allowJs: true,
    resolveJsonModule: true,
    allowImportingTsExtensions: true,
    ...compilerOptions,
  }
  const files = new Set(dirs.flatMap((d) => sourceFiles(abs(d))))
  const graph = new Map([...files].map((f) => [f, importsOf(f, files, options)]))
  const rel = (f) => relative(root, f).split(sep).join('/')

  const cycles = cyclicComponents(graph).map((c) => cycleIn(c, graph).map(rel))
  const folders = features ? featureGraph(graph, abs(features)) : new Map()
  const featureCycles = cyclicComponents(folders).map((c) => cycleIn(c, folders).map(rel))
  const shellDir = abs(shell)
  const allowed = shellImporters.map(abs)
  const upward = []
  for (const [from, targets] of graph) {
    if (inside(from, shellDir) || allowed.some((a) => inside(from, a))) continue
    for (const to of targets) if (inside(to, shellDir)) upward.push({ from: rel(from), to: rel(to) })
  }
  return { cycles, featureCycles, upward }
}

/** The graph of feature folders: one feature imports another when any of its files does. */
function featureGraph(graph, featuresDir) {
  const featureOf = (file) => {
    if (!inside(file, featuresDir) || file === featuresDir) return null
    const [name] = relative(featuresDir, file).split(sep)
    return name === relative(featuresDir, file) ? null : join(featuresDir, name)
  }
  const folders = new Map()
  for (const [from, targets] of graph) {
    const a = featureOf(from)
    if (!a) continue
    const edges = folders.get(a) ?? []
    for (const to of targets) {
      const b = featureOf(to)
      if (b && b !== a && !edges.includes(b)) edges.push(b)
    }
    folders.set(a, edges)
  }
  for (const edges of folders.values()) for (const b of edges) if (!folders.has(b)) folders.set(b, [])
  return folders
}

/** Human-readable lines for the problems; empty when there are none. */
export function describeProblems({ cycles, featureCycles, upward }, shell) {
  return [
    ...cycles.map((c) => `import cycle: ${c.join(' → ')}`),
    ...featureCycles.map((c) => `features import each other: ${c.join(' → ')}`),
    ...upward.map(
      ({ from, to }) => `${from} imports ${to}: only the entry point and the test harness may import from ${shell}/`,
    ),
  ]
}

/** The web app's layout: pwa/src (with its @/ alias), the benchmark pages and the service worker. */
export const PWA = {
  root: fileURLToPath(new URL('../..', import.meta.url)),
  dirs: ['pwa/src', 'pwa/bench', 'sw'],
  shell: 'pwa/src/app',
  shellImporters: ['pwa/src/main.tsx', 'pwa/src/test'],
  features: 'pwa/src/features',
  compilerOptions: { baseUrl: fileURLToPath(new URL('..', import.meta.url)), paths: { '@/*': ['src/*'] } },
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const lines = describeProblems(checkImports(PWA), PWA.shell)
  for (const line of lines) console.error(line)
  process.exitCode = lines.length > 0 ? 1 : 0
}
