import { createHash } from 'node:crypto'
import { ExtractedDocumentSchema } from '@pdfx/schema'
import { micromark } from 'micromark'
import { degrees, PDFDocument, StandardFonts } from 'pdf-lib'
import { describe, expect, it } from 'vitest'
import { extract } from '../src/index.js'
import { buildPdf, type TextSpec, textWidth, wrapText } from './pdf-builder.js'
import { pdfNeedingPassword, pdfWithoutText, rawPdf } from './raw-pdf.js'

const LOREM =
  'The committee reviewed the budget for the coming year and agreed that the reserve should grow slowly while the maintenance backlog is cleared. Members asked for a clearer breakdown of staff costs in the next report, and for the figures to be published before the spring meeting.'

/** A checklist's items as a page sets them: the third one level deeper. */
const SITE_CHECKLIST = [
  { text: 'Confirm the permit number with the site manager.', x: 90, y: 120 },
  { text: 'Walk the perimeter and note every access point:', x: 90, y: 136 },
  { text: 'gates and their locks,', x: 110, y: 152 },
  { text: 'Photograph each defect with a scale reference.', x: 90, y: 168 },
]

/** The Markdown that the fast engine makes of one page of `lines`, and that Markdown as HTML. */
async function markdownOf(lines: TextSpec[]): Promise<{ markdown: string; html: string }> {
  const { markdown } = await extract(await buildPdf([lines]))
  return { markdown, html: micromark(markdown).replace(/\n/g, '') }
}

/**
 * The Markdown of two columns of prose with a list that runs from the foot of the left one
 * (`foot`, given where the prose ends) into the head of the right one, above its prose.
 */
async function listOverColumns(foot: (y: number) => TextSpec[], head: TextSpec[]): Promise<string> {
  const left = await wrapText(`Left column. ${LOREM}`, { x: 72, y: 80, width: 220 })
  const right = await wrapText(`Right column. ${LOREM}`, { x: 320, y: 160, width: 220 })
  const { markdown } = await markdownOf([
    ...left.texts,
    ...foot(left.bottom + 20),
    ...head,
    ...right.texts,
  ])
  return markdown
}

/** The entries of the index set in two columns, as read: an entry to a line, down each column. */
const INDEX_ENTRIES = [
  'Adams, John Quincy, 41, 88-90',
  'agriculture, 12, 57-63, 201',
  'crop rotation, 59',
  'almanacs, 33, 178n',
  'American Philosophical Society, 47, 112',
  'apprenticeship, 19-24',
  'debt, personal, 124-127, 210',
  'Delaware River, 9, 66',
  'diaries, 3-6, 92, 207n',
  'domestic servants, 54-55',
  'dowries, 88',
  'drainage, 61',
  'dyeing, 140',
]

describe('extract', () => {
  it('turns a large first line into a heading above its paragraph', async () => {
    const pdf = await buildPdf([
      [
        { text: 'Annual report', size: 24, x: 72, y: 80, font: 'bold' },
        { text: 'Revenue grew in every region this year.', size: 11, x: 72, y: 120 },
      ],
    ])
    const doc = await extract(pdf)
    expect(ExtractedDocumentSchema.parse(doc)).toBeTruthy()
    expect(doc.elements.map((element) => element.type)).toEqual(['heading', 'paragraph'])
    expect(doc.elements[0]).toMatchObject({
      id: 'el_0001',
      level: 1,
      text: 'Annual report',
      page: 1,
    })
    expect(doc.markdown).toBe('# Annual report\n\nRevenue grew in every region this year.\n')
    expect(doc.title).toBe('Annual report')
    expect(doc.source).toMatchObject({ engine: 'fast', pages: 1 })
  })

  it("reads a manual page's section name as a heading over its text in the same bold type", async () => {
    const { markdown } = await markdownOf([
      { text: 'NAME', x: 72, y: 80, size: 11, font: 'bold' },
      { text: 'zcopy - copy files between zones', x: 108, y: 94, size: 10 },
      { text: 'SYNOPSIS', x: 72, y: 118, size: 11, font: 'bold' },
      { text: 'zcopy --zone source target', x: 108, y: 132, size: 10, font: 'bold' },
      { text: 'DESCRIPTION', x: 72, y: 156, size: 11, font: 'bold' },
      {
        text: 'The zcopy command copies files from one zone to another.',
        x: 108,
        y: 170,
        size: 10,
      },
    ])
    expect(markdown).toContain('# SYNOPSIS\n\nzcopy --zone source target\n')
  })

  it("takes a chapter's title, not its label, for the document's title", async () => {
    const prose = await wrapText(LOREM, { x: 72, y: 200, width: 450 })
    const doc = await extract(
      await buildPdf([
        [
          { text: 'Chapter 3', x: 72, y: 100, size: 20, font: 'bold' },
          { text: 'Rates of Change', x: 72, y: 140, size: 24, font: 'bold' },
          ...prose.texts,
        ],
      ]),
    )
    expect(doc.elements.filter((element) => element.type === 'heading')).toMatchObject([
      { text: 'Chapter 3', level: 1 },
      { text: 'Rates of Change', level: 1 },
    ])
    expect(doc.title).toBe('Rates of Change')
  })

  it('ranks heading levels by size and keeps paragraphs whole across lines', async () => {
    const body = await wrapText(LOREM, { x: 72, y: 160, width: 300 })
    const pdf = await buildPdf([
      [
        { text: 'Budget review', size: 22, x: 72, y: 80, font: 'bold' },
        { text: '1.1 Reserves', size: 15, x: 72, y: 130, font: 'bold' },
        ...body.texts,
      ],
    ])
    const doc = await extract(pdf)
    expect(doc.elements.map((element) => [element.type, element.level])).toEqual([
      ['heading', 1],
      ['heading', 2],
      ['paragraph', undefined],
    ])
    expect(doc.elements[2]?.text).toBe(LOREM)
  })

  it('reads bulleted and numbered lists as list elements with their items', async () => {
    const pdf = await buildPdf([
      [
        { text: 'Steps to follow before the audit starts:', x: 72, y: 80 },
        { text: '• Collect the receipts', x: 72, y: 100 },
        { text: '• Check the bank statements', x: 72, y: 115 },
        { text: '1. Sign the declaration', x: 72, y: 145 },
        { text: '2. Send it to the auditor', x: 72, y: 160 },
      ],
    ])
    const doc = await extract(pdf)
    const lists = doc.elements.filter((element) => element.type === 'list')
    expect(lists.flatMap((list) => list.items)).toEqual([
      'Collect the receipts',
      'Check the bank statements',
      'Sign the declaration',
      'Send it to the auditor',
    ])
    expect(doc.markdown).toContain('- Collect the receipts\n- Check the bank statements')
    expect(doc.markdown).toContain('1. Sign the declaration\n2. Send it to the auditor')
  })

  it('nests bulleted items under a numbered item as CommonMark reads them', async () => {
    const { html } = await markdownOf([
      { text: 'Steps to follow before the audit starts:', x: 72, y: 80 },
      { text: '1. Collect the receipts', x: 72, y: 100 },
      { text: '2. Check the statements', x: 72, y: 115 },
      { text: '• of the bank', x: 90, y: 130 },
      { text: '• of the credit card', x: 90, y: 145 },
      { text: '3. Sign the declaration', x: 72, y: 160 },
    ])
    // "2. " takes three spaces before a nested item; two would end the numbered list.
    expect(html).toContain(
      '<ol><li>Collect the receipts</li><li>Check the statements<ul><li>of the bank</li><li>of the credit card</li></ul></li><li>Sign the declaration</li></ol>',
    )
  })

  it('keeps lettered and bracketed item markers as printed in bulleted items, and lists numbered ones as CommonMark does', async () => {
    const { markdown, html } = await markdownOf([
      { text: 'A procedure is significant when:', x: 72, y: 80 },
      { text: '(a) it is surgical in nature;', x: 72, y: 100 },
      { text: '(b) it carries an anaesthetic risk.', x: 72, y: 115 },
      { text: 'Report it as follows:', x: 72, y: 140 },
      { text: '(1) name the procedure;', x: 72, y: 160 },
      { text: '(2) give its date.', x: 72, y: 175 },
    ])
    expect(markdown).toContain(
      '- (a) it is surgical in nature;\n- (b) it carries an anaesthetic risk.',
    )
    // Each item stays an item: bare "(a)" lines would render as one paragraph.
    expect(html).toContain(
      '<ul><li>(a) it is surgical in nature;</li><li>(b) it carries an anaesthetic risk.</li></ul>',
    )
    // A statute cites its subsections by their brackets: "(2)(b)".
    expect(html).toContain('<ul><li>(1) name the procedure;</li><li>(2) give its date.</li></ul>')
    const numbered = await markdownOf([
      { text: 'Report it as follows:', x: 72, y: 80 },
      { text: '1. name the procedure;', x: 72, y: 100 },
      { text: '2. give its date.', x: 72, y: 115 },
    ])
    expect(numbered.html).toContain('<ol><li>name the procedure;</li><li>give its date.</li></ol>')
  })

  it("keeps an item's second paragraph, set in line with its text, inside the item", async () => {
    const { html } = await markdownOf([
      { text: 'Three measures help:', x: 72, y: 80 },
      { text: '1.', x: 72, y: 104 },
      { text: 'Reduce the number of recurring meetings. Most teams can', x: 90, y: 104 },
      { text: 'replace a weekly status meeting with a written update.', x: 90, y: 118 },
      { text: 'Where a meeting is kept, it should have a written agenda', x: 90, y: 140 },
      { text: 'circulated the day before, and end with its decisions.', x: 90, y: 154 },
      { text: '2.', x: 72, y: 176 },
      { text: 'Protect two mornings a week from interruptions.', x: 90, y: 176 },
      { text: 'A longer list of measures is given below.', x: 72, y: 204 },
    ])
    expect(html).toContain(
      '<ol><li><p>Reduce the number of recurring meetings. Most teams can replace a weekly status meeting with a written update.</p><p>Where a meeting is kept, it should have a written agenda circulated the day before, and end with its decisions.</p></li><li><p>Protect two mornings a week from interruptions.</p></li></ol><p>A longer list of measures is given below.</p>',
    )
  })

  it('lists items numbered without a period when their text hangs right of the numbers', async () => {
    const { html } = await markdownOf([
      { text: 'Risks for the winter:', x: 72, y: 80 },
      { text: '1', x: 72, y: 104 },
      { text: 'Energy costs may rise by a third over the winter months,', x: 90, y: 104 },
      { text: 'which would take the budget over its limit by February.', x: 90, y: 118 },
      { text: '2', x: 72, y: 138 },
      { text: 'Two senior curators retire next year.', x: 90, y: 138 },
      { text: 'The largest towns, one line each:', x: 72, y: 170 },
      { text: '1 Oslo 709,000', x: 72, y: 194 },
      { text: '2 Bergen 291,000', x: 72, y: 214 },
    ])
    expect(html).toContain(
      '<ol><li>Energy costs may rise by a third over the winter months, which would take the budget over its limit by February.</li><li>Two senior curators retire next year.</li></ol>',
    )
    // Rows of one line each show no hang: they may be a table's.
    expect(html).toContain('<p>1 Oslo 709,000</p><p>2 Bergen 291,000</p>')
  })

  it('starts a new entry at each term set in its own type, after a finished sentence', async () => {
    // A description list as LaTeX sets it: each term in bold, run into its definition, whose
    // lines hang under it; then commands in typewriter type, one line each.
    const entries: [string, string, 'bold' | 'mono', number][] = [
      ['Deduplication', 'Storing identical pieces of data only once. When two files', 'bold', 100],
      ['Snapshot', 'A read-only copy of a file system at one moment in time. Its', 'bold', 128],
      [
        'zpool status',
        'Shows the health of every pool and the progress of any scrub.',
        'mono',
        200,
      ],
      ['zfs list', 'Lists the file systems and the space that each of them uses.', 'mono', 214],
    ]
    const texts: TextSpec[] = []
    for (const [term, text, font, y] of entries) {
      texts.push({ text: term, x: 72, y, font })
      texts.push({ text, x: 76 + (await textWidth(term, 11, font)), y })
    }
    texts.push(
      {
        text: 'share most of their blocks, it keeps one copy of the shared blocks.',
        x: 96,
        y: 114,
      },
      { text: 'blocks are shared with the live file system, so it costs little.', x: 96, y: 142 },
      // A paragraph whose line opens with a title in italics after a sentence goes on.
      {
        text: 'Storage grew by a third last year, twice as fast as in the year before.',
        x: 72,
        y: 250,
      },
      { text: 'Byte Magazine', x: 72, y: 264, font: 'italic' },
      {
        text: 'reported the same for most of the sites that it surveyed.',
        x: 76 + (await textWidth('Byte Magazine', 11, 'italic')),
        y: 264,
      },
    )
    const { html } = await markdownOf(texts)
    expect(html).toContain(
      '<p>Deduplication Storing identical pieces of data only once. When two files share most of their blocks, it keeps one copy of the shared blocks.</p><p>Snapshot A read-only',
    )
    expect(html).toContain(
      '<p>zpool status Shows the health of every pool and the progress of any scrub.</p><p>zfs list Lists',
    )
    expect(html).toContain('twice as fast as in the year before. Byte Magazine reported')
  })

  it('reads items whose number stands against their text, as LibreOffice slides print them', async () => {
    // The tab after each number draws no glyph, and pdf.js reads "1.July" as one word.
    const doc = await extract(
      await buildPdf([
        [
          { text: '1.Incidents', x: 72, y: 80, size: 20, font: 'bold' },
          { text: '1.July 14: storage outage in eu-west', x: 72, y: 120, size: 14 },
          { text: '2.August 2: certificate expiry on the billing API', x: 72, y: 145, size: 14 },
          { text: '3.September 20: DNS misconfiguration', x: 72, y: 170, size: 14 },
        ],
      ]),
    )
    expect(doc.elements.find((element) => element.type === 'heading')?.text).toBe('1.Incidents')
    expect(doc.elements.find((element) => element.type === 'list')?.items).toEqual([
      'July 14: storage outage in eu-west',
      'August 2: certificate expiry on the billing API',
      'September 20: DNS misconfiguration',
    ])
  })

  it('keeps an item that quotes smaller inline code in its place in the list', async () => {
    // Browsers set code a size smaller than the text around it; here the code outweighs the prose,
    // low on the page, where smaller type would be a note.
    const lead = '2. Add a job with '
    const { markdown } = await markdownOf([
      { text: 'Quick start', x: 72, y: 480, size: 18, font: 'bold' },
      { text: '1. Create a queue.', x: 72, y: 510, size: 12 },
      { text: lead, x: 72, y: 530, size: 12 },
      {
        text: "queue.add('email', { to: 'ada@example.org' })",
        x: 72 + (await textWidth(lead, 12)),
        y: 530,
        size: 10.2,
        font: 'mono',
      },
      { text: '3. Start a worker.', x: 72, y: 550, size: 12 },
      { text: 'Options', x: 72, y: 590, size: 18, font: 'bold' },
      {
        text: 'Every option has a default that suits a small deployment.',
        x: 72,
        y: 620,
        size: 12,
      },
    ])
    expect(markdown).toContain(
      "1. Create a queue.\n2. Add a job with queue.add('email', { to: 'ada@example.org' })\n3. Start a worker.",
    )
  })

  it('nests items alike under a list whose later items stand further left', async () => {
    const { html } = await markdownOf([
      { text: 'Bring these on every visit:', x: 72, y: 80 },
      { text: '• a radio', x: 90, y: 100 },
      { text: '– spare batteries', x: 108, y: 115 },
      { text: '– a charger', x: 108, y: 130 },
      { text: '• a head torch', x: 90, y: 145 },
      { text: '1. Sign the logbook', x: 72, y: 160 },
    ])
    expect(html).toContain(
      '<ul><li>a radio<ul><li>spare batteries</li><li>a charger</li></ul></li><li>a head torch</li></ul><ol><li>Sign the logbook</li></ol>',
    )
  })

  it('reads a list whose bullets are drawn as discs and rings, as browsers print them', async () => {
    const items = SITE_CHECKLIST
    const pdf = await buildPdf([
      {
        texts: [
          { text: 'Use this checklist before every visit to a site.', x: 72, y: 100 },
          ...items,
        ],
        // 0.3 em across, 0.75 em before the text, in the middle of the letters' height
        dots: items.map(({ x, y }) => ({ x: x - 10, y: y - 3.5, radius: 1.7, outline: x > 100 })),
      },
    ])
    const doc = await extract(pdf, { mode: 'hybrid' })
    const lists = doc.elements.filter((element) => element.type === 'list')
    expect(lists.flatMap((list) => list.items)).toEqual(items.map(({ text }) => text))
    expect(doc.markdown).toContain(
      '- Confirm the permit number with the site manager.\n- Walk the perimeter and note every access point:\n  - gates and their locks,\n- Photograph',
    )
  })

  it("reads a tagged list's drawn bullets in fast mode from its empty labels", async () => {
    const texts = [
      { text: 'Use this checklist before every visit to a site.', x: 72, y: 100 },
      ...SITE_CHECKLIST.map((item) => ({
        ...item,
        drawnLabel: { x: item.x - 10, y: item.y - 3.5, radius: 1.7 },
      })),
    ]
    const doc = await extract(await buildPdf([{ texts }], { tagged: true }))
    expect(doc.markdown).toBe(
      'Use this checklist before every visit to a site.\n\n- Confirm the permit number with the site manager.\n- Walk the perimeter and note every access point:\n  - gates and their locks,\n- Photograph each defect with a scale reference.\n',
    )
    // Untagged, the same page gives fast no sign of the bullets: the items read as text.
    const untagged = await extract(await buildPdf([{ texts }]))
    expect(untagged.elements.some((element) => element.type === 'list')).toBe(false)
  })

  it("reads a paper's last page of two short columns column by column, where the page before had them", async () => {
    const column = (x: number, words: string) =>
      Array.from({ length: 30 }, (_, i) => ({
        text: `${words} line ${i + 1} of the column runs on`,
        x,
        y: 72 + 14 * i,
        size: 10,
      }))
    const pdf = await buildPdf([
      [...column(72, 'left'), ...column(320, 'right')],
      [
        // The reference the page before left off: its year, above the next one.
        { text: '2022.', x: 84, y: 72, size: 9 },
        { text: '[3] F. Muller. Battery models for embedded', x: 72, y: 86, size: 9 },
        { text: 'nodes. ACM Computing Surveys 54(2), 2020.', x: 84, y: 97, size: 9 },
        { text: '[4] G. Rossi and H. Tanaka. Adaptive packet', x: 320, y: 72, size: 9 },
        { text: 'scheduling under interference. INFOCOM 2023.', x: 332, y: 83, size: 9 },
      ],
    ])
    const { markdown } = await extract(pdf)
    expect(markdown).toContain(
      '[3] F. Muller. Battery models for embedded nodes. ACM Computing Surveys 54(2), 2020.\n\n[4] G. Rossi',
    )
  })

  it('keeps a code listing whole across its blank lines', async () => {
    const pdf = await buildPdf([
      [
        { text: 'The function below waits longer after each failed attempt.', x: 72, y: 80 },
        { text: 'import random', x: 72, y: 110, font: 'mono', size: 10 },
        { text: 'def backoff(attempt):', x: 72, y: 134, font: 'mono', size: 10 },
        {
          text: '    return random.uniform(0, 2 ** attempt)',
          x: 72,
          y: 146,
          font: 'mono',
          size: 10,
        },
        { text: 'The random spread keeps clients from retrying together.', x: 72, y: 176 },
      ],
    ])
    const doc = await extract(pdf)
    expect(doc.elements.map((element) => element.type)).toEqual(['paragraph', 'code', 'paragraph'])
    expect(doc.markdown).toContain(
      '```\nimport random\n\ndef backoff(attempt):\n    return random.uniform(0, 2 ** attempt)\n```',
    )
  })

  it("keeps a function's closing brace in its listing after a blank line in its body", async () => {
    const mono = (text: string, y: number): TextSpec => ({ text, x: 72, y, font: 'mono', size: 10 })
    const pdf = await buildPdf([
      [
        { text: 'The function below returns the larger of two integers.', x: 72, y: 80 },
        mono('int max(int a, int b) {', 110),
        mono('    if (a > b) {', 122),
        mono('        return a;', 134),
        mono('    }', 146),
        mono('    return b;', 170),
        mono('}', 182),
        { text: 'It is used throughout the examples of this chapter.', x: 72, y: 212 },
      ],
    ])
    const doc = await extract(pdf)
    expect(doc.elements.map((element) => element.type)).toEqual(['paragraph', 'code', 'paragraph'])
    expect(doc.markdown).toContain('        return a;\n    }\n\n    return b;\n}\n```')
  })

  it("reads a README's install command and its listing's blank lines and last line as code", async () => {
    const mono = (text: string, y: number): TextSpec => ({ text, x: 72, y, font: 'mono', size: 9 })
    const pdf = await buildPdf([
      [
        { text: 'queuekit', x: 72, y: 60, size: 22 },
        { text: 'A small job queue for Node.js with retries and priorities.', x: 72, y: 90 },
        { text: 'Installation', x: 72, y: 120, size: 15 },
        mono('npm install queuekit', 150),
        { text: 'Usage', x: 72, y: 180, size: 15 },
        { text: 'Create a queue, register a handler, then add jobs:', x: 72, y: 205 },
        mono("import { Queue } from 'queuekit'", 230),
        mono("const queue = new Queue('emails')", 253),
        mono('queue.process(async (job) => {', 276),
        mono('  await send(job.data)', 287.5),
        mono('})', 299),
        mono("await queue.add({ to: 'ana@example.org' })", 322),
        { text: 'Handlers must be idempotent: a job may run twice after a crash.', x: 72, y: 352 },
      ],
    ])
    const doc = await extract(pdf)
    expect(doc.elements.map((element) => element.type)).toEqual([
      'heading',
      'paragraph',
      'heading',
      'code',
      'heading',
      'paragraph',
      'code',
      'paragraph',
    ])
    expect(doc.markdown).toContain('```\nnpm install queuekit\n```')
    expect(doc.markdown).toContain(
      "```\nimport { Queue } from 'queuekit'\n\nconst queue = new Queue('emails')\n\nqueue.process(async (job) => {\n  await send(job.data)\n})\n\nawait queue.add({ to: 'ana@example.org' })\n```",
    )
  })

  it("keeps a listing's aligned comments and a diagram's boxes on their lines, spaces and all", async () => {
    // Courier at 10 pt: 6 pt a character. Each piece is drawn on its own, at its column.
    const at = (text: string, column: number, y: number): TextSpec => ({
      text,
      x: 72 + 6 * column,
      y,
      font: 'mono',
      size: 10,
    })
    const listing = [
      'listen   = 0.0.0.0:8080      # address and port to serve on',
      'workers  = 4                 # one per core is a good start',
      '+--------+          +---------+',
      '| client | -------> | backend |',
      '+--------+          +---------+',
    ]
    const pieces = listing.flatMap((line, row) =>
      [...line.matchAll(/\S+(?: \S+)*/g)].map((piece) => at(piece[0], piece.index, 170 + 12 * row)),
    )
    // Running text around it: a document of prose that shows a listing, not one of typewriter text.
    const intro = await wrapText(`${LOREM} The settings and the data flow:`, {
      x: 72,
      y: 80,
      width: 420,
    })
    const after = await wrapText(LOREM, { x: 72, y: 250, width: 420 })
    const { markdown } = await markdownOf([...intro.texts, ...pieces, ...after.texts])
    expect(markdown).toContain(`\`\`\`\n${listing.join('\n')}\n\`\`\``)
  })

  it('reads a text file printed in typewriter type: numbered titles head sections, a diagram stands', async () => {
    const mono = (text: string, x: number, y: number): TextSpec => ({
      text,
      x,
      y,
      font: 'mono',
      size: 10,
    })
    // Titles at the margin, their text three characters (18 pt) in.
    const prose = await wrapText(`${LOREM} ${LOREM}`, {
      x: 90,
      y: 104,
      width: 430,
      size: 10,
      leading: 12,
      font: 'mono',
    })
    const diagram = [
      '+--------+           +--------+',
      '| Client | --------> | Server |',
      '+--------+           +--------+',
    ]
    const top = prose.bottom + 30
    const pieces = diagram.flatMap((line, row) =>
      [...line.matchAll(/\S+(?: \S+)*/g)].map((piece) =>
        mono(piece[0], 90 + 6 * piece.index, top + 12 * row),
      ),
    )
    const { markdown } = await markdownOf([
      mono('1.  Overview', 72, 80),
      ...prose.texts,
      ...pieces,
      mono('2.  Security Considerations', 72, top + 60),
      mono('The link carries no secrets.', 90, top + 84),
    ])
    expect(markdown).toContain('# 1. Overview\n\nThe committee reviewed the budget')
    expect(markdown).toContain(`\`\`\`\n${diagram.join('\n')}\n\`\`\``)
    expect(markdown).toContain('# 2. Security Considerations\n\nThe link carries no secrets.')
  })

  it("reads the values filled into a form's fields beside their labels, but no password", async () => {
    const pdf = await PDFDocument.create()
    const page = pdf.addPage([612, 792])
    const font = await pdf.embedFont(StandardFonts.Helvetica)
    const form = pdf.getForm()
    const label = (text: string, x: number, y: number) =>
      page.drawText(text, { x, y, size: 11, font })
    const textField = (name: string, value: string, y: number, height = 18) => {
      const field = form.createTextField(name)
      if (height > 18) field.enableMultiline()
      field.setText(value)
      field.addToPage(page, { x: 150, y, width: 250, height })
      return field
    }
    label('Full name:', 72, 680)
    textField('name', 'Ada Lovelace', 674)
    label('Email:', 72, 650)
    textField('email', 'ada@example.org', 644)
    label('PIN:', 72, 620)
    textField('pin', '4321', 614).enablePassword()
    const news = form.createCheckBox('news')
    news.addToPage(page, { x: 72, y: 588, width: 12, height: 12 })
    news.check()
    label('Send me the newsletter', 90, 590)
    form.createCheckBox('post').addToPage(page, { x: 72, y: 568, width: 12, height: 12 })
    label('Send me letters by post', 90, 570)
    label('Branch:', 72, 540)
    const branch = form.createDropdown('branch')
    branch.addOptions(['Central', 'Harbour'])
    branch.select('Harbour')
    branch.addToPage(page, { x: 150, y: 534, width: 120, height: 18 })
    label('Comments:', 72, 500)
    textField('notes', 'Please send the card\nto my office.', 450, 60)
    for (const mode of ['fast', 'hybrid'] as const) {
      const { markdown } = await extract(await pdf.save(), { mode })
      const paragraphs = [
        'Full name: Ada Lovelace',
        'Email: ada@example.org',
        'PIN:',
        // The boxes, ticked or not, as a task list's items.
        '- [x] Send me the newsletter\n- [ ] Send me letters by post',
        'Branch: Harbour',
        'Comments: Please send the card to my office.',
      ]
      expect(markdown).toBe(`${paragraphs.join('\n\n')}\n`)
    }
  })

  it('reads a page set on its side turned back, and gives its boxes on the page as displayed', async () => {
    // As LaTeX's lscape sets a landscape page: the page stays upright, its text runs up it.
    const pdf = await buildPdf([
      [
        { text: 'Landscape page', x: 100, y: 700, size: 18, font: 'bold', rotate: 90 },
        {
          text: 'This page is turned on its side so that a wide table fits',
          x: 130,
          y: 700,
          rotate: 90,
        },
        {
          text: 'on it, and a reader turns the page to read along its edge.',
          x: 144,
          y: 700,
          rotate: 90,
        },
      ],
    ])
    const expected =
      '# Landscape page\n\nThis page is turned on its side so that a wide table fits on it, and a reader turns the page to read along its edge.\n'
    expect((await extract(pdf)).markdown).toBe(expected)
    const doc = await extract(pdf, { mode: 'hybrid' })
    expect(doc.markdown).toBe(expected)
    expect(doc.source.pageSizes).toEqual([[612, 792]])
    // The heading runs up the displayed page: a narrow box, tall, ending where its text starts.
    const [left, top, right, bottom] = doc.elements[0]?.bbox ?? []
    expect(left).toBeGreaterThan(80)
    expect(right).toBeLessThan(104)
    expect(bottom).toBeCloseTo(700, 0)
    expect(top).toBeLessThan(600)
  })

  it('reads a page rotated for display whose text was drawn upright, turned back', async () => {
    const pdf = await PDFDocument.create()
    const font = await pdf.embedFont(StandardFonts.Helvetica)
    const page = pdf.addPage([612, 792])
    page.setRotation(degrees(90))
    page.drawText('Rotated page', { x: 72, y: 700, size: 20, font })
    page.drawText('Its text was drawn upright and the page turned for display.', {
      x: 72,
      y: 660,
      size: 11,
      font,
    })
    const doc = await extract(await pdf.save())
    expect(doc.markdown).toBe(
      '# Rotated page\n\nIts text was drawn upright and the page turned for display.\n',
    )
    expect(doc.source.pageSizes).toEqual([[792, 612]])
  })

  it('reads two columns one after the other, under a full-width title', async () => {
    const left = await wrapText(`Left column. ${LOREM}`, { x: 72, y: 130, width: 220 })
    const right = await wrapText(`Right column. ${LOREM}`, { x: 320, y: 130, width: 220 })
    const pdf = await buildPdf([
      [
        { text: 'A two-column page', size: 20, x: 72, y: 80, font: 'bold' },
        ...left.texts,
        ...right.texts,
      ],
    ])
    const doc = await extract(pdf)
    const paragraphs = doc.elements.filter((element) => element.type === 'paragraph')
    expect(paragraphs.map((element) => element.text)).toEqual([
      `Left column. ${LOREM}`,
      `Right column. ${LOREM}`,
    ])
  })

  it("reads a sidebar beside a chapter's opening before the section heading under it", async () => {
    // A textbook page as a browser prints it: the heading has as much space above it as below.
    const intro = await wrapText(
      'All living cells need energy to grow, to move substances across their membranes and to build the large molecules they are made of. Here you learn where it comes from.',
      { x: 28, y: 78, width: 365, size: 10, leading: 13.5 },
    )
    const sidebar = await wrapText(
      'Did you know? A single human cell uses about ten million molecules of ATP every second. The body recycles its weight in ATP each day.',
      { x: 411, y: 84, width: 158, size: 8.5, leading: 10 },
    )
    const text = await wrapText(`Respiration is the reaction that releases energy. ${LOREM}`, {
      x: 28,
      y: 160,
      width: 544,
      size: 10,
      leading: 11.5,
    })
    const pdf = await buildPdf([
      [
        { text: '4 Cells and Energy', size: 22, x: 28, y: 48, font: 'bold' },
        ...intro.texts,
        ...sidebar.texts,
        { text: '4.1 Respiration', size: 14, x: 28, y: 137, font: 'bold' },
        ...text.texts,
        // Narrower pieces further down: a boxed key point, a caption, headings and exercises.
        { text: 'KEY CONCEPT', size: 10, x: 37, y: 214, font: 'bold' },
        {
          text: 'Aerobic respiration uses oxygen and releases more energy',
          size: 10,
          x: 37,
          y: 227,
        },
        {
          text: 'Figure 4.1 A mitochondrion, where respiration happens.',
          size: 8.5,
          x: 28,
          y: 268,
        },
        { text: 'Anaerobic respiration', size: 11, x: 28, y: 292, font: 'bold' },
        { text: 'Exercises', size: 14, x: 28, y: 320, font: 'bold' },
        { text: '1. State two differences between the two kinds.', size: 10, x: 45, y: 344 },
        { text: '2. Explain why athletes breathe deeply after a race.', size: 10, x: 45, y: 358 },
      ],
    ])
    const { elements } = await extract(pdf)
    expect(elements.slice(0, 5).map((element) => element.text.slice(0, 15))).toEqual([
      '4 Cells and Ene',
      'All living cell',
      'Did you know? A',
      '4.1 Respiration',
      'Respiration is ',
    ])
  })

  it("reads an index's entries each on its own, under the letters they are sorted by", async () => {
    const entries = [
      ['A', 72],
      ['absolute convergence, 12, 15-17', 72],
      ['of power series, 44', 82],
      ['alternating series, 18', 72],
      ['B', 72],
      ['Bernoulli numbers, 51', 72],
      ['binomial series, 47, 49', 72],
      ['E', 72],
      ['exponential series, 46', 72],
    ] as const
    const terms = ['adolescent growth spurt 187', 'brain growth spurt 173', 'catch-up growth 192']
    const pdf = await buildPdf([
      [
        { text: 'Index', size: 16, x: 72, y: 80, font: 'bold' },
        ...entries.map(([text, x], i) => ({ text, x, y: 110 + 13 * i, size: 10 })),
        { text: 'Key terms', size: 16, x: 72, y: 260, font: 'bold' },
        ...terms.map((text, i) => ({ text, x: 72, y: 290 + 11 * i, size: 9 })),
      ],
    ])
    const { elements } = await extract(pdf)
    // The letters are headings or lines of their own, as their type makes them.
    const lines = elements.filter((element) => element.type !== 'heading')
    expect(lines.map((element) => element.text).filter((text) => text.length > 1)).toEqual([
      ...entries.map(([text]) => text).filter((text) => text.length > 1),
      ...terms,
    ])
  })

  it("reads an index set in two columns down each column, an entry's wrapped pages with it", async () => {
    // A book's index printed by a browser: each column opens with its letter, its lines level
    // with the other column's; a note's page reads "178n", and one entry's last page wraps.
    const left = [
      ['A', 52, 'bold'],
      ['Adams, John Quincy, 41, 88-90', 52],
      ['agriculture, 12, 57-63, 201', 52],
      ['crop rotation, 59', 62],
      ['almanacs, 33, 178n', 52],
      ['American Philosophical Society, 47,', 52],
      ['112', 62],
      ['apprenticeship, 19-24', 52],
    ] as const
    const right = [
      ['D', 227, 'bold'],
      ['debt, personal, 124-127, 210', 227],
      ['Delaware River, 9, 66', 227],
      ['diaries, 3-6, 92, 207n', 227],
      ['domestic servants, 54-55', 227],
      ['dowries, 88', 227],
      ['drainage, 61', 227],
      ['dyeing, 140', 227],
    ] as const
    const line = ([text, x, font]: readonly [string, number, string?], i: number) => ({
      text,
      x,
      y: 120 + 12 * i,
      size: font ? 10.5 : 9.5,
      ...(font && { font: 'bold' as const }),
    })
    const pdf = await buildPdf([[...left.map(line), ...right.map(line)]])
    // Hybrid finds no table in its columns either: they line up, but hold an index's entries.
    for (const mode of ['fast', 'hybrid'] as const) {
      const { elements } = await extract(pdf, { mode })
      expect(elements.map((element) => element.text).filter((text) => text.length > 1)).toEqual(
        INDEX_ENTRIES,
      )
    }
  })

  it("reads a contract's clauses numbered in levels each on its own, under their clause's title", async () => {
    const pdf = await buildPdf([
      [
        { text: '1.', x: 72, y: 100, size: 11 },
        { text: 'Definitions', x: 100, y: 100, size: 11 },
        { text: '1.1', x: 100, y: 115, size: 11 },
        {
          text: 'In this Agreement words have the meanings given to them below.',
          x: 128,
          y: 115,
          size: 11,
        },
        { text: '1.2', x: 100, y: 130, size: 11 },
        {
          text: '"Services" means the inspection and maintenance services in',
          x: 128,
          y: 130,
          size: 11,
        },
        { text: 'Schedule 1, and any variation agreed in writing.', x: 128, y: 145, size: 11 },
      ],
    ])
    const { elements } = await extract(pdf)
    expect(elements.map((element) => element.text)).toEqual([
      expect.stringMatching(/Definitions$/),
      '1.1 In this Agreement words have the meanings given to them below.',
      '1.2 "Services" means the inspection and maintenance services in Schedule 1, and any variation agreed in writing.',
    ])
  })

  it('reads references set with a hanging indent one to a paragraph, short ones too', async () => {
    // APA style: each reference's wrapped lines stand in 18 pt from its first.
    const references = [
      [
        'Appleton, I. (2003). The safety audit of existing roads. Proceedings of the',
        'PIARC C13 Meeting, Lisbon, 12-19.',
      ],
      [
        'Brezinski, C., & Redivo Zaglia, M. (1991). Extrapolation methods: Theory',
        'and practice. North-Holland.',
      ],
      ['Hardy, G. H. (1949). Divergent series. Clarendon Press.'],
      [
        'Kennedy, D. N., Makris, N., & Caviness, V. S. (2002). Basic principles of',
        'MRI and morphometry studies of human brain development.',
      ],
      ['Knopp, K. (1951). Theory and application of infinite series (2nd ed.).', 'Blackie & Son.'],
    ]
    const texts: TextSpec[] = []
    for (const lines of references) {
      for (const [i, text] of lines.entries()) {
        texts.push({ text, x: i === 0 ? 72 : 90, y: 100 + 14 * texts.length, size: 11 })
      }
    }
    const { elements } = await extract(await buildPdf([texts]))
    expect(elements.map((element) => element.text)).toEqual(
      references.map((lines) => lines.join(' ')),
    )
  })

  it('keeps the depth of list items that run on into the next column', async () => {
    const markdown = await listOverColumns(
      (y) => [
        { text: '1. Extra sailings on Saturdays.', x: 84, y },
        { text: '2. A late boat on Fridays.', x: 84, y: y + 15 },
        { text: '• Tickets are bought in advance.', x: 100, y: y + 30 },
      ],
      // The second column: the nested item first, then the list's last item.
      [
        { text: '• Bicycles are carried free.', x: 348, y: 130 },
        { text: '3. No sailings on Christmas Day.', x: 332, y: 145 },
      ],
    )
    expect(markdown).toContain(
      '1. Extra sailings on Saturdays.\n2. A late boat on Fridays.\n   - Tickets are bought in advance.\n   - Bicycles are carried free.\n3. No sailings on Christmas Day.',
    )
  })

  it('goes on with a list item that a column break cuts off, at the head of the next column', async () => {
    const markdown = await listOverColumns(
      (y) => [
        { text: '• Carol singing around the village on', x: 72, y },
        { text: '18 December, starting at the', x: 82, y: y + 14 },
      ],
      [
        { text: 'church at six.', x: 330, y: 80 },
        { text: '• Christmas lunch on 20 December.', x: 320, y: 100 },
      ],
    )
    expect(markdown).toContain(
      '- Carol singing around the village on 18 December, starting at the church at six.\n- Christmas lunch on 20 December.',
    )
  })

  it('joins a paragraph that a column break cut mid-sentence past the page number of a one-page PDF', async () => {
    const left = await wrapText(`${LOREM} The board will meet again in`, {
      x: 72,
      y: 80,
      width: 220,
    })
    const right = await wrapText(`the autumn to settle its plan. ${LOREM}`, {
      x: 320,
      y: 80,
      width: 220,
    })
    const { markdown } = await markdownOf([
      ...left.texts,
      ...right.texts,
      // Centred at the foot, in the gutter: no other page repeats it as a page number.
      { text: '1', x: 303, y: 740 },
    ])
    expect(markdown).toContain('The board will meet again in the autumn to settle its plan.')
    expect(markdown.endsWith('before the spring meeting.\n\n1\n')).toBe(true)
  })

  it('reads a list on over a page break, past the running footer between its items', async () => {
    const footer = (page: number) => [
      { text: 'Site survey guide', x: 72, y: 760, size: 9 },
      { text: `Page ${page}`, x: 500, y: 760, size: 9 },
    ]
    const pdf = await buildPdf([
      [
        { text: 'Bring these on every visit:', x: 72, y: 600 },
        { text: '• a radio with spare batteries', x: 72, y: 620 },
        { text: '• a head torch', x: 72, y: 635 },
        ...footer(1),
      ],
      [{ text: '• a first-aid kit', x: 72, y: 80 }, ...footer(2)],
    ])
    const { markdown } = await extract(pdf)
    expect(micromark(markdown).replace(/\n/g, '')).toContain(
      '<ul><li>a radio with spare batteries</li><li>a head torch</li><li>a first-aid kit</li></ul>',
    )
  })

  it('reads a note set in body type at the foot of a page after the list it interrupts', async () => {
    const cites = 'Leakage fell by 11 percent compared with 2024.'
    const mark = (x: number, y: number) => ({ text: '1', x, y: y - 4.5, size: 7 })
    const pdf = await buildPdf([
      [
        { text: cites, x: 72, y: 560 },
        mark(72 + (await textWidth(cites)), 560),
        { text: 'The inspections checked:', x: 72, y: 590 },
        { text: '• pumps and motors', x: 84, y: 610 },
        { text: '• valves and hydrants', x: 84, y: 625 },
        mark(72, 700),
        { text: 'Leakage is measured as a three-year rolling average.', x: 78, y: 700 },
      ],
      [
        { text: '• backup generators', x: 84, y: 80 },
        { text: 'Two stations needed new pumps.', x: 72, y: 100 },
      ],
    ])
    const doc = await extract(pdf)
    expect(micromark(doc.markdown).replace(/\n/g, '')).toContain(
      '<ul><li>pumps and motors</li><li>valves and hydrants</li><li>backup generators</li></ul>',
    )
    expect(doc.elements.filter((element) => element.type === 'footnote')).toMatchObject([
      { page: 1, text: '1 Leakage is measured as a three-year rolling average.' },
    ])
  })

  it('reads a stamp set sideways in the margin first, as text rather than a heading', async () => {
    const left = await wrapText(`Left column. ${LOREM}`, { x: 72, y: 130, width: 220 })
    const right = await wrapText(`Right column. ${LOREM}`, { x: 320, y: 130, width: 220 })
    const stamp = 'arXiv:2312.15166v2 [cs.CL] 29 Dec 2023'
    const pdf = await buildPdf([
      [
        { text: 'A two-column page', size: 20, x: 72, y: 80, font: 'bold' },
        ...left.texts,
        ...right.texts,
        // Larger than the body, running up the left margin beside the left column.
        { text: stamp, size: 16, x: 40, y: 520, rotate: 90 },
      ],
    ])
    const doc = await extract(pdf)
    expect(doc.elements[0]).toMatchObject({ type: 'paragraph', text: stamp })
    expect(doc.elements.filter((element) => element.type === 'heading')).toHaveLength(1)
  })

  it('joins words hyphenated at line ends and keeps real hyphens', async () => {
    const lines: TextSpec[] = [
      { text: 'Most of the tra-', x: 72, y: 100 },
      { text: 'ditional methods are well-', x: 72, y: 114 },
      { text: 'known, and the COVID-', x: 72, y: 128 },
      { text: '19 rules changed them.', x: 72, y: 142 },
    ]
    const doc = await extract(await buildPdf([lines]))
    expect(doc.elements[0]?.text).toBe(
      'Most of the traditional methods are well-known, and the COVID-19 rules changed them.',
    )
  })

  it('keeps running headers and page numbers as elements but out of the Markdown', async () => {
    const pages = [1, 2, 3].map((n) => [
      { text: 'Quarterly bulletin', size: 8, x: 72, y: 40 },
      { text: `Page ${n} of 3`, size: 8, x: 280, y: 760 },
      { text: `Section ${n} says what happened in month ${n} of the quarter.`, x: 72, y: 120 },
    ])
    const doc = await extract(await buildPdf(pages))
    expect(doc.elements.filter((element) => element.type === 'header')).toHaveLength(3)
    expect(doc.elements.filter((element) => element.type === 'footer')).toHaveLength(3)
    expect(doc.markdown).not.toContain('Quarterly bulletin')
    expect(doc.markdown).not.toContain('Page 2 of 3')
    const kept = await extract(await buildPdf(pages), { keepFurniture: true })
    expect(kept.markdown).toContain('Quarterly bulletin')
  })

  it('joins a paragraph that a page break cut mid-sentence', async () => {
    const pdf = await buildPdf([
      [{ text: 'The inspection of the northern bridge found that the', x: 72, y: 740 }],
      [{ text: 'bearings need replacing within two years.', x: 72, y: 72 }],
    ])
    const doc = await extract(pdf)
    expect(
      doc.elements.filter((element) => element.type === 'paragraph').map((element) => element.text),
    ).toEqual([
      'The inspection of the northern bridge found that the bearings need replacing within two years.',
    ])
  })

  it('ends a contents entry at its page number, though the next page starts in lowercase', async () => {
    const pdf = await buildPdf([
      [
        { text: '5.1. Local clean rules . . . . . . . . . . . . . . . . 8', x: 72, y: 700 },
        { text: '5.2. Local install rules and hooks . . . . . . . . . 9', x: 72, y: 740 },
      ],
      [{ text: 'by Bertrand Garrigues', x: 72, y: 72 }],
    ])
    const doc = await extract(pdf)
    expect(doc.elements.map((element) => element.text)).toContain('by Bertrand Garrigues')
  })

  it('produces chunks under the token budget that point at their elements', async () => {
    const texts: TextSpec[] = [{ text: 'Minutes', size: 20, x: 72, y: 60, font: 'bold' }]
    let y = 100
    for (let i = 0; i < 6; i++) {
      const block = await wrapText(`Item ${i + 1}. ${LOREM}`, { x: 72, y, width: 460 })
      texts.push(...block.texts)
      y = block.bottom + 24
    }
    const doc = await extract(await buildPdf([texts]), {
      outputs: ['markdown', 'elements', 'chunks'],
      chunkTokens: 80,
    })
    expect(ExtractedDocumentSchema.parse(doc)).toBeTruthy()
    const chunks = doc.chunks ?? []
    expect(chunks.length).toBeGreaterThan(3)
    const ids = new Set(doc.elements.map((element) => element.id))
    for (const chunk of chunks) {
      expect(chunk.tokens).toBeLessThanOrEqual(80)
      expect(chunk.section).toBe('Minutes')
      for (const id of chunk.elementIds) expect(ids.has(id)).toBe(true)
    }
  })

  it('detects the language of the text', async () => {
    const body = await wrapText(LOREM, { x: 72, y: 100, width: 460 })
    expect((await extract(await buildPdf([body.texts]))).language).toBe('en')
  })

  it('reads text in the standard fonts a PDF names without embedding them, Symbol too', async () => {
    const pdf = await PDFDocument.create()
    const page = pdf.addPage([400, 200])
    const lines: Array<[StandardFonts, string]> = [
      [StandardFonts.TimesRoman, 'Times roman text'],
      [StandardFonts.HelveticaBoldOblique, 'Helvetica bold oblique'],
      [StandardFonts.Symbol, 'Σ αβγ ≤ ∞'],
    ]
    for (const [index, [name, text]] of lines.entries()) {
      page.drawText(text, { x: 40, y: 170 - 45 * index, size: 12, font: await pdf.embedFont(name) })
    }
    const doc = await extract(await pdf.save())
    expect(doc.elements.map((element) => element.text)).toEqual(lines.map(([, text]) => text))
  })

  it('gives the same output for the same bytes', async () => {
    const pdf = await buildPdf([[{ text: 'Same in, same out.', x: 72, y: 72 }]])
    expect(JSON.stringify(await extract(pdf))).toBe(JSON.stringify(await extract(pdf)))
    // The document's id is the start of the bytes' SHA-256, so another PDF gets another.
    const { id } = await extract(pdf)
    const digest = createHash('sha256').update(pdf).digest('hex')
    expect(id).toBe(`doc_${digest.slice(0, 24)}`)
    const other = await buildPdf([[{ text: 'Other in, other out.', x: 72, y: 72 }]])
    expect((await extract(other)).id).not.toBe(id)
  })

  it('warns about pages without a text layer instead of failing', async () => {
    const doc = await extract(pdfWithoutText())
    expect(doc.markdown).toBe('')
    expect(doc.warnings?.join(' ')).toMatch(/no text layer/)
    // What a scan without OCR paints: a picture of the page, here a grey sheet.
    const scan = { texts: [], rects: [{ x: 72, y: 72, width: 468, height: 648 }] }
    const mixed = await extract(
      await buildPdf([scan, [{ text: 'Text.', x: 72, y: 72 }], scan, scan, scan]),
    )
    expect(mixed.warnings).toEqual([
      'Pages 1, 3-5 have no text layer (scanned?); OCR is not supported',
    ])
    const one = await extract(await buildPdf([scan, [{ text: 'Text.', x: 72, y: 72 }]]))
    expect(one.warnings).toEqual(['Page 1 has no text layer (scanned?); OCR is not supported'])
  })

  it('does not warn about pages left blank, in both modes', async () => {
    const text = (words: string) => [{ text: words, x: 72, y: 72 }]
    const blank = { texts: [] }
    const pdf = await buildPdf([text('Title page.'), blank, text('Chapter one.'), blank])
    for (const mode of ['fast', 'hybrid'] as const) {
      const doc = await extract(pdf, { mode })
      expect(doc.warnings ?? []).toEqual([])
      expect(doc.markdown).toBe('Title page.\n\nChapter one.\n')
    }
    const empty = await extract(await buildPdf([blank, blank]))
    expect(empty.warnings).toEqual(['The PDF has blank pages only'])
  })
})

describe('extract on bad input', () => {
  it('refuses bytes that are not a PDF', async () => {
    await expect(extract(new TextEncoder().encode('<html>not a pdf</html>'))).rejects.toMatchObject(
      { code: 'not_a_pdf' },
    )
    await expect(extract(new Uint8Array())).rejects.toMatchObject({ code: 'not_a_pdf' })
  })

  it('refuses a PDF that needs a password', async () => {
    await expect(extract(pdfNeedingPassword())).rejects.toMatchObject({ code: 'pdf_encrypted' })
  })

  it('refuses a damaged PDF', async () => {
    const damaged = new TextEncoder().encode('%PDF-1.7\n1 0 obj << /Type /Catalog >>\n%%EOF\n')
    await expect(extract(damaged)).rejects.toMatchObject({ code: 'pdf_damaged' })
  })

  it('refuses a PDF whose second page cannot be read, naming the page', async () => {
    // Page 2 is read from pdf.js while page 1 is analysed: its failure must still surface as
    // the extraction's error, and nothing may reject unheard.
    const content = 'BT /F1 12 Tf 72 720 Td (First page) Tj ET'
    const pdf = rawPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R 6 0 R] /Count 2 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
      `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
      '<< /Type /Pages /Kids [6 0 R] /Count 1 >>',
    ])
    await expect(extract(pdf)).rejects.toMatchObject({
      code: 'pdf_damaged',
      message: expect.stringContaining('Page 2'),
    })
  })

  it('refuses a PDF over the page limit', async () => {
    const pdf = await buildPdf([[{ text: 'one', x: 72, y: 72 }], [{ text: 'two', x: 72, y: 72 }]])
    await expect(extract(pdf, { maxPages: 1 })).rejects.toMatchObject({ code: 'pdf_too_complex' })
  })

  it('rejects bad options with invalid_request', async () => {
    const pdf = rawPdf(['<< /Type /Catalog >>'])
    await expect(extract(pdf, { chunkTokens: 0 })).rejects.toMatchObject({
      code: 'invalid_request',
    })
  })

  it('stops when its signal is aborted', async () => {
    const controller = new AbortController()
    controller.abort()
    const pdf = await buildPdf([[{ text: 'never read', x: 72, y: 72 }]])
    await expect(extract(pdf, { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    })
  })
})
