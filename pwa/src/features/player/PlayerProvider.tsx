import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { AUDIO_LINK_FRESH_MS, fetchAudioLink, playedPosition, rememberPosition, sharedAudioUrl } from '@/data/audio'
import { hasOfflineAudio, keepAudioOffline, offlineAudioPath } from '@/data/audio-offline'
import { PlayerContext, SKIP_SECONDS, type Player } from './PlayerContext'
import { useShortcuts } from './useShortcuts'

interface Props {
  recordingId: string
  /** The shared page plays through the share link's audio route. */
  shareToken?: string
  /** Where to start (seconds), e.g. the passage a link opened: wins over the remembered position. */
  startAt?: number | null
  children: ReactNode
}

/** How often the played position is written down while playing. */
const SAVE_EVERY_MS = 2000

/**
 * Owns the recording's <audio> element and shares its state: the player bar
 * shows it, the transcript follows it, segments and chat sources seek it.
 */
export function PlayerProvider({ recordingId, shareToken, startAt = null, children }: Props) {
  const src = useAudioSource(recordingId, shareToken)
  const ref = useRef<HTMLAudioElement>(null)
  const [time, setTime] = useState(0)
  const [duration, setDuration] = useState(0)
  const [playing, setPlaying] = useState(false)
  const [rate, setRateState] = useState(1)
  const [failed, setFailed] = useState(false)
  const [ready, setReady] = useState(false)
  const retried = useRef(false)
  const lastSave = useRef(0)
  const positionKey = shareToken ? `share:${recordingId}` : recordingId

  const save = useCallback(() => {
    const el = ref.current
    if (el && el.currentTime > 0) rememberPosition(positionKey, el.currentTime)
  }, [positionKey])

  const seek = useCallback((t: number, play = false) => {
    const el = ref.current
    if (!el) return
    const end = Number.isFinite(el.duration) ? el.duration : Infinity
    const to = Math.min(Math.max(0, t), end)
    el.currentTime = to
    setTime(to)
    if (play) void el.play().catch(() => {})
  }, [])

  const api: Player = useMemo(
    () => ({
      status: failed || src.error ? 'error' : ready ? 'ready' : 'loading',
      time,
      duration,
      playing,
      rate,
      toggle: () => {
        const el = ref.current
        if (!el) return
        if (el.paused) void el.play().catch(() => {})
        else el.pause()
      },
      seek,
      skip: (s: number) => seek((ref.current?.currentTime ?? 0) + s),
      setRate: (r: number) => {
        if (ref.current) ref.current.playbackRate = r
        setRateState(r)
      },
      retry: () => {
        setFailed(false)
        retried.current = false
        src.refresh()
        ref.current?.load()
      },
    }),
    [failed, src, ready, time, duration, playing, rate, seek],
  )
  useShortcuts(api, SKIP_SECONDS)

  // Leaving the recording, or the page, keeps where listening stopped.
  useEffect(() => {
    window.addEventListener('pagehide', save)
    return () => {
      window.removeEventListener('pagehide', save)
      save()
    }
  }, [save])

  return (
    <PlayerContext.Provider value={api}>
      {src.url && (
        // eslint-disable-next-line jsx-a11y/media-has-caption -- a recording's words are its transcript, shown with the player; there is no caption track to give
        <audio
          ref={ref}
          src={src.url}
          preload="metadata"
          onLoadedMetadata={(e) => {
            const el = e.currentTarget
            setDuration(Number.isFinite(el.duration) ? el.duration : 0)
            setReady(true)
            setFailed(false)
            const at = startAt ?? playedPosition(positionKey)
            if (at > 0 && at < el.duration - 1 && el.currentTime === 0) {
              el.currentTime = at
              setTime(at)
            }
          }}
          onTimeUpdate={(e) => {
            setTime(e.currentTarget.currentTime)
            if (Date.now() - lastSave.current > SAVE_EVERY_MS) {
              lastSave.current = Date.now()
              save()
            }
          }}
          onPlay={() => {
            setPlaying(true)
            // Listened to: kept for offline listening (the owner's, not a share link's).
            if (!shareToken && !src.offline && src.url) void keepAudioOffline(recordingId, src.url)
          }}
          onPause={() => {
            setPlaying(false)
            save()
          }}
          onSeeked={save}
          onEnded={() => setPlaying(false)}
          onRateChange={(e) => setRateState(e.currentTarget.playbackRate)}
          onError={() => {
            // A signed link may have lapsed: ask for a new one, once.
            if (!shareToken && !retried.current) {
              retried.current = true
              src.refresh()
              return
            }
            setFailed(true)
          }}
        />
      )}
      {children}
    </PlayerContext.Provider>
  )
}

interface AudioSource {
  url: string | null
  /** Played from the copy kept on the device. */
  offline: boolean
  error: boolean
  refresh: () => void
}

/**
 * The owner plays audio kept on the device when there is a copy (no network
 * needed, seeking is instant), else streams from a signed link; a share
 * link's visitor streams through the link.
 */
function useAudioSource(recordingId: string, shareToken?: string): AudioSource {
  const kept = useQuery({
    queryKey: ['offline-audio', recordingId],
    queryFn: () => hasOfflineAudio(recordingId).catch(() => false),
    enabled: !shareToken,
    staleTime: Infinity,
    networkMode: 'always',
  })
  const link = useQuery({
    queryKey: ['audio-link', recordingId],
    queryFn: ({ signal }) => fetchAudioLink(recordingId, signal),
    enabled: !shareToken && kept.data === false,
    staleTime: AUDIO_LINK_FRESH_MS,
    gcTime: AUDIO_LINK_FRESH_MS,
    retry: 1,
  })
  const { refetch } = link
  const refresh = useCallback(() => void refetch(), [refetch])
  // The kept copy failed (dropped since): look again, which falls back to a link.
  const { refetch: recheck } = kept
  const recheckKept = useCallback(() => void recheck(), [recheck])
  return useMemo(() => {
    if (shareToken) return { url: sharedAudioUrl(shareToken), offline: false, error: false, refresh: () => {} }
    if (kept.data) return { url: offlineAudioPath(recordingId), offline: true, error: false, refresh: recheckKept }
    return { url: link.data ?? null, offline: false, error: link.isError, refresh }
  }, [shareToken, kept.data, recordingId, link.data, link.isError, refresh, recheckKept])
}
