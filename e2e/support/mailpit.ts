import { expect } from '@playwright/test'
import { stack } from './env'

interface MessageSummary {
  ID: string
  To: { Address: string }[]
  Created: string
}

async function getJSON<T>(path: string): Promise<T> {
  const res = await fetch(stack.mailpitURL + path)
  if (!res.ok) throw new Error(`Mailpit GET ${path}: ${res.status}`)
  return (await res.json()) as T
}

/** The newest message to `address` received at or after `since` (ms since epoch). */
async function newestMessageTo(address: string, since: number): Promise<MessageSummary | undefined> {
  const { messages } = await getJSON<{ messages: MessageSummary[] }>('/api/v1/messages?limit=50')
  return messages
    .filter((m) => m.To.some((to) => to.Address.toLowerCase() === address.toLowerCase()))
    .filter((m) => Date.parse(m.Created) >= since - 1000) // Mailpit stores whole milliseconds; allow clock rounding
    .sort((a, b) => Date.parse(b.Created) - Date.parse(a.Created))[0]
}

/**
 * Reads the sign-in code pocket mailed to `address` after `since`, the way a
 * person would: from the text of the message. Waits for the mail to arrive.
 */
export async function waitForSignInCode(address: string, since: number): Promise<string> {
  let message: MessageSummary | undefined
  await expect
    .poll(async () => (message = await newestMessageTo(address, since)), {
      message: `a sign-in mail to ${address} in Mailpit`,
      timeout: 10_000,
    })
    .toBeDefined()
  const { Text } = await getJSON<{ Text: string }>(`/api/v1/message/${message!.ID}`)
  const code = /sign-in code is (\d{6})\b/.exec(Text)?.[1]
  if (!code) throw new Error(`no 6-digit code in the mail to ${address}:\n${Text}`)
  return code
}

/** A message as a person's mail client would show it: both parts and its headers. */
export interface ReadMessage {
  Subject: string
  Text: string
  HTML: string
  headers: Record<string, string[]>
}

/** Waits for a message to `address` after `since` whose subject holds `subject`, and reads it whole. */
export async function waitForMessage(address: string, since: number, subject: string): Promise<ReadMessage> {
  let message: MessageSummary | undefined
  await expect
    .poll(
      async () => {
        message = await newestMessageTo(address, since)
        if (!message) return undefined
        const { Subject } = await getJSON<{ Subject: string }>(`/api/v1/message/${message.ID}`)
        return Subject.includes(subject) ? message : undefined
      },
      { message: `a mail to ${address} about "${subject}" in Mailpit`, timeout: 15_000 },
    )
    .toBeDefined()
  const body = await getJSON<{ Subject: string; Text: string; HTML: string }>(`/api/v1/message/${message!.ID}`)
  const headers = await getJSON<Record<string, string[]>>(`/api/v1/message/${message!.ID}/headers`)
  return { Subject: body.Subject, Text: body.Text, HTML: body.HTML, headers }
}
