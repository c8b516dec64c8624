/** A box `[left, top, right, bottom]` in points, top-left origin (ARCHITECTURE.md). */
export type Box = [number, number, number, number]

/** Points rounded to hundredths: finer than any printer, and stable JSON. */
export function roundPoints(value: number): number {
  return Math.round(value * 100) / 100
}

/** A box with every coordinate rounded to hundredths of a point. */
export function roundBox(box: readonly number[]): Box {
  return [
    roundPoints(box[0] as number),
    roundPoints(box[1] as number),
    roundPoints(box[2] as number),
    roundPoints(box[3] as number),
  ]
}
