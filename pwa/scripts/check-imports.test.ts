// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { checkImports, describeProblems, PWA, type ImportRules } from './check-imports.mjs'

let root: string
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'check-imports-'))
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

/** Writes a tiny source tree: path → file text. */
function tree(files: Record<string, string>) {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
}

const rules = (): ImportRules => ({
  root,
  dirs: ['src'],
  shell: 'src/app',
  shellImporters: ['src/main.ts', 'src/test'],
  features: 'src/features',
  compilerOptions: { baseUrl: root, paths: { '@/*': ['src/*'] } },
})

/** A layered tree with nothing wrong: entry → shell → features → ui. */
const CLEAN = {
  'src/main.ts': "import { shell } from './app/shell'\nexport const main = shell",
  'src/app/shell.ts': "import { screen } from '@/features/screen/Screen'\nexport const shell = screen",
  'src/features/screen/Screen.ts':
    "import { button } from '../../ui/button'\nimport { page } from './page'\nexport const screen = button + page",
  'src/features/screen/page.ts': 'export const page = 1',
  'src/features/share/Share.ts': "import { screen } from '@/features/screen/Screen'\nexport const share = screen",
  'src/test/render.ts': "import { shell } from '@/app/shell'\nexport const render = shell",
  'src/ui/button.ts': 'export const button = 1',
}

describe('import checker', () => {
  it('passes a layered tree', () => {
    tree(CLEAN)
    expect(checkImports(rules())).toEqual({ cycles: [], featureCycles: [], upward: [] })
  })

  it('fails on a cycle, type-only imports included, and prints it from start to start', () => {
    tree({
      ...CLEAN,
      'src/features/screen/page.ts': "import type { Tab } from './tabs'\nexport const page = 1",
      'src/features/screen/tabs.ts': "import { page } from './page'\nexport type Tab = 'a'\nexport const tabs = page",
    })
    const problems = checkImports(rules())
    expect(problems.cycles).toEqual([
      ['src/features/screen/page.ts', 'src/features/screen/tabs.ts', 'src/features/screen/page.ts'],
    ])
    expect(describeProblems(problems, 'src/app')).toEqual([
      'import cycle: src/features/screen/page.ts → src/features/screen/tabs.ts → src/features/screen/page.ts',
    ])
  })

  it('fails when two features import each other, even through different files', () => {
    tree({
      ...CLEAN,
      'src/features/screen/page.ts': "import { share } from '../share/Share'\nexport const page = () => share",
    })
    const { featureCycles } = checkImports(rules())
    expect(featureCycles).toEqual([['src/features/screen', 'src/features/share', 'src/features/screen']])
  })

  it('fails when anything but the entry point and the test harness imports from the shell', () => {
    tree({ ...CLEAN, 'src/ui/button.ts': "import { shell } from '../app/shell'\nexport const button = () => shell" })
    const problems = checkImports(rules())
    expect(problems.upward).toEqual([{ from: 'src/ui/button.ts', to: 'src/app/shell.ts' }])
    // The upward import closes a loop too: shell → screen → button → shell.
    expect(problems.cycles).toHaveLength(1)
  })

  it('passes the web app itself', () => {
    expect(describeProblems(checkImports(PWA), PWA.shell)).toEqual([])
  })
})
