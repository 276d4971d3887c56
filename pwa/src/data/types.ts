/**
 * Recording as the dashboard returns it (spec §3). Everything is optional
 * because the server stores device uploads as given; the recordings feature
 * normalises these loose shapes in one place before screens see them.
 */
export interface Recording {
  id: string
  title?: string | null
  name?: string | null
  description?: string | null
  recordingAt?: string | null
  createdAt?: string | null
  updatedAt?: string | null
  duration?: number | null
  syncStatus?: string | null
  isOffline?: boolean | null
  folder?: { name?: string | null } | null
  summarization?: { summary?: unknown } | null
  gradientData?: { colors?: number[]; vertices?: { x: number; y: number }[] } | null
  user?: { displayName?: string | null; email?: string | null } | null
  speakers?: unknown
  [key: string]: unknown
}

export interface DashboardPage {
  data: Recording[]
  nextCursor: string | null
}
