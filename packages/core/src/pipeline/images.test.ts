import { decode } from 'fast-png'
import { describe, expect, it } from 'vitest'
import {
  collectPageImages,
  type ImageObjects,
  newImageBudget,
  type PageImage,
  repeatedImageKeys,
} from './images.js'
import type { PlacedImage } from './rulings.js'

/** pdf.js `ImageKind`. */
const GRAYSCALE_1BPP = 1
const RGB_24BPP = 2

/** Red, green / blue, grey. */
const RGB_2X2 = new Uint8Array([255, 0, 0, 0, 255, 0, 0, 0, 255, 10, 20, 30])

/** An object store like pdf.js `page.objs` that hands over decoded images at once. */
function store(objects: Record<string, unknown>) {
  const requested: string[] = []
  const objs: ImageObjects = {
    get(id, callback) {
      requested.push(id)
      callback(objects[id])
      return undefined
    },
  }
  return { objs, requested }
}

const placed = (objectId: string, bbox: PlacedImage['bbox']): PlacedImage => ({ objectId, bbox })

describe('collectPageImages', () => {
  it('encodes an RGB image as a PNG with its page, box and size', async () => {
    const page = store({ img_p0_1: { width: 2, height: 2, kind: RGB_24BPP, data: RGB_2X2 } })
    const common = store({})
    const images = await collectPageImages(
      [placed('img_p0_1', [50.004, 92, 250, 191.996])],
      { page: page.objs, common: common.objs },
      4,
      newImageBudget(),
    )
    expect(images).toHaveLength(1)
    const [image] = images
    expect(image).toMatchObject({ page: 4, bbox: [50, 92, 250, 192], width: 2, height: 2 })
    const png = decode(image?.png as Uint8Array)
    expect(png).toMatchObject({ width: 2, height: 2, channels: 3, depth: 8 })
    expect([...png.data]).toEqual([...RGB_2X2])
    expect(image?.key).toMatch(/^2x2:\d+:[0-9a-f]+$/)
    expect(common.requested).toEqual([])
  })

  it('reads document-wide images from the common store and keeps 1-bit images packed', async () => {
    const common = store({
      g_d0_img_1: { width: 8, height: 1, kind: GRAYSCALE_1BPP, data: new Uint8Array([0b10101010]) },
    })
    const page = store({})
    const [image] = await collectPageImages(
      [placed('g_d0_img_1', [0, 0, 80, 30])],
      { page: page.objs, common: common.objs },
      1,
      newImageBudget(),
    )
    const png = decode(image?.png as Uint8Array)
    expect(png).toMatchObject({ width: 8, height: 1, channels: 1, depth: 1 })
    expect([...png.data]).toEqual([0b10101010])
    expect(page.requested).toEqual([])
  })

  it('skips tiny placements without decoding them, and images it cannot encode', async () => {
    const page = store({
      bullet: { width: 2, height: 2, kind: RGB_24BPP, data: RGB_2X2 },
      cmyk: { width: 2, height: 2, kind: 99, data: new Uint8Array(16) },
      missing: null,
    })
    const images = await collectPageImages(
      [
        placed('bullet', [10, 10, 20, 200]),
        placed('bullet', [10, 10, 200, 30]),
        placed('cmyk', [0, 0, 100, 100]),
        placed('missing', [0, 0, 100, 100]),
      ],
      { page: page.objs, common: store({}).objs },
      1,
      newImageBudget(),
    )
    expect(images).toEqual([])
    expect(page.requested).toEqual(['cmyk', 'missing'])
  })

  it('stops at the byte budget and says so', async () => {
    const page = store({
      a: { width: 2, height: 2, kind: RGB_24BPP, data: RGB_2X2 },
      b: { width: 2, height: 2, kind: RGB_24BPP, data: RGB_2X2.map((value) => 255 - value) },
    })
    const objects = { page: page.objs, common: store({}).objs }
    const box: PlacedImage['bbox'] = [0, 0, 100, 100]
    const [first] = await collectPageImages([placed('a', box)], objects, 1, newImageBudget())
    const size = first?.png.length as number
    const left = newImageBudget(size + 10)
    const images = await collectPageImages([placed('a', box), placed('b', box)], objects, 1, left)
    expect(images.map((image) => image.key)).toEqual([first?.key])
    expect(left).toMatchObject({ bytesLeft: 10, capped: true })
  })

  it('encodes a document-wide picture once and charges the budget once for all its pages', async () => {
    const common = store({ g_d0_img_1: { width: 2, height: 2, kind: RGB_24BPP, data: RGB_2X2 } })
    const objects = { page: store({}).objs, common: common.objs }
    const logo = placed('g_d0_img_1', [0, 0, 100, 40])
    const [first] = await collectPageImages([logo], objects, 1, newImageBudget())
    const size = first?.png.length as number
    // Room for the picture once, not three times.
    const budget = newImageBudget(size + 10)
    const pages = await Promise.all(
      [1, 2, 3].map((page) => collectPageImages([logo], objects, page, budget)),
    )
    expect(pages.map((images) => images.map((image) => image.page))).toEqual([[1], [2], [3]])
    expect(budget).toMatchObject({ bytesLeft: 10, capped: false })
    expect(common.requested).toEqual(['g_d0_img_1', 'g_d0_img_1'])
  })

  it('gives the same picture the same key and different pictures different keys', async () => {
    const page = store({
      a: { width: 2, height: 2, kind: RGB_24BPP, data: RGB_2X2 },
      copy: { width: 2, height: 2, kind: RGB_24BPP, data: RGB_2X2.slice() },
      other: { width: 2, height: 2, kind: RGB_24BPP, data: RGB_2X2.map((value) => 255 - value) },
    })
    const box: PlacedImage['bbox'] = [0, 0, 100, 100]
    const images = await collectPageImages(
      ['a', 'copy', 'other'].map((id) => placed(id, box)),
      { page: page.objs, common: store({}).objs },
      1,
      newImageBudget(),
    )
    const [a, copy, other] = images.map((image) => image.key)
    expect(copy).toBe(a)
    expect(other).not.toBe(a)
  })
})

describe('repeatedImageKeys', () => {
  const image = (key: string): PageImage => ({
    page: 1,
    bbox: [0, 0, 100, 100],
    width: 2,
    height: 2,
    png: new Uint8Array(),
    key,
  })

  it('returns the keys drawn on two or more pages, not twice on one page', () => {
    const repeated = repeatedImageKeys([
      [image('logo'), image('chart')],
      [image('logo'), image('photo'), image('photo')],
      [image('diagram')],
    ])
    expect([...repeated]).toEqual(['logo'])
  })
})
