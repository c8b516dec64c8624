import { describe, expect, it } from 'vitest'
import { isFigure, isQuantity } from './figure.js'

describe('isFigure and isQuantity', () => {
  it('reads figures as table cells print them', () => {
    for (const text of ['12', '-0.5', '1,234', '45%', '(2.1)', '$ 9'])
      expect(isFigure(text)).toBe(true)
    expect(isFigure('Table 2')).toBe(false)
  })

  it('reads quantities with a unit of a few Latin, Greek or Cyrillic letters', () => {
    for (const text of [
      '4.1 ms',
      '$3.2bn',
      '£1.42bn',
      '(2.5 GB)',
      '2.1 °C',
      '40 m²',
      '5 µs',
      '12 кг',
    ]) {
      expect(isQuantity(text)).toBe(true)
    }
    // A numbered title's words are no unit.
    for (const text of ['3. 섬으로', '2 Methods', '10 kilograms'])
      expect(isQuantity(text)).toBe(false)
  })
})
