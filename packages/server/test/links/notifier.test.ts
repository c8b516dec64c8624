import { createServer as createTcpServer } from 'node:net'
import { SMTPServer, type SMTPServerOptions } from 'smtp-server'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  createOpenNotifier,
  type FirstOpenNotice,
  type OpenNotifier,
} from '../../src/links/notifier.js'
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

describe('createOpenNotifier with an SMTP server', () => {
  it('sends one plain-text email to the owner', async () => {
    smtp = await startSmtp()
    const log = recordingLog()
    notifier = createOpenNotifier({ smtpUrl: smtp.url, db: store.db, log })

    await notifier.notifyFirstOpen(NOTICE)

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
    expect(await outbox()).toEqual([])
    expect(log.lines).toEqual([
      { level: 'info', obj: { linkId: NOTICE.link.id }, msg: 'first-open notice sent' },
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
    notifier = createOpenNotifier({ smtpUrl, db: store.db, log: recordingLog() })
    await notifier.notifyFirstOpen(NOTICE)
    const configured = createOpenNotifier({
      smtpUrl,
      from: 'Doc Links <links@example.com>',
      db: store.db,
      log: recordingLog(),
    })
    await configured.notifyFirstOpen(NOTICE)
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
    notifier = createOpenNotifier({ smtpUrl: smtp.url, db: store.db, log: recordingLog() })
    await notifier.notifyFirstOpen({ ...NOTICE, visit: { startedAt: NOTICE.visit.startedAt } })
    const raw = smtp.received[0]?.raw ?? ''
    expect(raw).toContain('Opened:  2025-01-31 23:59 UTC')
    expect(raw).not.toMatch(/Visitor:|Company:|Country:/)
  })

  it('close() waits for a notice under way', async () => {
    smtp = await startSmtp()
    notifier = createOpenNotifier({ smtpUrl: smtp.url, db: store.db, log: recordingLog() })
    const sent = notifier.notifyFirstOpen(NOTICE) // fire and forget, as the viewer does
    await notifier.close()
    expect(smtp.received).toHaveLength(1)
    await sent
  })
})

describe('createOpenNotifier without SMTP', () => {
  it('writes an outbox row and logs a line without the email body', async () => {
    const log = recordingLog()
    notifier = createOpenNotifier({ db: store.db, log, now: () => NOW })

    await notifier.notifyFirstOpen({
      ...NOTICE,
      link: { ...NOTICE.link, name: 'Q3\nboard report' },
    })

    const rows = await outbox()
    expect(rows).toHaveLength(1)
    const [row] = rows
    expect(row).toMatchObject({
      created_at: NOW.toISOString(),
      recipient: 'owner@example.com',
      subject: '"Q3 board report" was opened', // the newline of the name cannot forge a header
      link_id: NOTICE.link.id,
    })
    expect(row?.id).toMatch(/^out_[0-9A-Za-z]{16}$/)
    expect(row?.text).toContain('Visitor: jane@widgets.example')
    expect(row?.text).not.toContain('Q3\nboard')

    expect(log.lines).toEqual([
      {
        level: 'info',
        obj: {
          linkId: NOTICE.link.id,
          outboxId: row?.id,
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
  it('writes the outbox row and warns when the SMTP server is down', async () => {
    const log = recordingLog()
    const port = await closedPort()
    notifier = createOpenNotifier({ smtpUrl: `smtp://127.0.0.1:${port}`, db: store.db, log })

    await expect(notifier.notifyFirstOpen(NOTICE)).resolves.toBeUndefined()

    const rows = await outbox()
    expect(rows.map((row) => row.recipient)).toEqual(['owner@example.com'])
    expect(log.lines).toHaveLength(1)
    expect(log.lines[0]).toMatchObject({
      level: 'warn',
      obj: {
        linkId: NOTICE.link.id,
        outboxId: rows[0]?.id,
        error: { message: expect.stringContaining('ECONNREFUSED') },
      },
      msg: 'could not send the first-open notice by SMTP; written to the outbox',
    })
  })

  it('writes the outbox row when the server refuses the recipient', async () => {
    smtp = await startSmtp({
      onRcptTo(_address, _session, callback) {
        callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }))
      },
    })
    const log = recordingLog()
    notifier = createOpenNotifier({ smtpUrl: smtp.url, db: store.db, log })

    await notifier.notifyFirstOpen(NOTICE)

    expect(smtp.received).toEqual([])
    expect(await outbox()).toHaveLength(1)
    expect(log.lines[0]).toMatchObject({ level: 'warn', obj: { error: { responseCode: 550 } } })
  })

  it('never rejects, and logs the email itself when the outbox is unavailable too', async () => {
    const log = recordingLog()
    const closed = await openStore({ databaseUrl: ':memory:' })
    await closed.close()
    const orphan = createOpenNotifier({ db: closed.db, log })

    await expect(orphan.notifyFirstOpen(NOTICE)).resolves.toBeUndefined()
    await orphan.close()

    expect(log.lines).toHaveLength(1)
    expect(log.lines[0]).toMatchObject({
      level: 'warn',
      obj: {
        linkId: NOTICE.link.id,
        to: 'owner@example.com',
        email: { subject: '"Q3 board report" was opened' },
      },
      msg: 'could not deliver the first-open notice',
    })
  })
})
