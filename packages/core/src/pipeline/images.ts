import { encode } from 'fast-png'
import { roundBox } from './points.js'
import type { PlacedImage } from './rulings.js'

/** Images smaller than this on the page (points, either side) are bullets, rules or icons. */
const MIN_SIDE = 24
/** Largest PNG kept for one image (bytes). */
export const MAX_IMAGE_BYTES = 8 * 1024 * 1024
/** Largest total of PNG bytes kept for one document. */
export const MAX_DOCUMENT_IMAGE_BYTES = 32 * 1024 * 1024
/** Images with more pixels are not decoded at all (pdf.js `maxImageSize`). */
export const MAX_IMAGE_PIXELS = 4096 * 4096

/** Pixel layouts of pdf.js decoded images (`ImageKind`). */
const GRAYSCALE_1BPP = 1
const RGB_24BPP = 2
const RGBA_32BPP = 3

/** A decoded image as pdf.js hands it over in Node (no canvas, no ImageBitmap). */
interface DecodedImage {
  width: number
  height: number
  kind?: number
  data?: Uint8Array | Uint8ClampedArray
}

/** Longest wait for pdf.js to hand over one decoded image (milliseconds). */
const DECODE_WAIT_MS = 5000

/** Where pdf.js keeps decoded objects of a page: its own, and those shared by all pages. */
export interface ImageObjects {
  get(id: string, callback: (data: unknown) => void): unknown
}

/** An image of a page, encoded as PNG, with what identifies it across pages. */
export interface PageImage {
  page: number
  bbox: [number, number, number, number]
  width: number
  height: number
  png: Uint8Array
  /** Equal for the same picture drawn on several pages (a logo). */
  key: string
}

/** A picture encoded as PNG, before it is placed on a page. */
type EncodedImage = Omit<PageImage, 'page' | 'bbox'>

/** Shared across a document's pages: the byte budget left, and what was encoded already. */
export interface ImageBudget {
  bytesLeft: number
  /** Set when an image was left out because of a cap. */
  capped: boolean
  /** Document-wide images (pdf.js `commonObjs`) by object id: a logo on every page is encoded once. */
  documentWide: Map<string, Promise<EncodedImage | undefined>>
  /** Keys of the pictures already charged: a picture drawn on many pages costs its bytes once. */
  charged: Set<string>
}

export function newImageBudget(bytes = MAX_DOCUMENT_IMAGE_BYTES): ImageBudget {
  return { bytesLeft: bytes, capped: false, documentWide: new Map(), charged: new Set() }
}

/**
 * Encodes the raster images a page draws as PNG. Tiny images (bullets, icons, rules drawn as
 * images) are left out, as are images over the size caps.
 */
export async function collectPageImages(
  placed: readonly PlacedImage[],
  objects: { page: ImageObjects; common: ImageObjects },
  pageNumber: number,
  budget: ImageBudget,
): Promise<PageImage[]> {
  const images: PageImage[] = []
  for (const { objectId, bbox } of placed) {
    if (bbox[2] - bbox[0] < MIN_SIDE || bbox[3] - bbox[1] < MIN_SIDE) continue
    const image = await encodedImage(objectId, objects, budget)
    if (!image) continue
    if (!budget.charged.has(image.key)) {
      if (image.png.length > MAX_IMAGE_BYTES || image.png.length > budget.bytesLeft) {
        budget.capped = true
        continue
      }
      budget.bytesLeft -= image.png.length
      budget.charged.add(image.key)
    }
    images.push({ page: pageNumber, bbox: roundBox(bbox), ...image })
  }
  return images
}

/** The picture behind an object id, decoded by pdf.js and encoded here (once, if document-wide). */
function encodedImage(
  objectId: string,
  objects: { page: ImageObjects; common: ImageObjects },
  budget: ImageBudget,
): Promise<EncodedImage | undefined> {
  // Ids that start with g_ are document-wide objects (pdf.js `commonObjs`).
  if (!objectId.startsWith('g_')) return encodeObject(objects.page, objectId)
  let encoded = budget.documentWide.get(objectId)
  if (!encoded) {
    encoded = encodeObject(objects.common, objectId)
    budget.documentWide.set(objectId, encoded)
  }
  return encoded
}

async function encodeObject(
  store: ImageObjects,
  objectId: string,
): Promise<EncodedImage | undefined> {
  const image = (await decoded(store, objectId)) as DecodedImage | null | undefined
  const png = image ? toPng(image) : undefined
  if (!image || !png) return undefined
  return { width: image.width, height: image.height, png, key: key(image, png) }
}

/** Equal for the same picture: its size and a fingerprint of its PNG. */
function key(image: DecodedImage, png: Uint8Array): string {
  return `${image.width}x${image.height}:${fingerprint(png)}`
}

/** Keys of images drawn on two or more pages: logos and page decorations. */
export function repeatedImageKeys(pages: ReadonlyArray<readonly PageImage[]>): Set<string> {
  const pagesByKey = new Map<string, number>()
  for (const images of pages) {
    for (const key of new Set(images.map((image) => image.key))) {
      pagesByKey.set(key, (pagesByKey.get(key) ?? 0) + 1)
    }
  }
  return new Set([...pagesByKey].filter(([, count]) => count >= 2).map(([key]) => key))
}

/**
 * The decoded image, once pdf.js has it: images are decoded after the operator list that draws
 * them is complete. An image that never arrives (a decoding failure) is skipped.
 */
function decoded(store: ImageObjects, id: string): Promise<unknown> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), DECODE_WAIT_MS)
    store.get(id, (data) => {
      clearTimeout(timer)
      resolve(data)
    })
  })
}

function toPng(image: DecodedImage): Uint8Array | undefined {
  const { width, height, kind, data } = image
  if (!data || width < 1 || height < 1) return undefined
  const pixels =
    data instanceof Uint8Array ? data : new Uint8Array(data.buffer, data.byteOffset, data.length)
  switch (kind) {
    case GRAYSCALE_1BPP:
      // pdf.js packs rows to whole bytes with 1 for white, as PNG's 1-bit greyscale does.
      return encode({ width, height, data: pixels, depth: 1, channels: 1 })
    case RGB_24BPP:
      return encode({ width, height, data: pixels, depth: 8, channels: 3 })
    case RGBA_32BPP:
      return encode({ width, height, data: pixels, depth: 8, channels: 4 })
    default:
      return undefined
  }
}

/** FNV-1a over a sample of the bytes: cheap, and enough to tell logos apart. */
function fingerprint(bytes: Uint8Array): string {
  let hash = 0x811c9dc5
  const step = Math.max(1, Math.floor(bytes.length / 4096))
  for (let i = 0; i < bytes.length; i += step) {
    hash ^= bytes[i] as number
    hash = Math.imul(hash, 0x01000193)
  }
  return `${bytes.length}:${(hash >>> 0).toString(16)}`
}
