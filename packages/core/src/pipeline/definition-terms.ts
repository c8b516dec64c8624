import { listMarker } from './list-markers.js'
import type { Block } from './types.js'

/** A definition list sets at least this many terms over their definitions. */
const MIN_TERMS = 3
/** A definition stands in from its term by this many of the term's font sizes at least... */
const INDENT_MIN_EMS = 1
/** ...and at most. */
const INDENT_MAX_EMS = 5
/** A definition is set in its term's size, give or take this share of it. */
const SIZE_SLACK = 0.05
/** A definition starts at most this many of the term's font sizes under it. */
const GAP_MAX_EMS = 1.5

/**
 * Turns back into paragraphs the headings that are a definition list's terms: three or more in
 * a row in one type and at one left edge, unnumbered and not in capitals, each over one block
 * in its size indented from it, the next term right after that block (a glossary set as HTML's
 * description list). A term names no section
 * of the document; sections go on for more than a paragraph, or under their heading's edge.
 */
export function demoteDefinitionTerms(blocks: readonly Block[]): void {
  let terms: Block[] = []
  const settle = () => {
    if (terms.length >= MIN_TERMS) {
      for (const term of terms) {
        term.kind = 'paragraph'
        delete term.level
      }
    }
    terms = []
  }
  for (let i = 0; i < blocks.length; ) {
    const term = blocks[i] as Block
    const definition = blocks[i + 1]
    if (isTerm(term) && definition !== undefined && defines(definition, term)) {
      if (terms.length > 0 && !sameStyle(terms[0] as Block, term)) settle()
      terms.push(term)
      i += 2
    } else {
      settle()
      i++
    }
  }
  settle()
}

/**
 * A heading without a number, in lower case too: a numbered one heads a section of a numbered
 * sequence, and one in capitals a manual page's section ("SYNOPSIS").
 */
function isTerm(block: Block): boolean {
  const first = block.lines[0]
  return (
    block.kind === 'heading' &&
    first !== undefined &&
    listMarker(first.text) === undefined &&
    /\p{Ll}/u.test(first.text)
  )
}

/** Whether a block is a paragraph in the term's size right under it, indented from it. */
function defines(definition: Block, term: Block): boolean {
  const em = term.fontSize
  const indent = definition.left - term.left
  const gap = definition.top - term.bottom
  return (
    definition.kind === 'paragraph' &&
    Math.abs(definition.fontSize - em) <= SIZE_SLACK * em &&
    indent >= INDENT_MIN_EMS * em &&
    indent <= INDENT_MAX_EMS * em &&
    gap > -1 &&
    gap <= GAP_MAX_EMS * em
  )
}

function sameStyle(a: Block, b: Block): boolean {
  return (
    a.fontId === b.fontId &&
    Math.abs(a.fontSize - b.fontSize) < 0.1 &&
    Math.abs(a.left - b.left) < 0.5 * a.fontSize
  )
}
