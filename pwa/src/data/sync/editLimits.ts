// The limits of the owner's edits, checked while typing: a module of their
// own, so a screen offering an edit draws without loading the queue that
// makes it (recordingEdits, loaded on the first save).

export const TITLE_MAX = 500
export const DESCRIPTION_MAX = 10000
export const SPEAKER_NAME_MAX = 100
export const FOLDER_NAME_MAX = 100

const tooLong = (what: string, max: number) => `${what} must be at most ${max} characters`

export function titleError(title: string): string | null {
  return [...title].length > TITLE_MAX ? tooLong('The title', TITLE_MAX) : null
}

export function descriptionError(description: string): string | null {
  return [...description].length > DESCRIPTION_MAX ? tooLong('The description', DESCRIPTION_MAX) : null
}

export function folderNameError(name: string): string | null {
  if (!name.trim()) return 'Enter a folder name'
  return [...name.trim()].length > FOLDER_NAME_MAX ? tooLong('A folder name', FOLDER_NAME_MAX) : null
}

/** The server's rules for a speaker's name (pkg/recordings checkSpeakerName); '' restores the original. */
export function speakerNameError(name: string): string | null {
  const n = name.trim()
  if ([...n].length > SPEAKER_NAME_MAX) return tooLong("A speaker's name", SPEAKER_NAME_MAX)
  // The display rule ignores short 'Speaker …' names: the rename would never show.
  if (n.startsWith('Speaker ') && [...n].length <= 15) return 'Choose a name other than a generic "Speaker N"'
  return null
}
