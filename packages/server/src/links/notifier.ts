import type { Kysely } from 'kysely'
import { createTransport } from 'nodemailer'
import type { StoreDatabase } from '../store/schema.js'
import { claimEmail, markSent, unsentEmailIds } from './outbox.js'

export {
  composeFirstOpenEmail,
  type FirstOpenNotice,
  type NoticeEmail,
} from './first-open-email.js'

/**
 * Delivers the first-open notices queued in the outbox (see `queueEmail`, called in the same
 * transaction as the open it tells of). Its methods never reject: failures are logged, and the
 * notice stays in the outbox.
 */
export interface OpenNotifier {
  /**
   * Sends one queued notice by SMTP and marks it sent; without an SMTP server it stays in the
   * outbox, and a log line says so.
   */
  deliver(outboxId: string): Promise<void>
  /** Sends what a crash or a failed SMTP server left unsent (at start-up); nothing without SMTP. */
  deliverUnsent(): Promise<void>
  /** Waits for deliveries under way, then closes the SMTP transport. Call before closing the store. */
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
   * sender), else `pdfx <no-reply@host>` with the host of `baseUrl`.
   */
  from?: string | undefined
  /** Public origin of the links (`PDFX_BASE_URL`). */
  baseUrl: string
  db: Kysely<StoreDatabase>
  log: NotifierLog
  now?: () => Date
}

// nodemailer waits 2 minutes for a connection and 10 for a stalled socket by default; a notice
// that cannot go out sooner waits in the outbox for the next start instead.
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 }

/** Creates the notifier: SMTP when `smtpUrl` is set, otherwise the outbox table is the mailbox. */
export function createOpenNotifier(options: OpenNotifierOptions): OpenNotifier {
  const { db, log, smtpUrl } = options
  const now = options.now ?? (() => new Date())
  const transporter =
    smtpUrl === undefined ? undefined : createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS })
  const from =
    options.from ??
    (smtpUrl === undefined ? undefined : smtpUser(smtpUrl)) ??
    defaultFrom(options.baseUrl)
  const pending = new Set<Promise<void>>()
  const track = (task: Promise<void>): Promise<void> => {
    pending.add(task)
    return task.finally(() => pending.delete(task))
  }

  const send = async (outboxId: string): Promise<void> => {
    if (transporter === undefined) {
      const row = await db
        .selectFrom('outbox')
        .select(['recipient', 'subject', 'link_id'])
        .where('id', '=', outboxId)
        .executeTakeFirst()
      // Recipient and subject only: the body, with the visitor's details, stays in the table.
      log.info(
        { linkId: row?.link_id, outboxId, to: row?.recipient, subject: row?.subject },
        'first-open notice written to the outbox (no SMTP server configured)',
      )
      return
    }
    const email = await claimEmail(db, outboxId)
    if (email === null) return
    try {
      await transporter.sendMail({
        from,
        to: email.recipient,
        subject: email.subject,
        text: email.text,
      })
    } catch (error) {
      log.warn(
        { linkId: email.link_id, outboxId, attempts: email.attempts, error: smtpFailure(error) },
        'could not send the first-open notice by SMTP; it stays in the outbox',
      )
      return
    }
    await markSent(db, outboxId, now())
    log.info({ linkId: email.link_id, outboxId }, 'first-open notice sent')
  }

  const deliver = (outboxId: string) =>
    track(
      send(outboxId).catch((error: unknown) => {
        log.warn(
          { outboxId, error: errorMessage(error) },
          'could not deliver the first-open notice',
        )
      }),
    )

  return {
    deliver,
    deliverUnsent() {
      if (transporter === undefined) return Promise.resolve()
      return track(
        (async () => {
          for (const id of await unsentEmailIds(db)) await deliver(id)
        })().catch((error: unknown) => {
          log.warn({ error: errorMessage(error) }, 'could not read the outbox')
        }),
      )
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

/** `pdfx <no-reply@pdfx.example.com>` for links under `https://pdfx.example.com`. */
function defaultFrom(baseUrl: string): string {
  const host = URL.canParse(baseUrl) ? new URL(baseUrl).hostname : ''
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
