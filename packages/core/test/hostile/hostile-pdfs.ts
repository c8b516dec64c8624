/**
 * A corpus of hostile inputs, written by code byte by byte: decompression bombs, parser-depth
 * attacks, page-tree cycles, lying page counts, broken cross-reference tables, encryption, and
 * files that are no PDF at all. Each case says why it is hostile and what `extract` must do with
 * it: give a document, or fail with one stable PdfxError code, in bounded time and memory.
 */
import { createCipheriv, createHash } from 'node:crypto'
import { constants, deflateRawSync, deflateSync } from 'node:zlib'
import type { ErrorCode } from '@pdfx/schema'

/** What extracting a hostile input must end in. */
export type HostileOutcome =
  | {
      kind: 'document'
      /** Pages the document must report. */
      pages: number
      /** Text its Markdown must contain. */
      text: string
      /** The document title, when the case sets one (it proves strings were decrypted). */
      title?: string
    }
  | { kind: 'error'; code: ErrorCode }

/** One hostile input. */
export interface HostileCase {
  /** Kebab-case; also the file name the server tests serve it under (`<name>.pdf`). */
  name: string
  /** What makes the input hostile, for whoever reads a failure. */
  why: string
  /** The bytes; memoised, because the bombs take a moment to assemble. */
  bytes: () => Uint8Array
  expected: HostileOutcome
  /**
   * Would take gigabytes if decoded in full: run it where a runaway cannot take the test runner
   * down (a child process with a memory watchdog), one at a time.
   */
  heavy?: boolean
  /**
   * Set when @pdfx/core alone cannot bound the case, saying why: only a process with a memory
   * limit stops it (the server's extraction pool does). The core suite then expects its child
   * process to be killed by the memory watchdog, so that a fix shows up as a failing test.
   */
  unboundedInCore?: string
}

const MiB = 1024 * 1024
const GiB = 1024 * MiB
/** Depth of the nested-object cases: far past any recursion a parser can do on a default stack. */
const NESTING_DEPTH = 100_000
/** The page count the lying page tree claims. */
const CLAIMED_PAGES = 250_000
/** Text every readable case draws, so a result can be told from a blank page. */
export const READABLE_TEXT = 'Quarterly results were steady'

const latin1 = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, 'latin1'))

/** A part of a file: text (written as Latin-1) or raw bytes. */
type Part = string | Uint8Array
/** The body of one indirect object: what goes between `n 0 obj` and `endobj`. */
type Body = Part | readonly Part[]

interface Assembled {
  bytes: Uint8Array
  /** Byte offset of each object, object 1 first. */
  offsets: number[]
  /** Byte offset of the `xref` keyword. */
  xrefOffset: number
}

/**
 * Writes a classic PDF: header, objects 1..n in order, a cross-reference table with the true
 * offsets, and a trailer whose /Root is object 1 unless `trailer` says otherwise.
 */
function assemble(objects: readonly Body[], trailer = '/Root 1 0 R'): Assembled {
  const parts: Uint8Array[] = []
  let length = 0
  const push = (part: Part) => {
    const bytes = typeof part === 'string' ? latin1(part) : part
    parts.push(bytes)
    length += bytes.length
  }
  // The second line's bytes above 127 mark the file as binary, as writers do.
  push('%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\n')
  const offsets: number[] = []
  objects.forEach((body, index) => {
    offsets.push(length)
    push(`${index + 1} 0 obj\n`)
    for (const part of typeof body === 'string' || body instanceof Uint8Array ? [body] : body) {
      push(part)
    }
    push('\nendobj\n')
  })
  const xrefOffset = length
  let xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const offset of offsets) xref += `${String(offset).padStart(10, '0')} 00000 n \n`
  push(xref)
  push(`trailer\n<< /Size ${objects.length + 1} ${trailer} >>\nstartxref\n${xrefOffset}\n%%EOF\n`)
  return { bytes: new Uint8Array(Buffer.concat(parts)), offsets, xrefOffset }
}

/** A stream object with the given dictionary entries and (already encoded) data. */
function stream(entries: string, data: Part): Part[] {
  const length = typeof data === 'string' ? Buffer.byteLength(data, 'latin1') : data.length
  return [`<< ${entries} /Length ${length} >>\nstream\n`, data, '\nendstream']
}

/** A content stream that writes `text` in Helvetica (font resource /F1). */
function textContent(text: string): string {
  return `BT /F1 18 Tf 72 700 Td (${text}) Tj ET`
}

const HELVETICA =
  '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>'

/** Extra entries for the dictionaries `onePage` writes. */
interface PageExtras {
  catalog?: string
  page?: string
  resources?: string
}

/** The objects of a one-page document: 1 catalog, 2 page tree, 3 page, 4 font, 5 `content`. */
function onePage(content: Body, extras: PageExtras = {}): Body[] {
  return [
    `<< /Type /Catalog /Pages 2 0 R ${extras.catalog ?? ''}>>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> ${extras.resources ?? ''}>> /Contents 5 0 R ${extras.page ?? ''}>>`,
    HELVETICA,
    content,
  ]
}

/** A small, correct, readable PDF: the base the broken cross-reference cases damage. */
function readablePdf(): Assembled {
  return assemble(onePage(stream('', textContent(READABLE_TEXT))))
}

// ---------------------------------------------------------------------------------------------
// Decompression bombs

/** Uncompressed bytes per deflate segment of a bomb; the decoded size is a multiple of it. */
const BOMB_SEGMENT_BYTES = 16 * MiB

/**
 * A zlib stream (RFC 1950) that inflates to `prefix` followed by `zeros` zero bytes. Compressing
 * gigabytes would take seconds, so one segment of zeros is compressed once and repeated: each copy
 * ends in a full flush (byte-aligned, no reference back into an earlier copy), which makes copies
 * concatenable. Zeros are whitespace in a content stream, so the decoded stream stays valid.
 */
function zerosBomb(prefix: string, zeros: number): Uint8Array {
  if (zeros % BOMB_SEGMENT_BYTES !== 0) throw new RangeError('zeros must fill whole segments')
  const flush = { level: 9, finishFlush: constants.Z_FULL_FLUSH }
  const head = deflateRawSync(latin1(prefix), flush)
  const segment = deflateRawSync(Buffer.alloc(BOMB_SEGMENT_BYTES), flush)
  const copies: Uint8Array[] = Array.from({ length: zeros / BOMB_SEGMENT_BYTES }, () => segment)
  // The Adler-32 of the whole: zeros leave `a` as it is and add `a` to `b` once per byte.
  let a = 1
  let b = 0
  for (const byte of latin1(prefix)) {
    a = (a + byte) % 65521
    b = (b + a) % 65521
  }
  b = (b + a * (zeros % 65521)) % 65521
  const trailer = Buffer.alloc(4)
  trailer.writeUInt32BE(((b << 16) | a) >>> 0)
  return new Uint8Array(
    Buffer.concat([
      Uint8Array.of(0x78, 0xda), // zlib header: deflate, 32 KiB window, best compression
      head,
      ...copies,
      Uint8Array.of(0x03, 0x00), // an empty final block with fixed Huffman codes
      trailer,
    ]),
  )
}

/** A page whose content stream is text followed by `zeros` zero bytes, deflated. */
function contentBombPdf(zeros: number): Uint8Array {
  const data = zerosBomb(`${textContent(READABLE_TEXT)}\n`, zeros)
  return assemble(onePage(stream('/Filter /FlateDecode', data))).bytes
}

/**
 * The 2 GiB of zeros deflated once more: the outer layer inflates to the 2 MB bomb, which
 * inflates to 2 GiB. Chained filters are legal PDF, and the file is a few kilobytes.
 */
function doubleBombPdf(): Uint8Array {
  const inner = zerosBomb(`${textContent(READABLE_TEXT)}\n`, 2 * GiB)
  const outer = new Uint8Array(deflateSync(inner, { level: 9 }))
  return assemble(onePage(stream('/Filter [/FlateDecode /FlateDecode]', outer))).bytes
}

// ---------------------------------------------------------------------------------------------
// Encryption (standard security handler, ISO 32000-1 section 7.6.3)

/** The 32-byte padding string of the standard security handler. */
const PASSWORD_PAD = Buffer.from(
  '28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a',
  'hex',
)
/** The first element of the file identifier, an input of the key derivation. */
const FILE_ID = Buffer.from('5ca1ab1e0ddba11c0ffeec0de0ff1ce5', 'hex')
/** Permission flags: everything allowed (-4 as a signed 32-bit integer). */
const PERMISSIONS = -4

const md5 = (...parts: Uint8Array[]): Buffer => {
  const hash = createHash('md5')
  for (const part of parts) hash.update(part)
  return hash.digest()
}

function padPassword(password: string): Buffer {
  return Buffer.concat([latin1(password), PASSWORD_PAD]).subarray(0, 32)
}

/**
 * RC4, written out because OpenSSL 3 keeps it in the legacy provider that Node does not load.
 * The standard security handler of revisions 2-4 needs it for /O and /U even with AES.
 */
function rc4(key: Uint8Array, data: Uint8Array): Buffer {
  const state = Array.from({ length: 256 }, (_, index) => index)
  const at = (index: number) => state[index] as number
  const swap = (i: number, j: number) => {
    const held = at(i)
    state[i] = at(j)
    state[j] = held
  }
  let j = 0
  for (let i = 0; i < 256; i++) {
    j = (j + at(i) + (key[i % key.length] as number)) & 0xff
    swap(i, j)
  }
  const out = Buffer.alloc(data.length)
  let i = 0
  j = 0
  for (let k = 0; k < data.length; k++) {
    i = (i + 1) & 0xff
    j = (j + at(i)) & 0xff
    swap(i, j)
    out[k] = (data[k] as number) ^ at((at(i) + at(j)) & 0xff)
  }
  return out
}

/** RC4 applied 20 times with the key XORed with 0..19, as revision 3 and later require. */
function rc4Twenty(key: Uint8Array, data: Uint8Array): Uint8Array {
  let out = data
  for (let round = 0; round < 20; round++) {
    out = rc4(
      key.map((byte) => byte ^ round),
      out,
    )
  }
  return out
}

/** Encryption dictionary values and the file key, for a 128-bit key (revision 3 or 4). */
function standardSecurity(userPassword: string, ownerPassword: string) {
  // Algorithm 3: /O hides the padded user password under a key made from the owner password.
  let ownerKey = md5(padPassword(ownerPassword))
  for (let round = 0; round < 50; round++) ownerKey = md5(ownerKey)
  const o = rc4Twenty(ownerKey, padPassword(userPassword))
  // Algorithm 2: the file key from the user password, /O, /P and the file identifier.
  const permissions = Buffer.alloc(4)
  permissions.writeInt32LE(PERMISSIONS)
  let key = md5(padPassword(userPassword), o, permissions, FILE_ID)
  for (let round = 0; round < 50; round++) key = md5(key)
  // Algorithm 5: /U lets a reader check a password without decrypting anything.
  const u = Buffer.concat([rc4Twenty(key, md5(PASSWORD_PAD, FILE_ID)), Buffer.alloc(16)])
  return { key, o, u }
}

/** Algorithm 1: the key of one object, derived from the file key and the object number. */
function objectKey(fileKey: Uint8Array, objectNumber: number, aes: boolean): Buffer {
  const suffix = Buffer.from([objectNumber & 0xff, (objectNumber >> 8) & 0xff, objectNumber >> 16])
  const salt = aes ? Buffer.from('sAlT', 'latin1') : Buffer.alloc(0)
  return md5(fileKey, suffix, Buffer.alloc(2), salt).subarray(0, 16)
}

function encryptWith(
  cipher: 'rc4' | 'aes',
  fileKey: Uint8Array,
  objectNumber: number,
  data: Uint8Array,
): Uint8Array {
  const key = objectKey(fileKey, objectNumber, cipher === 'aes')
  if (cipher === 'rc4') return rc4(key, data)
  // AESV2: AES-128-CBC with PKCS#5 padding, the random IV written in front of the data; here the
  // IV comes from the object number so that the corpus is the same on every run.
  const iv = md5(Buffer.from(`iv ${objectNumber}`, 'latin1'))
  const aes = createCipheriv('aes-128-cbc', key, iv)
  return Buffer.concat([iv, aes.update(data), aes.final()])
}

/** Title of the encrypted documents: a string the reader must decrypt. */
export const SEALED_TITLE = 'Sealed quarterly report'

/**
 * A one-page document encrypted with the standard security handler: RC4 128-bit (revision 3) or
 * AES-128 (revision 4). The content stream and the title in the document information are
 * encrypted; with an empty user password any reader opens it without asking.
 */
function encryptedPdf(
  cipher: 'rc4' | 'aes',
  userPassword: string,
  contentStream: { entries: string; data: Uint8Array } = {
    entries: '',
    data: latin1(textContent(READABLE_TEXT)),
  },
): Uint8Array {
  const { key, o, u } = standardSecurity(userPassword, 'owner-password')
  const content = encryptWith(cipher, key, 5, contentStream.data)
  const title = encryptWith(cipher, key, 6, latin1(SEALED_TITLE))
  const filter =
    cipher === 'rc4'
      ? '/V 2 /R 3 /Length 128'
      : '/V 4 /R 4 /Length 128 /CF << /StdCF << /AuthEvent /DocOpen /CFM /AESV2 /Length 16 >> >> /StmF /StdCF /StrF /StdCF'
  const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex')
  return assemble(
    [
      ...onePage(stream(contentStream.entries, content)),
      `<< /Title <${hex(title)}> >>`,
      `<< /Filter /Standard ${filter} /O <${hex(o)}> /U <${hex(u)}> /P ${PERMISSIONS} >>`,
    ],
    `/Root 1 0 R /Info 6 0 R /Encrypt 7 0 R /ID [<${hex(FILE_ID)}> <${hex(FILE_ID)}>]`,
  ).bytes
}

// ---------------------------------------------------------------------------------------------
// Structure attacks

/** `open` repeated `depth` times, one innermost value, then `close` as often. */
function nested(open: string, innermost: string, close: string, depth: number): string {
  return `${open.repeat(depth)}${innermost}${close.repeat(depth)}`
}

/**
 * Pages whose tree leads back to an ancestor: the root's only kid is an intermediate node whose
 * kid is the root. A reader that walks the tree without remembering where it has been never ends.
 */
function pageTreeCyclePdf(): Uint8Array {
  return assemble([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Pages /Parent 2 0 R /Kids [2 0 R] /Count 1 >>',
  ]).bytes
}

/** One real page first, then a kid that is the tree's own root: the cycle hides behind a page. */
function pageTreeCycleAfterPagePdf(): Uint8Array {
  const objects = onePage(stream('', textContent(READABLE_TEXT)))
  objects[1] = '<< /Type /Pages /Kids [3 0 R 2 0 R] /Count 2 >>'
  return assemble(objects).bytes
}

/** A page tree whose /Count says 250,000 while it holds one page. */
function lyingPageCountPdf(): Uint8Array {
  const objects = onePage(stream('', textContent(READABLE_TEXT)))
  objects[1] = `<< /Type /Pages /Kids [3 0 R] /Count ${CLAIMED_PAGES} >>`
  return assemble(objects).bytes
}

/**
 * A page tree that really lists 250,000 pages: the one page object, referenced 250,000 times
 * from one Kids array. Reading it means 250,000 pages of work from a 1.5 MB file.
 */
function repeatedPagePdf(): Uint8Array {
  const objects = onePage(stream('', textContent(READABLE_TEXT)))
  objects[1] = `<< /Type /Pages /Kids [${'3 0 R '.repeat(CLAIMED_PAGES)}] /Count ${CLAIMED_PAGES} >>`
  return assemble(objects).bytes
}

/**
 * A page tree nested 100,000 levels deep, one intermediate node per level and the only page at
 * the bottom: a reader that walks the tree recursively overflows its stack.
 */
function deepPageTreePdf(): Uint8Array {
  // Objects: 1 catalog, 2 font, 3 content, 4 the page, 5.. the intermediate nodes, root last.
  const first = 5
  const objects: Body[] = [
    `<< /Type /Catalog /Pages ${first + NESTING_DEPTH - 1} 0 R >>`,
    HELVETICA,
    stream('', textContent(READABLE_TEXT)),
    `<< /Type /Page /Parent ${first} 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 2 0 R >> >> /Contents 3 0 R >>`,
  ]
  for (let level = 0; level < NESTING_DEPTH; level++) {
    const number = first + level
    const kid = level === 0 ? 4 : number - 1
    const parent = level === NESTING_DEPTH - 1 ? '' : `/Parent ${number + 1} 0 R `
    objects.push(`<< /Type /Pages ${parent}/Kids [${kid} 0 R] /Count 1 >>`)
  }
  return assemble(objects).bytes
}

/** A stream whose /Length is a reference to the stream itself: resolving it recurses. */
function selfLengthPdf(): Uint8Array {
  const objects = onePage([
    '<< /Length 5 0 R >>\nstream\n',
    textContent(READABLE_TEXT),
    '\nendstream',
  ])
  return assemble(objects).bytes
}

/** A form XObject that draws itself: text extraction that follows `Do` never ends. */
function recursiveFormPdf(): Uint8Array {
  const objects = onePage(stream('', `${textContent(READABLE_TEXT)} /X1 Do`), {
    resources: '/XObject << /X1 6 0 R >> ',
  })
  const form = '/Type /XObject /Subtype /Form /BBox [0 0 612 792]'
  objects.push(stream(`${form} /Resources << /XObject << /X1 6 0 R >> >>`, '/X1 Do'))
  return assemble(objects).bytes
}

// ---------------------------------------------------------------------------------------------
// Broken cross-reference tables

/** Every offset in the table points 7 bytes past its object. */
function xrefWrongOffsetsPdf(): Uint8Array {
  const { bytes, xrefOffset } = readablePdf()
  const text = Buffer.from(bytes).toString('latin1')
  const table = text.slice(xrefOffset).replace(/(\d{10}) 00000 n /g, (_entry, offset: string) => {
    return `${String(Number(offset) + 7).padStart(10, '0')} 00000 n `
  })
  return latin1(text.slice(0, xrefOffset) + table)
}

/** The table and trailer overwritten with random bytes of the same length. */
function xrefGarbagePdf(): Uint8Array {
  const { bytes, xrefOffset } = readablePdf()
  const garbage = randomBytes(bytes.length - xrefOffset, 0x9e3779b9)
  const out = new Uint8Array(bytes)
  out.set(garbage, xrefOffset)
  return out
}

/** startxref points a gigabyte past the end of the file. */
function startxrefOutOfRangePdf(): Uint8Array {
  const { bytes, xrefOffset } = readablePdf()
  const text = Buffer.from(bytes).toString('latin1')
  return latin1(text.replace(`startxref\n${xrefOffset}\n`, `startxref\n${GiB}\n`))
}

/** The trailer's /Prev points at its own table: a reader following the chain loops. */
function xrefPrevLoopPdf(): Uint8Array {
  const { bytes, xrefOffset } = readablePdf()
  const text = Buffer.from(bytes).toString('latin1')
  return latin1(text.replace('trailer\n<< /Size 6 ', `trailer\n<< /Size 6 /Prev ${xrefOffset} `))
}

/** The file cut off where its cross-reference table starts: no table, trailer or %%EOF. */
function truncatedBeforeXrefPdf(): Uint8Array {
  const { bytes, xrefOffset } = readablePdf()
  return bytes.slice(0, xrefOffset)
}

/** The file cut off in the middle of its page content: the page's stream never ends. */
function truncatedInContentPdf(): Uint8Array {
  const { bytes, offsets } = readablePdf()
  const content = offsets[4] as number
  return bytes.slice(0, content + 40)
}

// ---------------------------------------------------------------------------------------------
// Not PDFs at all

/** A deterministic pseudo-random generator (mulberry32), so random cases are the same every run. */
function randomBytes(length: number, seed: number): Uint8Array {
  let state = seed >>> 0
  const out = new Uint8Array(length)
  for (let index = 0; index < length; index++) {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    out[index] = ((t ^ (t >>> 14)) >>> 0) & 0xff
  }
  return out
}

/** What an origin sends instead of the PDF behind a login wall: HTML, named and typed as a PDF. */
const HTML_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>report.pdf - Sign in</title></head>
<body><form action="/login" method="post"><h1>Sign in to download report.pdf</h1>
<input name="user"><input name="password" type="password"><button>Sign in</button></form></body></html>
`

function memoise(build: () => Uint8Array): () => Uint8Array {
  let bytes: Uint8Array | undefined
  return () => {
    bytes ??= build()
    return bytes
  }
}

const readable = (title?: string): HostileOutcome => ({
  kind: 'document',
  pages: 1,
  text: READABLE_TEXT,
  ...(title !== undefined && { title }),
})
const fails = (code: ErrorCode): HostileOutcome => ({ kind: 'error', code })

/** The corpus, in the order the suites run it. */
export const HOSTILE_CASES: readonly HostileCase[] = (
  [
    {
      name: 'bomb-512mib',
      why: 'a 0.5 MB content stream that inflates to 0.5 GiB of zeros',
      bytes: () => contentBombPdf(GiB / 2),
      expected: fails('pdf_too_complex'),
      heavy: true,
    },
    {
      name: 'bomb-2gib',
      why: 'a 2 MB content stream that inflates to 2 GiB of zeros',
      bytes: () => contentBombPdf(2 * GiB),
      expected: fails('pdf_too_complex'),
      heavy: true,
    },
    {
      name: 'bomb-2gib-double-deflate',
      why: 'the 2 GiB bomb deflated twice: a file of kilobytes behind two chained filters',
      bytes: doubleBombPdf,
      expected: fails('pdf_too_complex'),
      heavy: true,
    },
    {
      name: 'bomb-2gib-encrypted',
      why: 'the 2 GiB bomb in a file encrypted with RC4 that opens without a password',
      bytes: () =>
        encryptedPdf('rc4', '', {
          entries: '/Filter /FlateDecode',
          data: zerosBomb(`${textContent(READABLE_TEXT)}\n`, 2 * GiB),
        }),
      expected: fails('pdf_too_complex'),
      heavy: true,
      unboundedInCore:
        "core's bomb guard reads stream data as it is in the file, and here it is encrypted; pdf.js decrypts and inflates it all",
    },
    {
      name: 'nested-arrays-100k',
      why: `arrays nested ${NESTING_DEPTH} deep in the page dictionary: a recursive parser overflows its stack`,
      bytes: () =>
        assemble(
          onePage(stream('', textContent(READABLE_TEXT)), {
            page: `/Junk ${nested('[', '0', ']', NESTING_DEPTH)} `,
          }),
        ).bytes,
      expected: fails('pdf_damaged'),
    },
    {
      name: 'nested-dicts-100k',
      why: `dictionaries nested ${NESTING_DEPTH} deep in the catalog, read before any page`,
      bytes: () =>
        assemble(
          onePage(stream('', textContent(READABLE_TEXT)), {
            catalog: `/Junk ${nested('<< /A ', '0', ' >>', NESTING_DEPTH)} `,
          }),
        ).bytes,
      expected: fails('pdf_damaged'),
    },
    {
      name: 'nested-arrays-in-content',
      why: `an operand nested ${NESTING_DEPTH} arrays deep inside the page's content stream`,
      bytes: () =>
        assemble(
          onePage(
            stream(
              '',
              `${textContent(READABLE_TEXT)}\nBT ${nested('[', '(x)', ']', NESTING_DEPTH)} TJ ET`,
            ),
          ),
        ).bytes,
      expected: readable(),
    },
    {
      name: 'page-tree-cycle',
      why: "the page tree's only kid points back at the root",
      bytes: pageTreeCyclePdf,
      expected: fails('pdf_damaged'),
    },
    {
      name: 'page-tree-cycle-after-page',
      why: 'a real page, then a kid that is the root of the tree again',
      bytes: pageTreeCycleAfterPagePdf,
      expected: fails('pdf_damaged'),
    },
    {
      name: 'claims-250000-pages',
      why: `/Count ${CLAIMED_PAGES} over a tree with one page`,
      bytes: lyingPageCountPdf,
      // pdf.js finds the last page missing and counts the pages that exist.
      expected: readable(),
    },
    {
      name: 'page-repeated-250000-times',
      why: `one page listed ${CLAIMED_PAGES} times in one Kids array`,
      bytes: repeatedPagePdf,
      expected: fails('pdf_too_complex'),
    },
    {
      name: 'page-tree-100k-deep',
      why: `a page tree ${NESTING_DEPTH} levels deep above its only page`,
      bytes: deepPageTreePdf,
      expected: readable(),
    },
    {
      name: 'stream-length-self-reference',
      why: "a stream's /Length refers to the stream itself",
      bytes: selfLengthPdf,
      expected: readable(),
    },
    {
      name: 'form-xobject-recursion',
      why: 'a form XObject that draws itself',
      bytes: recursiveFormPdf,
      expected: readable(),
    },
    {
      name: 'xref-wrong-offsets',
      why: 'every cross-reference offset points 7 bytes off; readers rebuild the table',
      bytes: xrefWrongOffsetsPdf,
      expected: readable(),
    },
    {
      name: 'xref-garbage',
      why: 'cross-reference table and trailer overwritten with random bytes',
      bytes: xrefGarbagePdf,
      // Without a trailer, pdf.js's rebuilt table has no /Root to start from.
      expected: fails('pdf_damaged'),
    },
    {
      name: 'startxref-out-of-range',
      why: 'startxref points a gigabyte past the end of the file',
      bytes: startxrefOutOfRangePdf,
      expected: readable(),
    },
    {
      name: 'xref-prev-loop',
      why: "the trailer's /Prev points at its own cross-reference table",
      bytes: xrefPrevLoopPdf,
      expected: readable(),
    },
    {
      name: 'truncated-before-xref',
      why: 'the file ends where its cross-reference table should start',
      bytes: truncatedBeforeXrefPdf,
      expected: fails('pdf_damaged'),
    },
    {
      name: 'truncated-in-content',
      why: "the file ends in the middle of the page's content stream",
      bytes: truncatedInContentPdf,
      expected: fails('pdf_damaged'),
    },
    {
      name: 'header-only',
      why: 'a PDF header and nothing else',
      bytes: () => latin1('%PDF-1.7\n'),
      expected: fails('pdf_damaged'),
    },
    {
      name: 'encrypted-rc4-empty-password',
      why: 'RC4 128-bit (revision 3) with an empty user password: readers open it silently',
      bytes: () => encryptedPdf('rc4', ''),
      expected: readable(SEALED_TITLE),
    },
    {
      name: 'encrypted-aes-empty-password',
      why: 'AES-128 (revision 4) with an empty user password',
      bytes: () => encryptedPdf('aes', ''),
      expected: readable(SEALED_TITLE),
    },
    {
      name: 'encrypted-rc4-user-password',
      why: 'RC4 128-bit (revision 3) behind a user password',
      bytes: () => encryptedPdf('rc4', 'secret'),
      expected: fails('pdf_encrypted'),
    },
    {
      name: 'encrypted-aes-user-password',
      why: 'AES-128 (revision 4) behind a user password',
      bytes: () => encryptedPdf('aes', 'secret'),
      expected: fails('pdf_encrypted'),
    },
    {
      name: 'zero-bytes',
      why: 'an empty file',
      bytes: () => new Uint8Array(0),
      expected: fails('not_a_pdf'),
    },
    {
      name: 'html',
      why: 'an HTML sign-in page where the PDF should be',
      bytes: () => latin1(HTML_PAGE),
      expected: fails('not_a_pdf'),
    },
    {
      name: 'random-bytes',
      why: '64 KiB of seeded random bytes',
      bytes: () => randomBytes(64 * 1024, 0x5eed),
      expected: fails('not_a_pdf'),
    },
    {
      name: 'random-bytes-after-header',
      why: 'a PDF header followed by 64 KiB of seeded random bytes: it passes every sniff',
      bytes: () =>
        new Uint8Array(Buffer.concat([latin1('%PDF-1.7\n'), randomBytes(64 * 1024, 0xbad)])),
      expected: fails('pdf_damaged'),
    },
  ] satisfies HostileCase[]
).map((entry) => ({ ...entry, bytes: memoise(entry.bytes) }))

/** The case called `name`; throws for an unknown name, so a typo fails loudly. */
export function hostileCase(name: string): HostileCase {
  const found = HOSTILE_CASES.find((entry) => entry.name === name)
  if (found === undefined) throw new Error(`No hostile case "${name}"`)
  return found
}
