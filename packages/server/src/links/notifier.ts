import type { Kysely } from 'kysely'
import { createTransport } from 'nodemailer'
import { randomBase62 } from '../store/base62.js'
import type { StoreDatabase } from '../store/schema.js'
import {
  composeFirstOpenEmail,
  type FirstOpenNotice,
  type NoticeEmail,
} from './first-open-email.js'

export type { FirstOpenNotice } from './first-open-email.js'

/** Tells link owners about first opens; fire and forget. */
export interface OpenNotifier {
  /** Sends or records the notice; never rejects (failures are logged). */
  notifyFirstOpen(notice: FirstOpenNotice): Promise<void>
  /** Waits for notices under way, then closes the SMTP transport. Call before closing the store. */
  close(): Promise<void>
}

/** The two levels of the server's pino logger the notifier uses. */
export interface NotifierLog {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
}

/** How notices leave the server. */
export interface OpenNotifierOptions {
  /** `PDFX_SMTP_URL` (`smtp://` or `smtps://`, credentials inside); unset: outbox table + log. */
  smtpUrl?: string | undefined
  /**
   * `PDFX_MAIL_FROM`. Unset: the SMTP user when it is an address (many providers refuse any other
   * sender), else `pdfx <no-reply@host>` with the host of the link's public URL.
   */
  from?: string | undefined
  db: Kysely<StoreDatabase>
  log: NotifierLog
  now?: () => Date
}

// nodemailer waits 2 minutes for a connection and 10 for a stalled socket by default; a notice
// that cannot go out sooner goes to the outbox instead of holding a pending send that long.
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 }

/**
 * Delivers first-open notices by SMTP when `smtpUrl` is set, otherwise as a row of the `outbox`
 * table and an info log line. A notice SMTP could not deliver also lands in the outbox, with a
 * warning, so it is never lost; when even the outbox insert fails, the warning carries the email.
 */
export function createOpenNotifier(options: OpenNotifierOptions): OpenNotifier {
  const { db, log, smtpUrl } = options
  const now = options.now ?? (() => new Date())
  const transporter =
    smtpUrl === undefined ? undefined : createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS })
  const configuredFrom = options.from ?? (smtpUrl === undefined ? undefined : smtpUser(smtpUrl))
  const pending = new Set<Promise<void>>()

  const writeOutbox = async (notice: FirstOpenNotice, email: NoticeEmail): Promise<string> => {
    const id = `out_${randomBase62(16)}`
    await db
      .insertInto('outbox')
      .values({
        id,
        created_at: now().toISOString(),
        recipient: notice.ownerEmail,
        subject: email.subject,
        text: email.text,
        link_id: notice.link.id,
      })
      .execute()
    return id
  }

  const deliver = async (notice: FirstOpenNotice): Promise<void> => {
    const linkId = notice.link.id
    let email: NoticeEmail | undefined
    try {
      email = composeFirstOpenEmail(notice)
      if (transporter === undefined) {
        const outboxId = await writeOutbox(notice, email)
        // Recipient and subject only: the body, with the visitor's details, stays in the table.
        log.info(
          { linkId, outboxId, to: notice.ownerEmail, subject: email.subject },
          'first-open notice written to the outbox (no SMTP server configured)',
        )
        return
      }
      try {
        await transporter.sendMail({
          from: configuredFrom ?? defaultFrom(notice.link.url),
          to: notice.ownerEmail,
          subject: email.subject,
          text: email.text,
        })
        log.info({ linkId }, 'first-open notice sent')
      } catch (error) {
        const outboxId = await writeOutbox(notice, email)
        log.warn(
          { linkId, outboxId, error: smtpFailure(error) },
          'could not send the first-open notice by SMTP; written to the outbox',
        )
      }
    } catch (error) {
      // Last resort: the log line carries the email itself, so the notice survives somewhere.
      log.warn(
        { linkId, to: notice.ownerEmail, email, error: errorMessage(error) },
        'could not deliver the first-open notice',
      )
    }
  }

  return {
    notifyFirstOpen(notice) {
      const task = deliver(notice)
      pending.add(task)
      return task.finally(() => pending.delete(task))
    },
    async close() {
      await Promise.allSettled([...pending])
      transporter?.close()
    },
  }
}

/** The SMTP user of the URL when it is an email address. */
function smtpUser(smtpUrl: string): string | undefined {
  try {
    const user = decodeURIComponent(new URL(smtpUrl).username)
    return /^[^\s@<>]+@[^\s@<>]+$/.test(user) ? user : undefined
  } catch {
    return undefined
  }
}

/** `pdfx <no-reply@pdfx.example.com>` for links under `https://pdfx.example.com/d/...`. */
function defaultFrom(linkUrl: string): string {
  const host = URL.canParse(linkUrl) ? new URL(linkUrl).hostname : ''
  return `pdfx <no-reply@${host === '' ? 'localhost' : host}>`
}

/**
 * What went wrong with SMTP, without the error object itself: nodemailer errors may carry the
 * transport's options, and with them the credentials of the SMTP URL.
 */
function smtpFailure(error: unknown): { message: string; code?: string; responseCode?: number } {
  const { code, responseCode } = error as { code?: unknown; responseCode?: unknown }
  return {
    message: errorMessage(error),
    ...(typeof code === 'string' && { code }),
    ...(typeof responseCode === 'number' && { responseCode }),
  }
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
