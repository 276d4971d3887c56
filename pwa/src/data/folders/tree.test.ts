import { describe, expect, it } from 'vitest'
import type { StoredFolder } from '../db'
import { byFolderName, folderNameProblem, folderTree, MAX_FOLDER_NAME } from './tree'

const f = (id: string, name: string, parentId = ''): StoredFolder => ({ id, name, parentId, createdAtMs: 0 })

describe('folder tree', () => {
  it('lists folders depth first, each level by name ignoring case, with depths and subtree sizes', () => {
    const tree = folderTree([
      f('b', 'beta'),
      f('a', 'Alpha'),
      f('a2', 'zed', 'a'),
      f('a1', 'Inner', 'a'),
      f('a11', 'Deep', 'a1'),
    ])
    expect(tree.map((e) => [e.folder.name, e.depth, e.descendants])).toEqual([
      ['Alpha', 0, 3],
      ['Inner', 1, 1],
      ['Deep', 2, 0],
      ['zed', 1, 0],
      ['beta', 0, 0],
    ])
  })

  it('orders by name ignoring case, then by id, without a locale', () => {
    const sorted = [f('2', 'b'), f('1', 'B'), f('0', 'a'), f('3', 'Ä')].sort(byFolderName)
    expect(sorted.map((x) => x.id)).toEqual(['0', '1', '2', '3'])
  })

  it('shows a folder whose parent is gone at the top level, and survives a parent cycle', () => {
    const tree = folderTree([f('x', 'Orphan', 'deleted'), f('p', 'P', 'q'), f('q', 'Q', 'p')])
    expect(tree.map((e) => [e.folder.name, e.depth])).toEqual([
      ['Orphan', 0],
      ['P', 0],
      ['Q', 0],
    ])
  })
})

describe('folder name check', () => {
  const folders = [f('w', 'Work'), f('c', 'Clients', 'w')]
  const check = (name: string, parentId = '', selfId?: string) => folderNameProblem(name, { folders, parentId, selfId })

  it('needs a name that is not only spaces', () => {
    expect(check('')).toBe('Enter a folder name.')
    expect(check('   ')).toBe('Enter a folder name.')
  })

  it(`allows ${MAX_FOLDER_NAME} characters after trimming, counted as the server does (code points)`, () => {
    expect(check(`  ${'é'.repeat(MAX_FOLDER_NAME)}  `)).toBeNull()
    expect(check('😀'.repeat(MAX_FOLDER_NAME))).toBeNull()
    expect(check('a'.repeat(MAX_FOLDER_NAME + 1))).toBe(
      `Use at most ${MAX_FOLDER_NAME} characters (this name has ${MAX_FOLDER_NAME + 1}).`,
    )
  })

  it('refuses “General”, the name of no folder, anywhere (the server does too)', () => {
    expect(check(' general ')).toBe('“General” is where recordings without a folder are. Choose another name.')
    expect(check('GENERAL', 'w')).toBe('“General” is where recordings without a folder are. Choose another name.')
    expect(check('General plans')).toBeNull()
  })

  it('refuses the name of a folder under the same parent, ignoring case and spaces', () => {
    expect(check(' work ')).toBe('A folder named “Work” already exists at the top level.')
    expect(check('CLIENTS', 'w')).toBe('A folder named “Clients” already exists in this folder.')
    // Another parent, or the folder being renamed itself, is fine.
    expect(check('Clients')).toBeNull()
    expect(check('Work', 'w')).toBeNull()
    expect(check('WORK', '', 'w')).toBeNull()
  })
})
