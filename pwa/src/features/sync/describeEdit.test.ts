import { describe, expect, it } from 'vitest'
import { makeMutation, type MutationInit } from '@/data/sync/mutation'
import { describeEdit, type EditNames } from './describeEdit'
import { problemsLabel, waitingText } from './syncText'

const names: EditNames = {
  recordingTitle: (id) => (id === 'r1' ? 'Weekly sync' : 'Untitled'),
  folderName: (id) => (id === 'f1' ? 'Work' : null),
}
const describe_ = (init: MutationInit) => describeEdit(makeMutation(init, 'k'), names)

describe('describing a refused edit', () => {
  it('names the recording or folder it was about', () => {
    expect(describe_({ op: { case: 'updateRecording', value: { id: 'r1', title: 'New' } } })).toBe(
      'Rename of “Weekly sync”',
    )
    expect(describe_({ op: { case: 'updateRecording', value: { id: 'r1', description: 'd' } } })).toBe(
      'Description of “Weekly sync”',
    )
    expect(describe_({ op: { case: 'updateRecording', value: { id: 'r1', folderId: 'f1' } } })).toBe(
      'Move of “Weekly sync”',
    )
    expect(describe_({ op: { case: 'deleteRecording', value: { id: 'r1' } } })).toBe('Deletion of “Weekly sync”')
    expect(
      describe_({ op: { case: 'renameSpeaker', value: { recordingId: 'r1', speaker: 'SPEAKER_1', name: 'Ana' } } }),
    ).toBe('Speaker name “Ana” on “Weekly sync”')
    expect(describe_({ op: { case: 'askQuestion', value: { recordingId: 'r1', message: 'Why?' } } })).toBe(
      'Question on “Weekly sync”',
    )
    expect(describe_({ op: { case: 'createFolder', value: { id: 'f2', name: 'Ideas' } } })).toBe('New folder “Ideas”')
    expect(describe_({ op: { case: 'renameFolder', value: { id: 'f1', name: 'Jobs' } } })).toBe(
      'Rename of folder “Work” to “Jobs”',
    )
    expect(describe_({ op: { case: 'renameFolder', value: { id: 'f9', name: 'Jobs' } } })).toBe(
      'Rename of folder “Jobs”',
    )
    expect(describe_({ op: { case: 'deleteFolder', value: { id: 'f1' } } })).toBe('Deletion of folder “Work”')
    // A relay refuses highlight edits (ADR 15): the list of refused changes names them.
    expect(
      describe_({
        op: { case: 'createHighlight', value: { id: 'h1', recordingId: 'r1', start: 1, end: 2, note: '' } },
      }),
    ).toBe('Highlight on “Weekly sync”')
    expect(describe_({ op: { case: 'updateHighlight', value: { id: 'h1', note: 'x' } } })).toBe('Note of a highlight')
    expect(describe_({ op: { case: 'deleteHighlight', value: { id: 'h1' } } })).toBe('Deletion of a highlight')
  })

  it('still says something for a change that cannot be read', () => {
    expect(describeEdit(null, names)).toBe('A change that could not be read')
  })
})

describe('status texts', () => {
  it('say how many edits wait, and why they wait', () => {
    expect(waitingText(0, 'offline')).toBe('')
    expect(waitingText(3, 'offline')).toBe('Offline · 3 changes waiting')
    expect(waitingText(1, 'offline')).toBe('Offline · 1 change waiting')
    expect(waitingText(2, 'unreachable')).toBe('Can’t reach the server · 2 changes waiting')
    expect(waitingText(2, 'sending')).toBe('Saving changes…')
    expect(problemsLabel(1)).toBe('1 change not saved')
    expect(problemsLabel(2)).toBe('2 changes not saved')
  })
})
