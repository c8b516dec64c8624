import { describe, expect, it } from 'vitest'
import { demoteDefinitionTerms } from './definition-terms.js'
import { block } from './test-helpers.js'
import type { Block } from './types.js'

/** A term in bold over its definition indented 24 pt, the next term 8 pt under that. */
function glossary(terms: readonly string[], indent = 24): Block[] {
  return terms.flatMap((term, i) => [
    { ...block([term], 10, 100 + 40 * i, { fontId: 'bold' }), kind: 'heading' as const, level: 2 },
    block([`What ${term} means, in a sentence.`], 10 + indent, 112 + 40 * i),
  ])
}

const kinds = (blocks: readonly Block[]) => blocks.map((b) => b.kind)

describe('demoteDefinitionTerms', () => {
  it("reads a glossary's terms over their indented definitions as paragraphs", () => {
    const blocks = glossary(['Abutment', 'Bearing', 'Cantilever'])
    demoteDefinitionTerms(blocks)
    expect(kinds(blocks)).toEqual(Array(6).fill('paragraph'))
    expect(blocks[0]?.level).toBeUndefined()
  })

  it('keeps headings over text at their edge, two such terms, and numbered or capital headings', () => {
    const flush = glossary(['Scope', 'Method', 'Results'], 0)
    const two = glossary(['Abutment', 'Bearing'])
    const numbered = glossary(['1. Interest rates', '2. Inflation', '3. Risk'])
    // A manual page's sections, in capitals (and a size up) over their indented text.
    const manual = glossary(['NAME', 'SYNOPSIS', 'DESCRIPTION'])
    for (const blocks of [flush, two, numbered, manual]) {
      demoteDefinitionTerms(blocks)
      expect(blocks.filter((b) => b.kind === 'heading')).toHaveLength(blocks.length / 2)
    }
  })
})
