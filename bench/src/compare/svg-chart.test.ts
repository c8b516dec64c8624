import { describe, expect, it } from 'vitest'
import { escapeXml, formatTick, linearAxis, logAxis, niceStep, renderBarChart } from './svg-chart'

describe('axes', () => {
  it('steps by 1, 2, 2.5 or 5 times a power of ten', () => {
    expect(niceStep(1)).toBe(0.2)
    expect(niceStep(430)).toBe(100)
    expect(niceStep(1200)).toBe(250)
  })

  it('ends a linear axis at a round number past the largest value', () => {
    const axis = linearAxis([120, 430])
    expect(axis.ticks).toEqual([0, 100, 200, 300, 400, 500])
    expect(axis.position(250)).toBe(0.5)
  })

  it('reaches domainMax on a linear axis of scores', () => {
    expect(linearAxis([0.81, 0.9], 1).ticks.at(-1)).toBe(1)
  })

  it('spans whole powers of ten on a log axis', () => {
    const axis = logAxis([3.5, 420])
    expect(axis.ticks).toEqual([1, 10, 100, 1000])
    expect(axis.position(10)).toBeCloseTo(1 / 3)
    expect(() => logAxis([0, 1])).toThrow('above 0')
  })

  it('prints ticks without float noise', () => {
    expect(formatTick(0.1 + 0.2)).toBe('0.3')
    expect(formatTick(1000)).toBe('1000')
  })
})

describe('renderBarChart', () => {
  it('draws one labelled bar per value, sized on the axis, with text escaped', () => {
    const svg = renderBarChart({
      title: 'Pages <per> second',
      subtitle: ['same run & machine'],
      axisLabel: 'pages/s',
      scale: 'linear',
      groups: [{ id: 'a', label: 'A', color: '#123456' }],
      bars: [
        { label: 'fast', value: 50, valueLabel: '50 pages/s', group: 'a' },
        { label: 'slow', value: 25, valueLabel: '25 pages/s', group: 'a' },
      ],
    })
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true)
    expect(svg).toContain('Pages &lt;per&gt; second')
    expect(svg).toContain('same run &amp; machine')
    // the plot is 760 - 210 - 200 = 350 wide and the axis ends at 50
    expect(svg).toContain('<rect x="210" y="84" width="350" height="20" fill="#123456">')
    expect(svg).toContain('width="175" height="20"')
    expect(svg.match(/<title>/g)).toHaveLength(3)
  })

  it('escapes quotes for attributes', () => {
    expect(escapeXml(`"a" & 'b'`)).toBe('&quot;a&quot; &amp; &apos;b&apos;')
  })
})
