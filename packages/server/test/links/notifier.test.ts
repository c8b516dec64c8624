import { createServer as createTcpServer } from 'node:net'
import { SMTPServer, type SMTPServerOptions } from 'smtp-server'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  composeFirstOpenEmail,
  createOpenNotifier,
  type FirstOpenNotice,
  type OpenNotifier,
} from '../../src/links/notifier.js'
import { MAX_DELIVERY_ATTEMPTS, queueEmail } from '../../src/links/outbox.js'
import { openStore, type Store } from '../../src/store/index.js'

// Every SMTP connection goes to a real smtp-server on 127.0.0.1 started by the test; nothing
// leaves the machine.

interface ReceivedMail {
  from: string | undefined
  to: string[]
  raw: string
}

interface LocalSmtp {
  url: string
  port: number
  received: ReceivedMail[]
  close(): Promise<void>
}

/** A plain-text SMTP server (no STARTTLS) on a free loopback port that keeps what it receives. */
async function startSmtp(options: SMTPServerOptions = {}): Promise<LocalSmtp> {
  const received: ReceivedMail[] = []
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const { mailFrom, rcptTo } = session.envelope
        received.push({
          from: mailFrom === false ? undefined : mailFrom.address,
          to: rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        callback()
      })
    },
    ...options,
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const address = server.server.address()
  if (address === null || typeof address === 'string') throw new Error('no port')
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    port: address.port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** A loopback port nothing listens on: bound once, then released. */
async function closedPort(): Promise<number> {
  const server = createTcpServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const address = server.address()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  if (address === null || typeof address === 'string') throw new Error('no port')
  return address.port
}

/**
 * A header of a raw message, with RFC 2047 encoded words (`=?UTF-8?Q?...?=`, which nodemailer
 * uses for a subject with quotes) decoded.
 */
function headerOf(raw: string | undefined, name: string): string | undefined {
  const head = (raw ?? '').split('\r\n\r\n', 1)[0] ?? ''
  const line = head
    .replace(/\r\n[ \t]+/g, ' ') // unfold continuation lines
    .split('\r\n')
    .find((candidate) => candidate.toLowerCase().startsWith(`${name.toLowerCase()}:`))
  if (line === undefined) return undefined
  return line
    .slice(name.length + 1)
    .trim()
    .replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_word, text: string) =>
      Buffer.from(
        text
          .replace(/_/g, ' ')
          .replace(/=([0-9A-F]{2})/gi, (_hex, code: string) =>
            String.fromCharCode(parseInt(code, 16)),
          ),
        'latin1',
      ).toString('utf8'),
    )
}

interface LogLine {
  level: 'info' | 'warn'
  obj: object
  msg: string
}

function recordingLog() {
  const lines: LogLine[] = []
  return {
    lines,
    info: (obj: object, msg: string) => lines.push({ level: 'info', obj, msg }),
    warn: (obj: object, msg: string) => lines.push({ level: 'warn', obj, msg }),
  }
}

const NOTICE: FirstOpenNotice = {
  link: {
    id: 'lnk_abcdefghijklmnop',
    name: 'Q3 board report',
    slug: 'abcdefghijklmnop',
    url: 'https://pdfx.example.com/d/abcdefghijklmnop',
  },
  ownerEmail: 'owner@example.com',
  visit: {
    startedAt: '2025-01-31T23:59:58.123Z',
    email: 'jane@widgets.example',
    country: 'DE',
    company: 'widgets.example',
  },
}

const NOW = new Date('2025-02-01T00:00:00.000Z')
const BASE_URL = 'https://pdfx.example.com'

let store: Store
let notifier: OpenNotifier | undefined
let smtp: LocalSmtp | undefined

beforeEach(async () => {
  store = await openStore({ databaseUrl: ':memory:' })
})

afterEach(async () => {
  await notifier?.close()
  await smtp?.close()
  await store.close()
  notifier = undefined
  smtp = undefined
})

const outbox = () => store.db.selectFrom('outbox').selectAll().execute()

/** Queues a notice the way the visit that claims a first open does. */
function queue(notice: FirstOpenNotice = NOTICE): Promise<string> {
  const email = composeFirstOpenEmail(notice)
  return queueEmail(
    store.db,
    { recipient: notice.ownerEmail, ...email, linkId: notice.link.id },
    NOW,
  )
}

function smtpNotifier(url: string, log = recordingLog(), from?: string): OpenNotifier {
  return createOpenNotifier({
    smtpUrl: url,
    ...(from !== undefined && { from }),
    baseUrl: BASE_URL,
    db: store.db,
    log,
    now: () => NOW,
  })
}

describe('createOpenNotifier with an SMTP server', () => {
  it('sends one plain-text email to the owner and marks it sent', async () => {
    smtp = await startSmtp()
    const log = recordingLog()
    notifier = smtpNotifier(smtp.url, log)

    const id = await queue()
    await notifier.deliver(id)

    expect(smtp.received).toHaveLength(1)
    const [mail] = smtp.received
    expect(mail?.to).toEqual(['owner@example.com'])
    // Without PDFX_MAIL_FROM or an SMTP user, the sender is at the host of the public links.
    expect(mail?.from).toBe('no-reply@pdfx.example.com')
    expect(headerOf(mail?.raw, 'Subject')).toBe('"Q3 board report" was opened')
    expect(mail?.raw).toMatch(/^Content-Type: text\/plain/m)
    for (const line of [
      'Your Doc Link "Q3 board report" was opened for the first time.',
      'Link:    https://pdfx.example.com/d/abcdefghijklmnop',
      'Opened:  2025-01-31 23:59 UTC',
      'Visitor: jane@widgets.example',
      'Company: widgets.example',
      'Country: Germany (DE)',
    ]) {
      expect(mail?.raw).toContain(line)
    }
    expect(await outbox()).toMatchObject([{ id, sent_at: NOW.toISOString(), attempts: 1 }])
    expect(log.lines).toEqual([
      {
        level: 'info',
        obj: { linkId: NOTICE.link.id, outboxId: id },
        msg: 'first-open notice sent',
      },
    ])
  })

  it('sends from the SMTP user, or from the configured sender', async () => {
    const logins: string[] = []
    smtp = await startSmtp({
      allowInsecureAuth: true, // the loopback test server has no TLS
      onAuth(auth, _session, callback) {
        logins.push(`${auth.username}:${auth.password}`)
        callback(null, { user: auth.username })
      },
    })
    const smtpUrl = `smtp://alerts%40example.com:s3cret@127.0.0.1:${smtp.port}`
    notifier = smtpNotifier(smtpUrl)
    await notifier.deliver(await queue())
    const configured = smtpNotifier(smtpUrl, recordingLog(), 'Doc Links <links@example.com>')
    await configured.deliver(await queue())
    await configured.close()

    expect(logins).toEqual(['alerts@example.com:s3cret', 'alerts@example.com:s3cret'])
    expect(smtp.received.map((mail) => mail.from)).toEqual([
      'alerts@example.com',
      'links@example.com',
    ])
    expect(headerOf(smtp.received[1]?.raw, 'From')).toBe('Doc Links <links@example.com>')
  })

  it('leaves out what is not known about the visitor', async () => {
    smtp = await startSmtp()
    notifier = smtpNotifier(smtp.url)
    await notifier.deliver(await queue({ ...NOTICE, visit: { startedAt: NOTICE.visit.startedAt } }))
    const raw = smtp.received[0]?.raw ?? ''
    expect(raw).toContain('Opened:  2025-01-31 23:59 UTC')
    expect(raw).not.toMatch(/Visitor:|Company:|Country:/)
  })

  it('sends a notice once, however often and by however many instances it is delivered', async () => {
    smtp = await startSmtp()
    notifier = smtpNotifier(smtp.url)
    const other = smtpNotifier(smtp.url)
    const id = await queue()
    await Promise.all([notifier.deliver(id), other.deliver(id), notifier.deliver(id)])
    await other.deliverUnsent()
    await other.close()
    expect(smtp.received).toHaveLength(1)
  })

  it('close() waits for a delivery under way', async () => {
    smtp = await startSmtp()
    notifier = smtpNotifier(smtp.url)
    const sent = notifier.deliver(await queue()) // fire and forget, as the viewer does
    await notifier.close()
    expect(smtp.received).toHaveLength(1)
    await sent
  })
})

describe('createOpenNotifier without SMTP', () => {
  it('leaves the notice in the outbox and logs a line without the email body', async () => {
    const log = recordingLog()
    notifier = createOpenNotifier({ baseUrl: BASE_URL, db: store.db, log, now: () => NOW })

    const id = await queue({ ...NOTICE, link: { ...NOTICE.link, name: 'Q3\nboard report' } })
    await notifier.deliver(id)
    await notifier.deliverUnsent()

    const rows = await outbox()
    expect(rows).toHaveLength(1)
    const [row] = rows
    expect(row).toMatchObject({
      id,
      created_at: NOW.toISOString(),
      recipient: 'owner@example.com',
      subject: '"Q3 board report" was opened', // the newline of the name cannot forge a header
      link_id: NOTICE.link.id,
      sent_at: null,
    })
    expect(row?.id).toMatch(/^out_[0-9A-Za-z]{16}$/)
    expect(row?.text).toContain('Visitor: jane@widgets.example')
    expect(row?.text).not.toContain('Q3\nboard')

    expect(log.lines).toEqual([
      {
        level: 'info',
        obj: {
          linkId: NOTICE.link.id,
          outboxId: id,
          to: 'owner@example.com',
          subject: '"Q3 board report" was opened',
        },
        msg: 'first-open notice written to the outbox (no SMTP server configured)',
      },
    ])
    expect(JSON.stringify(log.lines)).not.toContain('jane@widgets.example')
  })
})

describe('createOpenNotifier when delivery fails', () => {
  it('keeps the notice when the SMTP server is down, and sends it once the server is back', async () => {
    const log = recordingLog()
    const port = await closedPort()
    const down = smtpNotifier(`smtp://127.0.0.1:${port}`, log)

    const id = await queue()
    await expect(down.deliver(id)).resolves.toBeUndefined()
    await down.close()

    expect(await outbox()).toMatchObject([{ id, sent_at: null, attempts: 1 }])
    expect(log.lines).toHaveLength(1)
    expect(log.lines[0]).toMatchObject({
      level: 'warn',
      obj: {
        linkId: NOTICE.link.id,
        outboxId: id,
        error: { message: expect.stringContaining('ECONNREFUSED') },
      },
      msg: 'could not send the first-open notice by SMTP; it stays in the outbox',
    })

    smtp = await startSmtp()
    notifier = smtpNotifier(smtp.url)
    await notifier.deliverUnsent()
    expect(smtp.received).toHaveLength(1)
    expect(await outbox()).toMatchObject([{ id, attempts: 2, sent_at: NOW.toISOString() }])
  })

  it('gives up on a notice after MAX_DELIVERY_ATTEMPTS refusals', async () => {
    smtp = await startSmtp({
      onRcptTo(_address, _session, callback) {
        callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }))
      },
    })
    const log = recordingLog()
    notifier = smtpNotifier(smtp.url, log)

    const id = await queue()
    for (let i = 0; i < MAX_DELIVERY_ATTEMPTS + 2; i++) await notifier.deliverUnsent()

    expect(smtp.received).toEqual([])
    expect(await outbox()).toMatchObject([{ id, sent_at: null, attempts: MAX_DELIVERY_ATTEMPTS }])
    expect(log.lines).toHaveLength(MAX_DELIVERY_ATTEMPTS)
    expect(log.lines[0]).toMatchObject({ level: 'warn', obj: { error: { responseCode: 550 } } })
  })

  it('never rejects, even when the outbox cannot be read', async () => {
    const log = recordingLog()
    const closed = await openStore({ databaseUrl: ':memory:' })
    await closed.close()
    const orphan = createOpenNotifier({
      smtpUrl: 'smtp://127.0.0.1:9',
      baseUrl: BASE_URL,
      db: closed.db,
      log,
    })

    await expect(orphan.deliver('out_0000000000000000')).resolves.toBeUndefined()
    await expect(orphan.deliverUnsent()).resolves.toBeUndefined()
    await orphan.close()

    expect(log.lines.map((line) => line.level)).toEqual(['warn', 'warn'])
  })
})
