import type { Table } from '@pdfx/schema'
import type { PageImage } from './images.js'
import type { PageTurn } from './page-orientation.js'

/**
 * Plain data passed between pipeline stages. Coordinates are PDF points with the origin at the
 * top-left of the page and y growing downward (ARCHITECTURE.md).
 */

/** A horizontal piece of text drawn with one font at one size. */
export interface TextRun {
  text: string
  left: number
  top: number
  right: number
  bottom: number
  /** y of the baseline. */
  baseline: number
  fontSize: number
  /** pdf.js font id (`g_d0_f2`): document-wide, so equal ids mean the same font. */
  fontId: string
  bold: boolean
  italic: boolean
  monospace: boolean
  rtl: boolean
  /** The value filled into a form field, which the field draws rather than the page. */
  field?: true
  /** A big operator of a formula (∑, ∫), whose limits may stand above and below it. */
  operator?: true
  /** The space that ends `text` stands for a word gap pdf.js saw after the run, beyond `right`. */
  spaceAfter?: true
}

/** Runs on one baseline that read as one piece (never across a column gutter). */
export interface Line {
  runs: TextRun[]
  text: string
  left: number
  top: number
  right: number
  bottom: number
  baseline: number
  /** Size of the font that draws most of the line's characters. */
  fontSize: number
  fontId: string
  bold: boolean
  italic: boolean
  monospace: boolean
  /** The raised note mark the line opens with, as a note does ("¹ Like this."). */
  openingMark?: string
  /** Raised note marks set after words of the line, pointing to notes ("salt content.¹"). */
  citedMarks?: string[]
  /**
   * The face of the line's last words where it is not the line's own: a paragraph's first line
   * that opens with a lead-in in bold ("**Clinical Pilates** builds deep") runs on in the body's.
   */
  endFontId?: string
  /** Whether the line reads right to left: most of its text is of a right-to-left script. */
  rtl?: true
  /**
   * Left edges of the runs that stand a column's gap after the run before them, left to right:
   * the cells of a table row that the line holds.
   */
  cellStarts?: number[]
}

export type BlockKind =
  | 'heading'
  | 'paragraph'
  | 'list-item'
  | 'caption'
  | 'footnote'
  | 'code'
  | 'header'
  | 'footer'
  | 'table'
  | 'image'

/** Consecutive lines that belong together: a paragraph, a heading, one list item. */
export interface Block {
  lines: Line[]
  page: number
  left: number
  top: number
  right: number
  bottom: number
  fontSize: number
  fontId: string
  bold: boolean
  italic: boolean
  monospace: boolean
  kind: BlockKind
  /** Heading level 1-6 when kind is heading. */
  level?: number
  /** Nesting depth of a list item, 0 for the outermost. */
  depth?: number
  /** The left edge of the column the block was read in, where its page has columns. */
  columnLeft?: number
  /** The list marker as printed (`•`, `1.`, `a)`), for list items. */
  marker?: string
  /** The reconstructed table, for kind table (hybrid engine). */
  table?: Table
  /** A table that continues the previous page's table. */
  continued?: boolean
  /** The picture, for kind image (hybrid engine with the images output). */
  image?: PageImage
  /**
   * A paragraph of its own, never a heading: a row of a table read across from its text alone, or
   * one line of a list of lines.
   */
  standalone?: boolean
  /** A row of a table read across from its text alone (fast). */
  tableRow?: boolean
  /** One line of a list of lines (names, an index's entries): no paragraph runs on from it. */
  listedLine?: boolean
  /** A footnote's lines carried over from the page before, with no mark: the last note's rest. */
  continuesNote?: boolean
  /** For a chapter's label heading ("Chapter 1"), the chapter's title under it: its level too. */
  titleBelow?: Block
  /** Text drawn at an angle (an arXiv stamp, a rotated label): its box is the rotated glyphs'. */
  sideways?: boolean
  /** How strongly the page supports the table (grid completeness, alignment), in [0, 1]. */
  tableEvidence?: number
}

/** One page after layout analysis. */
export interface PageLayout {
  number: number
  width: number
  height: number
  /** Blocks in reading order. */
  blocks: Block[]
  /** Characters drawn on the page, and how many of them had no reliable Unicode mapping. */
  chars: number
  unreliableChars: number
  /** Whether the page has no text and paints nothing else either: left blank, not scanned. */
  blank: boolean
  /** Whether columns were found by a clean cut (false: the order is a best effort). */
  cleanLayout: boolean
  /** Set where the page was read turned: its size and the map of its boxes as displayed. */
  turn?: PageTurn
}
