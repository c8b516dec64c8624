import { ExtractedDocumentSchema } from '@pdfx/schema'
import { decode, encode } from 'fast-png'
import { describe, expect, it } from 'vitest'
import { extract } from '../src/index.js'
import { buildPdf, type ImageSpec } from './pdf-builder.js'

/** A small RGB gradient, so the decoded pixels can be checked. */
function gradientPng(width: number, height: number): Uint8Array {
  const data = new Uint8Array(width * height * 3)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3
      data[i] = (x * 255) / (width - 1)
      data[i + 1] = (y * 255) / (height - 1)
      data[i + 2] = 128
    }
  }
  return encode({ width, height, data, depth: 8, channels: 3 })
}

describe('hybrid images', () => {
  it('returns content images as PNG with page, box and size, referenced from the Markdown', async () => {
    const photo: ImageSpec = { png: gradientPng(40, 30), x: 72, y: 140, width: 200, height: 150 }
    const icon: ImageSpec = { png: gradientPng(8, 8), x: 72, y: 320, width: 10, height: 10 }
    const logo = (): ImageSpec => ({
      png: gradientPng(20, 10),
      x: 500,
      y: 30,
      width: 60,
      height: 30,
    })
    const pdf = await buildPdf([
      {
        texts: [
          { text: 'Figure 1 shows the gradient.', x: 72, y: 100 },
          { text: 'Text after the figure.', x: 72, y: 360 },
        ],
        images: [photo, icon, logo()],
      },
      { texts: [{ text: 'Second page.', x: 72, y: 100 }], images: [logo()] },
    ])
    const doc = await extract(pdf, { mode: 'hybrid', outputs: ['markdown', 'elements', 'images'] })
    expect(ExtractedDocumentSchema.parse(doc)).toBeTruthy()
    // The icon is too small and the logo repeats on every page: only the photo is content.
    expect(doc.images).toHaveLength(1)
    const image = doc.images?.[0]
    expect(image).toMatchObject({
      id: 'img_0001',
      page: 1,
      width: 40,
      height: 30,
      mimeType: 'image/png',
    })
    expect(image?.bbox.map(Math.round)).toEqual([72, 140, 272, 290])
    const decoded = decode(Buffer.from(image?.data ?? '', 'base64'))
    expect([decoded.width, decoded.height]).toEqual([40, 30])
    expect(Array.from(decoded.data.slice(0, 3))).toEqual([0, 0, 128])
    // In reading order between the two paragraphs.
    expect(doc.markdown).toMatch(/gradient\.\n\n!\[\]\(img_0001\)\n\nText after/)
    expect(doc.elements.find((element) => element.type === 'image')?.text).toBe('![](img_0001)')
  })

  it('classifies a short heading beside an image without tripping over the image', async () => {
    const pdf = await buildPdf([
      {
        texts: [
          { text: 'Results', x: 300, y: 110, size: 18, font: 'bold' },
          { text: 'The gradient on the left shows how the values change.', x: 300, y: 150 },
        ],
        images: [{ png: gradientPng(40, 30), x: 72, y: 100, width: 200, height: 150 }],
      },
    ])
    const doc = await extract(pdf, { mode: 'hybrid', outputs: ['markdown', 'elements', 'images'] })
    expect(doc.images).toHaveLength(1)
    expect(doc.elements.map((element) => element.type)).toContain('image')
    expect(doc.markdown).toContain('Results')
  })

  it('extracts no images unless asked, and says that fast mode has none', async () => {
    const pdf = await buildPdf([
      {
        texts: [{ text: 'A page.', x: 72, y: 72 }],
        images: [{ png: gradientPng(40, 30), x: 72, y: 100, width: 200, height: 150 }],
      },
    ])
    const hybrid = await extract(pdf, { mode: 'hybrid' })
    expect(hybrid.images).toBeUndefined()
    expect(hybrid.elements.some((element) => element.type === 'image')).toBe(false)
    const fast = await extract(pdf, { outputs: ['markdown', 'images'] })
    expect(fast.images).toEqual([])
    expect(fast.warnings?.join(' ')).toMatch(/hybrid/)
  })
})
