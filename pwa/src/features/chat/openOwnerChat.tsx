import { screen, waitFor, within } from '@testing-library/react'
import { expect } from 'vitest'
import { alice, renderApp, signInOnServer } from '@/test/render'

/**
 * For tests: alice signed in on a recording's page, once its Ask Pocket panel
 * can take a question. The first render loads the lazy detail route, its
 * summary's chunk and then Ask Pocket's (and, in a file run alone, transforms
 * their modules): allow it time.
 */
export async function openOwnerChat(recordingId: string, timeout = 10_000) {
  await signInOnServer(alice, { cacheProfile: true })
  const app = renderApp(`/recordings/${recordingId}`)
  const panel = await screen.findByRole('complementary', { name: 'Ask Pocket' }, { timeout })
  await waitFor(() => expect(within(panel).getByPlaceholderText('Ask questions about your chat')).toBeEnabled(), {
    timeout,
  })
  return { app, panel: within(panel) }
}
