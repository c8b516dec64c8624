import { describe, expect, it } from 'vitest'
import { groupBlocks, splitLineLists } from './blocks.js'
import { groupLines } from './lines.js'
import { run } from './test-helpers.js'
import type { TextRun } from './types.js'

const text = (lines: ReturnType<typeof groupBlocks>) =>
  lines.map((block) => block.lines.map((line) => line.text))
/** The lines of each block that `runs` make on page 1. */
const blocksOf = (...runs: TextRun[]) => text(groupBlocks(groupLines(runs), 1))

describe('groupBlocks', () => {
  it('keeps lines at a regular pitch together and splits at a larger gap', () => {
    expect(
      blocksOf(
        run('first paragraph line one', 10, 100),
        run('first paragraph line two', 10, 112),
        run('second paragraph', 10, 140),
      ),
    ).toEqual([['first paragraph line one', 'first paragraph line two'], ['second paragraph']])
  })

  it('parts paragraphs set a little apart where a line stops short, whether or not it ends a sentence', () => {
    // A leaflet's small print: 9 pt type at 11 pt, paragraphs 2.5 pt further apart.
    const small = { fontSize: 9 }
    const full = 'x'.repeat(68)
    expect(
      blocksOf(
        run(`We recommend not routinely obtaining sputum Gram stain ${full}`, 40, 100, small),
        run(`and culture in adults with pneumonia managed as outpatients ${full}`, 40, 111, small),
        run('(Strong recommendation, low-quality evidence)', 40, 122, small),
        run('Keep this medicine out of the sight and reach of children.', 40, 135.5, small),
        run(
          `Do not use this medicine after the expiry date which is stated ${full}`,
          40,
          149,
          small,
        ),
        run('on the carton after EXP.', 40, 160, small),
      ),
    ).toEqual([
      [
        `We recommend not routinely obtaining sputum Gram stain ${full}`,
        `and culture in adults with pneumonia managed as outpatients ${full}`,
        '(Strong recommendation, low-quality evidence)',
      ],
      ['Keep this medicine out of the sight and reach of children.'],
      [
        `Do not use this medicine after the expiry date which is stated ${full}`,
        'on the carton after EXP.',
      ],
    ])
  })

  it("goes on from a paragraph's first line that wraps before a figure, not from a title", () => {
    const wide = 'x'.repeat(40)
    expect(
      blocksOf(
        run(`The heating system is described in Appendix C on page ${wide}`, 40, 100),
        run('12. Costs are shown separately for the plant room.', 40, 112),
        run('Wi-Fi connection drops. The thermostat supports', 40, 140),
        run('2.4 GHz networks only. Move the router closer.', 40, 152),
      ),
    ).toEqual([
      [
        `The heating system is described in Appendix C on page ${wide}`,
        '12. Costs are shown separately for the plant room.',
      ],
      [
        'Wi-Fi connection drops. The thermostat supports',
        '2.4 GHz networks only. Move the router closer.',
      ],
    ])
    // A section's title opens a block of its own, however long, and so does its first clause.
    expect(
      blocksOf(
        run('2.1 Savings from Improving Individual Driving Profiles', 40, 100),
        run('2.1.1 Drive Profile Subsample', 40, 112),
      ),
    ).toEqual([
      ['2.1 Savings from Improving Individual Driving Profiles'],
      ['2.1.1 Drive Profile Subsample'],
    ])
  })

  it('ends a block at a line all in another font that stops short of the next line', () => {
    // Two labels in bold, stacked over their paragraph at little more than its pitch.
    const label = { fontSize: 9, fontId: 'bold' }
    const body = { fontSize: 9 }
    const full = 'x'.repeat(60)
    expect(
      blocksOf(
        run('Warnings and precautions', 40, 100, label),
        run('Risk of low blood sugar', 40, 112, label),
        run(`Examplol may hide the signs of low blood sugar. Talk to ${full}`, 40, 124, body),
        run('your doctor if you have diabetes.', 40, 135.25, body),
      ),
    ).toEqual([
      ['Warnings and precautions', 'Risk of low blood sugar'],
      [
        `Examplol may hide the signs of low blood sugar. Talk to ${full}`,
        'your doctor if you have diabetes.',
      ],
    ])
  })

  it('keeps a sentence whole over a line that opens with a spaced dash, but not a list of dashes', () => {
    const deck = { fontSize: 14 }
    expect(
      blocksOf(
        run("Britain's oldest salt mines are being hollowed out again", 40, 100, deck),
        run('— this time to store hydrogen. Can a Victorian industry', 40, 118, deck),
        run('rescue a grid?', 40, 136, deck),
      ),
    ).toEqual([
      [
        "Britain's oldest salt mines are being hollowed out again",
        '— this time to store hydrogen. Can a Victorian industry',
        'rescue a grid?',
      ],
    ])
    expect(
      blocksOf(run('— apples from the orchard', 40, 100), run('— pears from the wall', 40, 112)),
    ).toEqual([['— apples from the orchard'], ['— pears from the wall']])
    // A standard's title parts its names with the dash that opens the next line.
    expect(
      blocksOf(
        run('ISO/IEC 27000, Information technology — Security techniques — Systems', 40, 100),
        run('— Overview and vocabulary', 40, 112),
        run('— Apples from the orchard', 40, 124),
      ),
    ).toEqual([
      [
        'ISO/IEC 27000, Information technology — Security techniques — Systems',
        '— Overview and vocabulary',
      ],
      ['— Apples from the orchard'],
    ])
  })

  it('ends a line of speech broken off by a dash or trailing away, before the next speaker', () => {
    // A novel's paragraphs: a first-line indent, no space between them.
    const speech = (broken: string) =>
      blocksOf(
        run('out waist-deep to catch the painter, but the plain fact of the', 54, 293, {
          right: 316.8,
        }),
        run('empty thwart where her brother should have been sitting.', 54, 305, { right: 308 }),
        run('"Where is he?" she said. Nobody answered. "Where is', 66, 317.5, { right: 316.8 }),
        run(broken, 54, 329.5, { right: 111 }),
        run('"Petra." Old Kessler had her by the arm. "Petra, come', 66, 342.1, { right: 316.8 }),
        run('away."', 54, 354, { right: 82.9 }),
      )
    expect(speech('he? Jonas—"')).toHaveLength(3)
    expect(speech('and . . . "')).toHaveLength(3)
  })

  it('keeps a sentence whole whose bracket, opened on one line, closes after a letter on the next', () => {
    expect(
      blocksOf(
        run('The muffler stays hot after stopping. Keep at least 5 ft (1.5', 40, 100, {
          right: 400,
        }),
        run('m) clearance on all sides of the generator.', 40, 112),
      ),
    ).toHaveLength(1)
  })

  it("parts a fact box's entries where the next opens with its key under room for it", () => {
    const at = (text: string, y: number, right: number) =>
      run(text, 399.4, y, { fontSize: 8, right })
    expect(
      blocksOf(
        at('Who: trained volunteers, usually in', 530.2, 523),
        at('groups of two or three', 539.4, 477.2),
        at('How often: monthly, same sites each', 550.3, 532.5),
        at('time', 559.5, 414.4),
      ),
    ).toEqual([
      ['Who: trained volunteers, usually in', 'groups of two or three'],
      ['How often: monthly, same sites each', 'time'],
    ])
  })

  it('keeps a sentence whole over a line that reads like a key but goes on from an open word', () => {
    expect(
      blocksOf(
        run('The growth curves were first drawn for a study of children published', 40, 100, {
          right: 320,
        }),
        run('in 1962 by the', 40, 112, { right: 110 }),
        run('Press: Oxford University, in its series on development.', 40, 124),
      ),
    ).toHaveLength(1)
  })

  it("keeps an epigraph's attribution whole where it wraps flush right", () => {
    const blocks = groupBlocks(
      groupLines([
        run('The map is not the territory, but it is very', 185.2, 250, { right: 381.6 }),
        run('often the only territory a king will ever see.', 185.2, 262, { right: 375.4 }),
        run('— Agnes Wirth, Notes on the Admiralty', 204.7, 277, { right: 381.6 }),
        run('Surveys (1911)', 317, 289, { right: 381.6 }),
        run('When the first hydrographic survey of the northern estuary was', 81.7, 332, {
          right: 381.6,
        }),
        run('commissioned in 1783, nobody involved expected it to take thirty', 64.8, 345.5, {
          right: 381.6,
        }),
        run('years, though the instructions issued ran to a single page of text.', 64.8, 359, {
          right: 381.6,
        }),
      ]),
      1,
    )
    expect(text(splitLineLists(blocks, 10))).toContainEqual([
      '— Agnes Wirth, Notes on the Admiralty',
      'Surveys (1911)',
    ])
  })

  it('sets a row of bullets between sections apart from the paragraphs around it', () => {
    expect(
      blocksOf(
        run('and the train ran on into the night.', 40, 100),
        run('• • •', 120, 114),
        run('The Nordland line was built slowly, in sections.', 40, 128),
      ),
    ).toEqual([
      ['and the train ran on into the night.'],
      ['• • •'],
      ['The Nordland line was built slowly, in sections.'],
    ])
  })

  it("keeps a note's narrow paragraph whole where a line of inline code wraps in and out of it", () => {
    const tt = { fontId: 'tt', monospace: true, fontSize: 9.4 }
    const at = (text: string, left: number, y: number, right: number, options = {}) =>
      run(text, left, y, { fontSize: 10.5, right, ...options })
    expect(
      blocksOf(
        at('The timeout is based on active rather than', 57.7, 69, 253.9),
        at('elapsed time, and will effectively be paused if', 57.7, 85.5, 267.7),
        at('the code is running in a suspended worker.', 57.7, 102, 257.4),
        at('Note: At time of writing there is no way to', 69.7, 135, 261.7),
        at('combine multiple signals. This means that', 69.7, 151.5, 264.5),
        at("you can't directly abort a download using", 69.7, 168, 259.1),
        at('either a timeout signal or by calling', 69.7, 184.5, 231.4),
        at('AbortController.abort().', 72, 201, 212, tt),
        at(' Use', 212, 201, 228.6),
        at('AbortSignal.any()', 72, 217.5, 160, tt),
        at(' in newer runtimes.', 160, 217.5, 258.9),
      ).map((lines) => lines.length),
    ).toEqual([3, 6])
  })

  it('keeps a paragraph whole where a web address in typewriter type wraps over its lines', () => {
    // A TeX paper's \\url: the address breaks after a dot and after a slash, short of the measure.
    const tt = { fontId: 'tt', monospace: true }
    expect(
      blocksOf(
        run('The full dataset is available from the project repository at once', 10, 100),
        run('and the scripts that cleaned it are kept in the same place at', 10, 112),
        run('https://github.', 290, 112, tt),
        run('com/example-org/survey/tree/main/data/processed/', 10, 124, tt),
        run('2021', 10, 136, tt),
        run(', together with a note on how each file was read.', 30, 136),
        run('A new paragraph opens here.', 10, 160),
      ),
    ).toEqual([
      [
        'The full dataset is available from the project repository at once',
        'and the scripts that cleaned it are kept in the same place at https://github.',
        'com/example-org/survey/tree/main/data/processed/',
        '2021, together with a note on how each file was read.',
      ],
      ['A new paragraph opens here.'],
    ])
  })

  it('keeps a figure in brackets that repeats the number ending the full line above in its sentence', () => {
    const right = { right: 400 }
    const clause = (last: string) =>
      blocksOf(
        run(
          '5.1 The Supplier shall keep all information it receives under this Agreement',
          10,
          100,
          right,
        ),
        run(
          'secret and shall use it only for the purposes of this Agreement and its terms.',
          10,
          112,
          right,
        ),
        run(last, 10, 136, right),
        run('(5) years after termination, disclose any Confidential Information.', 10, 148),
      )
    expect(
      clause('6.1 Neither party shall, during this Agreement and for a period of five'),
    ).toHaveLength(2)
    // Under another number, the figure opens an item.
    expect(
      clause('6.1 Neither party shall, during this Agreement and for a period of four'),
    ).toHaveLength(3)
  })

  it("keeps each reference's lines together where a word processor hangs them by 1.25 cm", () => {
    // LibreOffice, 11 pt: the hanging indent is 3.2 ems, titles in italics.
    const ref = { fontSize: 11 }
    const title = { fontSize: 11, fontId: 'italic' }
    expect(
      blocksOf(
        run('Baiocchi, G. (2005) ', 62.5, 162.7, { ...ref, right: 149.8 }),
        run('Militants and Citizens: The Politics of Democracy in Porto Alegre', 152.6, 162.7, {
          ...title,
          right: 506.1,
        }),
        run('.', 506.5, 162.7, { ...ref, right: 509.3 }),
        run('Stanford, CA: Stanford University Press.', 97.9, 177.2, { ...ref, right: 278 }),
        run(
          'Fung, A. (2015) Putting the public back into governance: the challenges of its',
          62.5,
          195.9,
          {
            ...ref,
            right: 514.6,
          },
        ),
        run('future, ', 97.9, 210.4, { ...ref, right: 128.8 }),
        run('Public Administration Review', 131.7, 210.4, { ...title, right: 263.3 }),
        run(', 75(4), pp. 513-522.', 263.5, 210.4, { ...ref, right: 356 }),
        run('PB Network (2016) A Toolkit. Manchester: PB Network.', 62.5, 229.2, {
          ...ref,
          right: 470.4,
        }),
      ),
    ).toEqual([
      [
        'Baiocchi, G. (2005) Militants and Citizens: The Politics of Democracy in Porto Alegre.',
        'Stanford, CA: Stanford University Press.',
      ],
      [
        'Fung, A. (2015) Putting the public back into governance: the challenges of its',
        'future, Public Administration Review, 75(4), pp. 513-522.',
      ],
      ['PB Network (2016) A Toolkit. Manchester: PB Network.'],
    ])
  })

  it("keeps a note's wrapped line that hangs under its text, past the number set apart by a tab", () => {
    const note = { fontSize: 9 }
    expect(
      blocksOf(
        run('1 ', 65.3, 741.5, { ...note, right: 69.8 }),
        run(
          'Office for National Statistics, Excess mortality during heat-periods, 2022.',
          79.5,
          741.5,
          {
            ...note,
            right: 509.5,
          },
        ),
        run('2 ', 65.3, 751.8, { ...note, right: 69.8 }),
        run(
          'Met Office, UK Climate Projections 2018, high-emissions scenario; see also the',
          79.5,
          751.8,
          {
            ...note,
            right: 499.4,
          },
        ),
        run(
          "Climate Change Committee's 2023 progress report on adaptation, pp. 112-118.",
          79.5,
          762.2,
          {
            ...note,
            right: 404,
          },
        ),
      ),
    ).toHaveLength(1)
  })

  it("keeps a numbered clause whose first line ends a sentence with its lines hanging under the number's text", () => {
    const line = (text: string, x: number, y: number, right = 515.9) =>
      run(text, x, y, { fontSize: 10.9, right })
    const clause = 'The Hedgerow Regulations 1997 protect most countryside hedgerows from removal.'
    const wrapped = [
      'However, they do not regulate how hedgerows are managed, and the criteria for decid-',
      'ing whether a hedgerow is "important" are widely regarded as complex and outdated.',
    ]
    const blocks = blocksOf(
      line('1.1 ', 79.4, 90.3, 93.3),
      line(clause, 111.9, 90.3),
      line(wrapped[0] as string, 107.7, 103.9),
      line(wrapped[1] as string, 107.7, 117.4),
      line('1.2 ', 79.4, 131, 93.3),
      line('Since 2024, basic hedgerow management rules have been set out in law,', 111.9, 131),
      line('which prohibits cutting or trimming between 1 March and 31 August and', 107.7, 144.5),
      line('requires a buffer strip from the centre of the hedgerow.', 107.7, 158.1, 371.9),
      // Paragraphs at the page's indent, and one at the margin.
      line(clause, 107.7, 183.6),
      ...wrapped.map((text, i) => line(text, 79.4, 197.1 + 13.5 * i)),
      line(clause, 107.7, 236.2),
      ...wrapped.map((text, i) => line(text, 79.4, 249.7 + 13.5 * i)),
    )
    expect(blocks[0]).toEqual([`1.1 ${clause}`, ...wrapped])
  })

  it("parts a paragraph's last line alone atop a column from the next paragraph at the page's indent", () => {
    const full = (text: string, x: number, y: number) => run(text, x, y, { right: 300 })
    const paragraph = (y: number) => [
      full('Urban heat islands arise because cities replace green', 20, y),
      full('vegetation and moist soil with materials that absorb the sun', 10, y + 12),
      full('and release it slowly as heat, so that surfaces in a city stay', 10, y + 24),
      run('warm well into the night.', 10, y + 36),
    ]
    const blocks = blocksOf(
      full('among our best sources for the early book trade in Europe.', 10, 100),
      ...paragraph(112),
      ...paragraph(160),
    )
    expect(blocks[0]).toEqual(['among our best sources for the early book trade in Europe.'])
    expect(blocks).toHaveLength(3)
  })

  it("parts an item's last words atop a page from the paragraph at the margin under them", () => {
    expect(
      blocksOf(
        run('on 17 October.', 68.1, 72.9, { right: 130.2 }),
        run(
          'Contributions for the winter edition should reach the editor by 15 November.',
          51.1,
          89.4,
          {
            right: 543.4,
          },
        ),
        run('photographs and drawings by children are all gratefully received.', 51.1, 103.6),
      ),
    ).toEqual([
      ['on 17 October.'],
      [
        'Contributions for the winter edition should reach the editor by 15 November.',
        'photographs and drawings by children are all gratefully received.',
      ],
    ])
  })

  it('keeps the wrap of a line of dialogue opened by a dash at the indent, back at the margin', () => {
    expect(
      blocksOf(
        run("— Pas du tout. Il a raison. Le temps, ici, est toujours variable. C'est", 68, 98),
        run('le seul baromètre honnête de toute la Bretagne.', 51, 113),
      ),
    ).toHaveLength(1)
    // After a finished sentence, a line back at the margin leaves the item.
    expect(
      blocksOf(
        run('— Le temps, ici, est toujours variable.', 68, 98),
        run('elle sourit et ferma la porte derrière elle.', 51, 113),
      ),
    ).toHaveLength(2)
  })

  it('parts a title in capitals centred over a paragraph in its own type from it', () => {
    const lines = [
      run('ACKNOWLEDGMENT', 373.9, 499.1, { right: 473.9 }),
      run('The authors thank the field engineers of the', 316.2, 514.1, { right: 541.4 }),
      run('participating carrier for their help in collecting traces.', 306.3, 525.7, {
        right: 541.2,
      }),
    ]
    expect(blocksOf(...lines)).toHaveLength(2)
    // A short line of a paragraph in capitals is no title: it stands at the paragraph's edge.
    const notice = [
      run('PLEASE NOTE', 306.3, 499.1, { right: 366.3 }),
      run('The authors thank the field engineers of the', 306.3, 511.1, { right: 541.4 }),
    ]
    expect(blocksOf(...notice)).toHaveLength(1)
  })

  it("parts a paper's abstract from the centred lines over it", () => {
    expect(
      blocksOf(
        run('Draft of 12 February 2024 - please do not cite', 137.4, 189.8, {
          fontSize: 12,
          fontId: 'italic',
          right: 456.9,
        }),
        run('Abstract', 275.5, 205.6, { fontSize: 12, right: 320.1 }),
        run(
          'Participatory budgeting is often promoted as a way of bringing groups into',
          96.5,
          220.1,
          {
            fontSize: 10.5,
            right: 498.4,
          },
        ),
        run('local decision-making, using attendance records from twelve authorities.', 96.5, 234, {
          fontSize: 10.5,
          right: 498.4,
        }),
      ),
    ).toEqual([
      ['Draft of 12 February 2024 - please do not cite', 'Abstract'],
      [
        'Participatory budgeting is often promoted as a way of bringing groups into',
        'local decision-making, using attendance records from twelve authorities.',
      ],
    ])
  })

  it('keeps a row of a list, its dates far right of it, apart from the line under it in another font', () => {
    // A résumé's degree in bold, its dates at the page's edge, over a line about it.
    const bold = { fontId: 'bold' }
    expect(
      blocksOf(
        run('MSc Computer Science, University of Manchester', 10, 100, { ...bold, right: 250 }),
        run('2016 - 2017', 420, 100, { right: 480 }),
        run('Dissertation: Incremental view maintenance for graph queries.', 10, 113, {
          right: 290,
        }),
      ),
    ).toEqual([
      ['MSc Computer Science, University of Manchester'],
      ['2016 - 2017'],
      ['Dissertation: Incremental view maintenance for graph queries.'],
    ])
  })

  it("parts a novel's one-line paragraphs at the page's paragraph indent", () => {
    // Paragraphs indented 16 pt at x 26, lines 12 pt apart and up to 300 wide, no space between.
    const line = (text: string, x: number, y: number, right: number) => run(text, x, y, { right })
    expect(
      blocksOf(
        line('The rain had not stopped for three days when Margaret', 26, 100, 300),
        line('finally opened the letter and read it twice.', 10, 112, 230),
        line('"You have read it, then," said Thomas.', 26, 124, 210),
        line('"I have."', 26, 136, 70),
        line('She did not answer at once. Outside, the gutter ran', 26, 148, 300),
        line('over onto the flagstones, again and again.', 10, 160, 220),
      ),
    ).toEqual([
      [
        'The rain had not stopped for three days when Margaret',
        'finally opened the letter and read it twice.',
      ],
      ['"You have read it, then," said Thomas.'],
      ['"I have."'],
      [
        'She did not answer at once. Outside, the gutter ran',
        'over onto the flagstones, again and again.',
      ],
    ])
    // Without paragraphs indented so elsewhere on the page, lines at one edge may be a block's.
    expect(
      blocksOf(
        line('"You have read it, then," said Thomas.', 26, 124, 210),
        line('"I have."', 26, 136, 70),
      ),
    ).toEqual([['"You have read it, then," said Thomas.', '"I have."']])
  })

  it("parts a justified novel's one-line paragraph that ends just short of the measure", () => {
    // Justified at 300: every first line of a paragraph ends there, a paragraph's last line short.
    const line = (text: string, x: number, y: number, right: number) => run(text, x, y, { right })
    const blocks = blocksOf(
      line('The lamp turned all night over the rocks, and Agnes sat', 26, 100, 300),
      line('by the window with the ledger open on her knees.', 10, 112, 240),
      line('The beam moved on. When it came round, the boat was gone.', 26, 124, 296),
      line('She did not sleep that night. In the morning, when the', 26, 136, 300),
      line('wind had dropped, she went down to the shore.', 10, 148, 230),
    )
    expect(blocks.map((lines) => lines[0])).toEqual([
      'The lamp turned all night over the rocks, and Agnes sat',
      'The beam moved on. When it came round, the boat was gone.',
      'She did not sleep that night. In the morning, when the',
    ])
  })

  it("parts a letter's salutation from its first paragraph, but not a sentence that opens so", () => {
    expect(
      blocksOf(
        run('Dear shareholder,', 10, 100, { right: 90 }),
        run('I am pleased to report that the company delivered another year of', 10, 116),
        run('growth in every one of its markets.', 10, 128),
      ),
    ).toHaveLength(2)
    expect(
      blocksOf(
        run('Dear as the land was, the crofters', 10, 100, { right: 300 }),
        run('would not sell it to the estate.', 10, 112),
      ),
    ).toHaveLength(1)
  })

  it("parts a novel's one-line paragraph that runs to the measure from the next speaker's", () => {
    const line = (text: string, x: number, y: number, right: number) => run(text, x, y, { right })
    const blocks = blocksOf(
      line('The lamp turned all night over the rocks, and Agnes sat', 26, 100, 300),
      line('by the window with the ledger open on her knees.', 10, 112, 240),
      line('Margaret took the basket and set it down. "I\'ll tell him."', 26, 124, 300),
      line('"Will you?" Thomas looked at her steadily. "Or will you tell', 26, 136, 300),
      line('him it was you?"', 10, 148, 90),
    )
    expect(blocks.map((lines) => lines[0])).toEqual([
      'The lamp turned all night over the rocks, and Agnes sat',
      'Margaret took the basket and set it down. "I\'ll tell him."',
      '"Will you?" Thomas looked at her steadily. "Or will you tell',
    ])
    // A quotation set in at the indent, line after line, stays whole.
    const quoted = blocksOf(
      line('The lamp turned all night over the rocks, and Agnes sat', 26, 100, 300),
      line('by the window with the ledger open on her knees.', 10, 112, 240),
      line('It was signed by the harbour master. The tide was late.', 26, 124, 300),
      line('The boats would not come in before the morning, he wrote,', 26, 136, 300),
      line('and the men were not to be waited for.', 26, 148, 210),
    )
    expect(quoted).toHaveLength(2)
  })

  it("splits a box's heading from a paragraph opening with a term in the heading's type", () => {
    // A sidebar: "Key terms" in bold at 9 pt, over entries whose term is in that bold at 8.5 pt.
    const bold = { fontId: 'bold', fontSize: 9 }
    const term = { fontId: 'bold', fontSize: 8.5 }
    const body = { fontId: 'regular', fontSize: 8.5 }
    // (The entry's lines, in two fonts, are joined into one paragraph later, as text runs on.)
    const [heading] = blocksOf(
      run('Key terms', 10, 100, bold),
      run('Chlorophyll', 10, 113, { ...term, right: 60 }),
      run('- green', 63, 113, { ...body, right: 90 }),
      run('pigment in chloroplasts.', 10, 124, body),
    )
    expect(heading).toEqual(['Key terms'])
    // A title wrapped in its cell, a note mark after its second line, stays one block.
    expect(
      blocksOf(
        run('Non-Federal', 10, 100, bold),
        run('Programs', 10, 111, { ...term, right: 50 }),
        run('(3)', 52, 111, { ...body, right: 62 }),
      ),
    ).toEqual([['Non-Federal', 'Programs (3)']])
  })

  it("splits a heading in its paragraph's size from the paragraph opening in the heading's type", () => {
    const bold = { fontId: 'bold', right: 200 }
    const lines = (first: string) =>
      blocksOf(
        run(first, 56.8, 676.4, bold),
        run('Do not take this medicine in the last 3 months. ', 56.8, 689.3, {
          ...bold,
          right: 341.8,
        }),
        run('Talk to your doctor before taking this', 344.8, 689.3, { right: 505.2 }),
      ).map((block) => block.length)
    expect(lines('Pregnancy and breast-feeding')).toEqual([1, 1])
    // A lead-in in bold that fills its line runs on into the next.
    expect(
      blocksOf(
        run('Pregnancy and breast-feeding need care: before you take it', 56.8, 676.4, {
          fontId: 'bold',
          right: 505,
        }),
        run('Do not take this medicine in the last 3 months. ', 56.8, 689.3, {
          fontId: 'bold',
          right: 341.8,
        }),
        run('Talk to your doctor before taking this', 344.8, 689.3, { right: 505.2 }),
      ),
    ).toHaveLength(1)
  })

  it('keeps a note opened by a raised asterisk whole, its wrap out at the margin', () => {
    const note = { fontSize: 7 }
    expect(
      blocksOf(
        run('*', 59.7, 769.7, { fontSize: 5, right: 62.2 }),
        run('Corresponding author. E-mail address: maja@geo.uu.se (M.', 63.5, 772.5, {
          ...note,
          right: 289.1,
        }),
        run('Lindqvist).', 45.4, 780.5, { ...note, right: 76.2 }),
      ),
    ).toEqual([['* Corresponding author. E-mail address: maja@geo.uu.se (M.', 'Lindqvist).']])
  })

  it('opens a block at each note, its mark raised, and keeps the lines a note wraps onto', () => {
    // LaTeX's notes at a column's foot: each opens a paragraph indent in, its mark raised, and
    // wraps flush left; the second note follows the first at the notes' pitch.
    const note = { fontSize: 8 }
    const mark = { fontSize: 6 }
    expect(
      blocksOf(
        run('*', 65.1, 716.2, { ...mark, right: 68.7 }),
        run('Corresponding author: ana.lima@example.org', 69.2, 719, { ...note, right: 239.1 }),
        run('1', 65.1, 725.7, { ...mark, right: 68.7 }),
        run('Require varying wireless for load estimator require estimating', 69.2, 728.5, {
          ...note,
          right: 301,
        }),
        run('show load and in.', 54, 738, { ...note, right: 119.2 }),
      ),
    ).toEqual([
      ['* Corresponding author: ana.lima@example.org'],
      ['1 Require varying wireless for load estimator require estimating', 'show load and in.'],
    ])
  })

  it('keeps a citation mark that wrapped alone to the next line with its paragraph', () => {
    const line = (text: string, y: number) => run(text, 57, y, { right: 537 })
    expect(
      blocksOf(
        line('bridge was the. Banks when town trade bridge the the bridge valley merchants', 288.7),
        line('flows its town. When used times built times used merchants its grew merchants.', 303),
        run('[2]', 57, 313.5, { fontSize: 7, right: 64.8 }),
        run('Contents', 67.7, 345.7, { fontSize: 9, right: 106.7 }),
      ).map((lines) => lines.length),
    ).toEqual([3, 1])
  })

  it("opens a block at each of a bibliography's numbered entries after a finished one", () => {
    expect(
      blocksOf(
        run('2022.', 72, 61.5, { fontSize: 8.5, right: 91.1 }),
        run('[3] F. Müller. Battery models for embedded nodes. ACM Computing', 60, 74.2, {
          fontSize: 8.5,
          right: 295.2,
        }),
        run('Surveys 54(2), 2020.', 72, 83.2, { fontSize: 8.5, right: 142.3 }),
      ),
    ).toEqual([
      ['2022.'],
      ['[3] F. Müller. Battery models for embedded nodes. ACM Computing', 'Surveys 54(2), 2020.'],
    ])
  })

  it("opens a block at each of a word processor's endnotes, numbered in roman in body type", () => {
    const note = (text: string, y: number, right: number) => run(text, 56.8, y, { right })
    expect(
      blocksOf(
        note('iii Smith and Jones, "Scale Economies in Water Supply," 113-140.', 103.4, 536.1),
        note('iv Ibid.', 114.9, 92.4),
        note('v Interview with a utility manager, 14 March 2023.', 126.5, 270.7),
      ),
    ).toEqual([
      ['iii Smith and Jones, "Scale Economies in Water Supply," 113-140.'],
      ['iv Ibid.'],
      ['v Interview with a utility manager, 14 March 2023.'],
    ])
    // Only the next number opens a note.
    expect(
      blocksOf(
        note('vii Letter to the board, which goes on past its measure into its', 138, 536.1),
        note('vi pages of appendices, cited apart.', 149.5, 240),
      ),
    ).toHaveLength(1)
  })

  it("ends a one-line item that left room for the next line's first word, back at its marker", () => {
    const line = (text: string, y: number) => run(text, 306.3, y, { fontSize: 8.5 })
    expect(
      blocksOf(
        line('• Feeling sick (nausea)', 642.4),
        line('Uncommon side effects (may affect up to 1 in 100 people)', 653.1),
      ),
    ).toHaveLength(2)
    // An item that wraps to its marker fills its line first.
    expect(
      blocksOf(
        line('• Feeling sick (nausea), dizziness, headache or a', 642.4),
        line('rash that does not go away', 653.1),
      ),
    ).toHaveLength(1)
  })

  it('opens an item at a bullet under a full line that leads into it with a colon, not at a number', () => {
    const wrapped = (last: string, next: string) =>
      blocksOf(
        run('Tell your doctor if you are taking medicines to prevent clotting', 42.6, 640, {
          right: 266.3,
        }),
        run(last, 42.6, 650, { right: 264 }),
        run(next, 42.6, 660),
      ).length
    expect(wrapped('(e.g. warfarin or heparin) at the same time, except:', '- when changing')).toBe(
      2,
    )
    expect(
      wrapped('and so we perform the fine-tuning in two stages:', '1) tuning and 2) alignment.'),
    ).toBe(1)
  })

  it("splits a heading from a table's header row in its face, set in by the cell's padding", () => {
    const bold = { fontId: 'bold' }
    expect(
      blocksOf(
        run('Financial highlights', 71, 508.9, { ...bold, fontSize: 10.5 }),
        run('NOK million', 73.2, 526.9, { ...bold, fontSize: 9.5 }),
      ),
    ).toHaveLength(2)
  })

  it('splits a short line in capitals in a type of its own from the mixed case under it', () => {
    const lines = (first: string, size: number) =>
      blocksOf(
        run(first, 49.5, 97.5, { fontSize: size }),
        run('University of California, Berkeley', 49.5, 110.7, { fontSize: 10.5 }),
      ).length
    expect(lines('EDUCATION', 11)).toBe(2)
    // An acronym in the type of the list it opens is one of its lines.
    expect(lines('AARP', 10.5)).toBe(1)
  })

  it('splits at paragraph spacing of four tenths of a line, as manuals set it', () => {
    expect(
      blocksOf(
        run('Output a usage message and exit. The usage lists', 10, 100),
        run('every option with a line on what it does.', 10, 112),
        run('Output the version number of the program and exit.', 10, 128.8),
      ).map((block) => block.length),
    ).toEqual([2, 1])
  })

  it('splits after a finished sentence at a quarter of a line more, as paragraphs set 3 pt apart', () => {
    const lines = (third: string) =>
      blocksOf(
        run('The archives from the two ice sheets give a long', 10, 100),
        run('timeline against which records can be compared.', 10, 113.4),
        run(third, 10, 130.4),
        run('shifts that occurred within a few decades only.', 10, 143.8),
      ).map((block) => block.length)
    expect(lines('Combining the archives has revealed abrupt climate')).toEqual([2, 2])
    // Unfinished, the sentence goes on, a line that stands a little low or not.
    const unfinished = blocksOf(
      run('The archives from the two ice sheets give a long', 10, 100),
      run('timeline against which other records can be', 10, 113.4),
      run('compared, combining the archives of both sheets', 10, 130.4),
    )
    expect(unfinished).toHaveLength(1)
  })

  it("parts a one-line paragraph from the next by the page's usual line pitch", () => {
    expect(
      blocksOf(
        run('grep searches for patterns in each file, and prints each line', 10, 100),
        run('that matches a pattern. Patterns should be quoted when grep', 10, 112),
        run('is used in a shell command, and a file of - stands for the', 10, 124),
        run('standard input of the command.', 10, 136),
        run('--help Output a usage message and exit.', 10, 152.8),
        run('-V, --version Output the version number and exit.', 10, 169.6),
      ).map((block) => block.length),
    ).toEqual([4, 1, 1])
  })

  it('ends a table-of-contents entry at its page number, but not a title that wraps before its leader', () => {
    expect(
      blocksOf(
        run('I. POLICY .................................. 5', 10, 100),
        run('II. SCOPE .................................. 5', 10, 112),
        run('A. Consultation vs. Referral Services: (refer', 10, 124),
        run('to Attachment F) . . . . . . . . . . . . . 27', 10, 136),
        run('B. Appendix . . . . . . . . . . . . . . . . iv', 10, 148),
      ),
    ).toEqual([
      ['I. POLICY .................................. 5'],
      ['II. SCOPE .................................. 5'],
      [
        'A. Consultation vs. Referral Services: (refer',
        'to Attachment F) . . . . . . . . . . . . . 27',
      ],
      ['B. Appendix . . . . . . . . . . . . . . . . iv'],
    ])
  })

  it('ends a list item whose wrapped lines hang under its text where a line goes back out', () => {
    expect(
      blocksOf(
        run('• <MIME>/mime.cache (contains the same information as the globs2,', 10, 100),
        run('magic and aliases files, in a binary, mmappable format)', 20, 112),
        run('The format of these generated files is explained in the following', 10, 124),
        run('sections. This step serves several purposes.', 10, 136),
      ),
    ).toEqual([
      [
        '• <MIME>/mime.cache (contains the same information as the globs2,',
        'magic and aliases files, in a binary, mmappable format)',
      ],
      [
        'The format of these generated files is explained in the following',
        'sections. This step serves several purposes.',
      ],
    ])
  })

  it('ends a one-line item at a line back at the markers of a list whose items hang', () => {
    const items = [
      run('1. July 14: storage outage in eu-west, 42 minutes', 10, 100),
      run('2. August 2: certificate expiry on the billing', 10, 112),
      run('API, 11 minutes', 22, 124),
      run('3. September 20: DNS misconfiguration, 6 minutes', 10, 136),
    ]
    const remark = [
      run('Root causes and follow-ups are tracked in the', 10, 148),
      run('incident register.', 10, 160),
    ]
    expect(blocksOf(...items, ...remark)).toEqual([
      ['1. July 14: storage outage in eu-west, 42 minutes'],
      ['2. August 2: certificate expiry on the billing', 'API, 11 minutes'],
      ['3. September 20: DNS misconfiguration, 6 minutes'],
      ['Root causes and follow-ups are tracked in the', 'incident register.'],
    ])
    // Where an item wraps under its marker, a line there may be the last item's wrap.
    const [first, second, , third] = items as [TextRun, TextRun, TextRun, TextRun]
    const underMarker = run('API, 11 minutes', 10, 124)
    expect(blocksOf(first, second, underMarker, third, ...remark).at(-1)).toEqual([
      '3. September 20: DNS misconfiguration, 6 minutes',
      'Root causes and follow-ups are tracked in the',
      'incident register.',
    ])
  })

  it("ends a table's one-line caption in the text's type before the table's shorter rows", () => {
    // LaTeX sets caption and cells in the body font, rows at the caption's pitch.
    const blocks = groupBlocks(
      groupLines([
        run('Table 1: Energy per sensor per day, in joules.', 40, 100),
        run('Fixed 41.2 40.8', 60, 113, { right: 255 }),
        run('Threshold 22.5 35.1', 60, 126, { right: 255 }),
        run('Predictive 14.9 33.7', 60, 139, { right: 255 }),
        run('Figure 2: Energy per sensor per day, over the whole', 40, 200),
        run('year. Measured at the river and in the building.', 40, 213),
      ]),
      1,
    )
    expect(text(splitLineLists(blocks, 10))).toEqual([
      ['Table 1: Energy per sensor per day, in joules.'],
      ['Fixed 41.2 40.8'],
      ['Threshold 22.5 35.1'],
      ['Predictive 14.9 33.7'],
      [
        'Figure 2: Energy per sensor per day, over the whole',
        'year. Measured at the river and in the building.',
      ],
    ])
  })

  it("keeps a caption's next sentence under its full first line", () => {
    expect(
      blocksOf(
        run(
          'Figure 1.1: Posterior mean of discharge along the main channel, five sensors.',
          40,
          100,
        ),
        run('The shaded band is omitted for clarity.', 40, 113),
      ),
    ).toEqual([
      [
        'Figure 1.1: Posterior mean of discharge along the main channel, five sensors.',
        'The shaded band is omitted for clarity.',
      ],
    ])
  })

  it("opens a patent's numbered paragraph at its number, whatever ends the line above", () => {
    const full = 'x'.repeat(30)
    expect(
      blocksOf(
        run(`[0005] Each row unit includes a pair of hoe blades on either ${full}`, 40, 100),
        run(`side of a crop plant, movable between a closed and an open ${full}`, 40, 112),
        run(`[0006] The processor is configured to receive a pair of images ${full}`, 40, 124),
      ),
    ).toHaveLength(2)
  })

  it("keeps a narrow column's dateline, stretched to the measure, with the paragraph it opens", () => {
    const column = { right: 576 }
    expect(
      blocksOf(
        run('PORT ALDER —', 451.9, 97.5, { fontId: 'bold', right: 548.4 }),
        run('The', 560.4, 97.5, column),
        run('regional transit authority will', 451.9, 110.2, column),
        run('raise fares on all three ferry', 451.9, 123, column),
      ),
    ).toHaveLength(1)
  })

  it('sets a quotation in smaller type, indented, apart from the text around it', () => {
    // A report in 12 pt, its block quote in 11, with no space around it.
    const body = { fontSize: 12 }
    const quote = { fontSize: 11 }
    const full = 'x'.repeat(40)
    const lines = [
      run(`demands include patient acuity, workload and time pressure ${full}`, 71, 100, body),
      run('observed,', 71, 114.4, body),
      run(`every occupation may have its own specific risk factors ${full}`, 99.3, 128.4, quote),
      run('occupational settings. (Demerouti et al., 2001, p. 501)', 99.3, 141.9, quote),
      run(`This generality is both a strength and a limitation ${full}`, 71, 156.3, body),
      run('and a limitation.', 71, 170.7, body),
    ]
    expect(blocksOf(...lines)).toEqual([
      [lines[0]?.text, 'observed,'],
      [lines[2]?.text, lines[3]?.text],
      [lines[4]?.text, 'and a limitation.'],
    ])
  })

  it("ends a syllabus's grading led by dots to its shares before the paragraph under it", () => {
    const shares = ['Lecture exams (3 x 15%)..........45%', 'Weekly quizzes..........15%']
    const runs = [...shares, 'Letter grades are assigned on the following scale: A 93-100.'].map(
      (text, i) => run(text, 65, 109.5 + 14.9 * i, { fontSize: 11 }),
    )
    expect(blocksOf(...runs)).toEqual([
      [shares[0]],
      [shares[1]],
      ['Letter grades are assigned on the following scale: A 93-100.'],
    ])
  })

  it("keeps a key's list of names that wraps back to the margin as one entry", () => {
    const lines = [
      'Chair: Margaret Okafor',
      'Present: Margaret Okafor, Daniel Reyes, Priya Natarajan, Tom Whitfield, Helen Cho,',
      'Samuel Adeyemi, Lucia Ferrante',
      'Apologies: Robert Klein, Aisha Mahmoud',
    ]
    const blocks = groupBlocks(
      groupLines(lines.map((text, i) => run(text, 65, 52.8 + 14 * i, { fontSize: 11 }))),
      1,
    )
    expect(text(splitLineLists(blocks, 11))).toEqual([[lines[0]], [lines[1], lines[2]], [lines[3]]])
  })

  it('ends the notes at the foot of a page before the page number set at their pitch', () => {
    // A word processor's footnotes and its footer "Page 1", 9 pt lines every 10.4 pt.
    const notes = [
      '1 See the minutes of meeting 3, item 7, for the full discussion.',
      '2 See the minutes of meeting 4, item 8, for the full discussion.',
    ]
    const runs = [...notes, 'Page 1'].map((text, i) =>
      run(text, 71, 748.4 + 10.4 * i, { fontSize: 9 }),
    )
    expect(blocksOf(...runs)).toEqual([notes, ['Page 1']])
  })

  it("ends a list's last item before the table under it, whose cells start inside the item", () => {
    const at = (text: string, left: number, right: number, y: number) =>
      run(text, left, y, { right })
    const item = [
      at('• ', 88, 91.8, 419.9),
      at('Option C: fund the whole project at once', 105, 437, 419.9),
    ]
    const header = [at('Option ', 73.8, 104.3, 435.9), at('Cost (£k) ', 225, 266.2, 435.9)]
    const blocks = blocksOf(...item, ...header)
    expect(blocks[0]).toEqual(['• Option C: fund the whole project at once'])
    // The values listed under an item's tab stop go on from it.
    const facet = [
      at('• ', 88, 91.8, 500),
      at('Facet:', 105, 135, 500),
      at('64470 - cervical', 160, 250, 500),
    ]
    const more = at('64472 - cervical, each additional level', 160, 340, 512)
    expect(blocksOf(...facet, more)).toEqual([
      ['• Facet: 64470 - cervical', '64472 - cervical, each additional level'],
    ])
  })

  it("starts a table's caption apart from the cells of its last row above it", () => {
    const at = (text: string, left: number, right: number, y: number) =>
      run(text, left, y, { right })
    const lastRow = [
      at('C ', 73.8, 81.1, 505.1),
      at('1,150 ', 225, 249.7, 505.1),
      at('Low', 376.2, 396, 505.1),
    ]
    const caption = at('Table 1: Costs and risks of the options.', 71, 242, 520.5)
    expect(blocksOf(...lastRow, caption)).toContainEqual([
      'Table 1: Costs and risks of the options.',
    ])
  })

  it('reads a key-value list a line to an entry, in any type', () => {
    // An invoice's details in 12 pt beside 10 pt text: each value stops short of the block's
    // edge by less than the next key's first word, as prose would.
    const at = (text: string, right: number, y: number) =>
      run(text, 313, y, { fontSize: 12, right })
    const blocks = groupBlocks(
      groupLines([
        at('Invoice number: INV-2026-0042', 508, 100),
        at('Invoice date: 28 November 2026', 534, 116),
        at('Due date: 28 December 2026', 530, 132),
        at('Customer ID: C-1187', 455, 148),
      ]),
      1,
    )
    expect(text(splitLineLists(blocks, 10))).toEqual([
      ['Invoice number: INV-2026-0042'],
      ['Invoice date: 28 November 2026'],
      ['Due date: 28 December 2026'],
      ['Customer ID: C-1187'],
    ])
  })

  it('keeps a paragraph whose indented first line is mostly italic terms whole at its wrap', () => {
    // LaTeX: paragraphs indented 16.9 pt; the first line's italic terms outweigh its roman.
    const italic = { fontId: 'italic', fontSize: 10.9 }
    const roman = { fontId: 'roman', fontSize: 10.9 }
    const paragraph = (y: number, first: Partial<TextRun>) => [
      run('The quantities are called prior probabilities, the others posterior ones.', 88.9, y, {
        ...first,
        right: 540,
      }),
      run(
        'Bayes theorem is the engine of an entire school of statistical inference, which',
        72,
        y + 13.6,
        {
          ...roman,
          right: 540,
        },
      ),
      run('we meet again in Chapter 11.', 72, y + 27.2, { ...roman, right: 200 }),
    ]
    const blocks = text(
      groupBlocks(
        groupLines([...paragraph(100, roman), ...paragraph(150, roman), ...paragraph(200, italic)]),
        1,
      ),
    )
    expect(blocks).toHaveLength(3)
  })

  it("parts a glossary's next term, stepping out in bold, from a definition with no full stop", () => {
    const bold = { fontId: 'bold', fontSize: 11 }
    const plain = { fontSize: 11 }
    const blocks = text(
      groupBlocks(
        groupLines([
          run('autotroph', 74.2, 340.5, { ...bold, right: 136.2 }),
          run(
            'an organism that makes its own food from inorganic substances, usually using',
            89.2,
            356.2,
            {
              ...plain,
              right: 521.5,
            },
          ),
          run('energy from sunlight', 89.2, 372.7, { ...plain, right: 204.1 }),
          run('chlorophyll', 74.2, 393, { ...bold, right: 143.3 }),
          run('the green pigment in chloroplasts that absorbs light energy', 89.2, 408.7, {
            ...plain,
            right: 417.5,
          }),
        ]),
        1,
      ),
    )
    expect(blocks.map((lines) => lines[0])).toContain('chlorophyll')
  })

  it("keeps a wide-leaded item's last line with the line that runs on unfinished to it", () => {
    // A Korean report's item at 14 pt, 25.8 pt apart: too few lines of its size on the page to
    // tell their usual pitch.
    const size = { fontSize: 14 }
    const blocks = text(
      groupBlocks(
        groupLines([
          run('□ 인공지능(AI)과 디지털 전환이 가속화됨에 따라 미래 사회를 살아갈', 56.8, 273.7, {
            ...size,
            right: 538.3,
          }),
          run(
            '학생들에게 디지털 기초 소양과 문제해결 역량을 길러 주는 교육의 중요성이',
            73.8,
            299.5,
            {
              ...size,
              right: 538.4,
            },
          ),
          run('커지고 있음', 73.8, 325.2, { ...size, right: 144.5 }),
        ]),
        1,
      ),
    )
    expect(blocks.find((lines) => lines.includes('커지고 있음'))).toContain(
      '학생들에게 디지털 기초 소양과 문제해결 역량을 길러 주는 교육의 중요성이',
    )
  })

  it('keeps the first line of a Japanese paragraph set at wide leading in the left column', () => {
    const size = { fontSize: 10.5 }
    const left = [
      run('新緑がまぶしい季節となりました。保護者の', 67.5, 189.7, { ...size, right: 286.4 }),
      run('皆様には、日頃より本校の教育活動にご理解と', 57, 208.5, { ...size, right: 286.4 }),
      run('ご協力をいただき、誠にありがとうございま', 57, 226.5, { ...size, right: 286.4 }),
      run('す。4月に入学した1年生も、少しずつ学校生活', 57, 245.2, { ...size, right: 286.4 }),
      run('に慣れ、休み時間には元気に校庭を走り回る姿', 57, 263.2, { ...size, right: 286.4 }),
      run('が見られるようになりました。', 57, 282, { ...size, right: 204 }),
    ]
    // The right column reaches further, to the page's measure.
    const right = [182.2, 200.2, 219, 237].map((y) =>
      run('当日は多くの来場者が見込まれるため、自動', 309.1, y, { ...size, right: 538.5 }),
    )
    const blocks = text(groupBlocks(groupLines([...left, ...right]), 1))
    expect(blocks.find((lines) => lines[0]?.startsWith('新緑'))).toHaveLength(6)
  })

  it("parts a show's chapters, each opened by its time, though they wrap as prose would", () => {
    const at = (text: string, right: number, y: number) => run(text, 48.7, y, { right })
    const chapters = [
      at('00:00 Cold open: "You\'re going to ruin the ground"', 262, 100),
      at('02:45 Introductions and a tour of the north field', 257, 115.8),
      at("09:10 What a cover crop is, and what it isn't", 236, 131.6),
      at('15:32 Counting earthworms with a shovel', 243, 147.4),
    ]
    expect(text(splitLineLists(groupBlocks(groupLines(chapters), 1), 10))).toHaveLength(4)
    // A paragraph that opens with a time is one paragraph.
    const prose = [
      at('09:10 is when the first bus leaves the depot, and the', 300, 100),
      at('drivers are expected to have checked their vehicles', 300, 115.8),
      at('by then.', 90, 131.6),
    ]
    expect(text(splitLineLists(groupBlocks(groupLines(prose), 1), 10))).toHaveLength(1)
  })

  it('keeps a paragraph whole whose lines each hold a colon, wrapped as prose', () => {
    const blocks = groupBlocks(
      groupLines([
        run('Step 5 Repeat for the large cube: surface area = 96 cm, so the ratio is', 85, 100, {
          right: 510,
        }),
        run('now 1.5 : 1. Doubling the side length halves the ratio every time.', 85, 113, {
          right: 480,
        }),
      ]),
      1,
    )
    expect(text(splitLineLists(blocks, 10))).toHaveLength(1)
  })

  it("reads a specification's rows led by dots to their values a line to a row", () => {
    const row = (text: string, y: number) => run(text, 71, y, { right: 539 })
    const blocks = groupBlocks(
      groupLines([
        row('Engine type ........................ 4-stroke OHV, single cylinder', 100),
        row('Displacement ...................................................... 212 cc', 117),
        row('Rated output ..................................................... 3,500 W', 134),
      ]),
      1,
    )
    expect(text(splitLineLists(blocks, 10))).toHaveLength(3)
  })

  it("keeps a value's wrap under the value with its key's entry, in a list of lines", () => {
    // Minutes' details: keys in bold, values at a tab stop; the attendees run on under theirs.
    const entry = (key: string, value: string, y: number) => [
      run(key, 72, y, { fontId: 'bold', fontSize: 11 }),
      run(value, 162, y, { fontSize: 11 }),
    ]
    const blocks = groupBlocks(
      groupLines([
        ...entry('Date:', 'Tuesday, March 12, 2024, 6:30 p.m.', 121),
        ...entry('Location:', 'Community Room, Westbrook Public Library', 135.6),
        ...entry('Attendees:', 'Janet Okonkwo (Chair), David Feld (Treasurer), Leonard', 150.3),
        run('Price, Ruth Abernathy, Samuel Kwan', 162, 162.9, { fontSize: 11 }),
        ...entry('Staff:', 'Elaine Marsh (Library Director)', 177.6),
        ...entry('Absent:', 'Gregory Hale (excused)', 192.2),
      ]),
      1,
    )
    expect(text(splitLineLists(blocks, 11))).toEqual([
      ['Date: Tuesday, March 12, 2024, 6:30 p.m.'],
      ['Location: Community Room, Westbrook Public Library'],
      [
        'Attendees: Janet Okonkwo (Chair), David Feld (Treasurer), Leonard',
        'Price, Ruth Abernathy, Samuel Kwan',
      ],
      ['Staff: Elaine Marsh (Library Director)'],
      ['Absent: Gregory Hale (excused)'],
    ])
  })

  it("ends a table's caption before a header row wider than the caption", () => {
    const prose = [
      'the latency of the estimator under load for every sensor',
      'node in the network, which the three methods share. The',
      'estimator converges after a few rounds in every setting',
      'that we measured, while the other two take much longer.',
    ]
    const at = (text: string, left: number, right: number, y: number) =>
      run(text, left, y, { right })
    const blocks = groupBlocks(
      groupLines([
        at('Table 1: Latency (ms) by load.', 109.6, 245.4, 71.4),
        at('Load ', 97.1, 118.8, 86.9),
        at('Ours ', 144.7, 165.8, 86.9),
        at('MAC-A ', 177.8, 212.1, 86.9),
        at('MAC-B', 224.1, 257.9, 86.9),
        at('Low ', 97.1, 115.2, 103.8),
        at('12.1 ', 148.1, 165.8, 103.8),
        at('15.4 ', 194.4, 212.1, 103.8),
        at('14.0', 240.2, 257.9, 103.8),
        at('High ', 97.1, 117.8, 115.8),
        at('31.0 ', 148.1, 165.8, 115.8),
        at('55.8 ', 194.4, 212.1, 115.8),
        at('47.2', 240.2, 257.9, 115.8),
        // The column's text under the table crosses its gutters.
        ...prose.map((line, i) => at(line, 54, 301, 163.7 + 12 * i)),
      ]),
      1,
    )
    expect(text(splitLineLists(blocks, 10))).toEqual([
      ['Table 1: Latency (ms) by load.'],
      ['Load Ours MAC-A MAC-B'],
      ['Low 12.1 15.4 14.0'],
      ['High 31.0 55.8 47.2'],
      prose,
    ])
  })

  it("starts a paragraph at an indent under a paragraph's last line alone atop a column", () => {
    expect(
      blocksOf(
        run('decides how long the network lasts.', 10, 100),
        run('Sensor networks monitor rivers, buildings and farmland', 20, 112),
        run('for years on a single battery. Every reading costs a lot', 10, 124),
        run('The care plan should:', 10, 160),
        run('include teaching the patient about the danger of rails', 20, 172),
      ),
    ).toEqual([
      ['decides how long the network lasts.'],
      [
        'Sensor networks monitor rivers, buildings and farmland',
        'for years on a single battery. Every reading costs a lot',
      ],
      ['The care plan should:', 'include teaching the patient about the danger of rails'],
    ])
  })

  it('starts a new block at a term in another font that steps out after the definition before it', () => {
    const term = { fontId: 'bold' }
    expect(
      blocksOf(
        run('--concurrency', 10, 100, term),
        run('The number of jobs the worker runs at the same time.', 25, 112),
        run('--timeout', 10, 124, term),
        run('The number of seconds a job may run before it is', 25, 136),
        run('stopped and marked as failed.', 25, 148),
      ),
    ).toEqual([
      ['--concurrency'],
      ['The number of jobs the worker runs at the same time.'],
      ['--timeout'],
      ['The number of seconds a job may run before it is', 'stopped and marked as failed.'],
    ])
  })

  it("parts a headline over a story's columns from the next column's first line in another font", () => {
    const quote = { fontId: 'italic', fontSize: 13 }
    expect(
      blocksOf(
        run('Council approves new footbridge after two-year debate', 40, 113, {
          fontId: 'bold',
          fontSize: 14,
        }),
        run('walk to the station', 220, 136, quote),
        run('again."', 220, 151, quote),
      ),
    ).toEqual([
      ['Council approves new footbridge after two-year debate'],
      ['walk to the station', 'again."'],
    ])
    // A first line in another font runs on into its paragraph's wrapped, hanging lines.
    expect(
      blocksOf(
        run('86 Elaine Freedgood, "Introduction: Reading Things," in', 57, 639, { fontSize: 9 }),
        run('The Idea in Things: Fugitive Meaning in the Victorian', 79, 651, {
          fontId: 'italic',
          fontSize: 9,
        }),
      ),
    ).toEqual([
      [
        '86 Elaine Freedgood, "Introduction: Reading Things," in',
        'The Idea in Things: Fugitive Meaning in the Victorian',
      ],
    ])
    // So does a right-to-left paragraph's first line into its short last line, set flush right.
    const he = { rtl: true }
    expect(
      blocksOf(
        run('בשנת 2025 גדל מספר המבקרים בספרייה והושקה מערכת', 100, 300, { ...he, fontId: 'bold' }),
        run('השאלה מקוונת.', 265, 312, he),
      ),
    ).toEqual([['בשנת 2025 גדל מספר המבקרים בספרייה והושקה מערכת', 'השאלה מקוונת.']])
    // Its third line, short and flush right, is its last, not a paragraph's indented first.
    const full = 'בשנת 2025 גדל מספר המבקרים בספרייה והושקה מערכת'
    expect(
      blocksOf(
        run(full, 100, 300, he),
        run(full, 100, 312, he),
        run('לעומת השנה הקודמת.', 250, 324, he),
      ),
    ).toEqual([[full, full, 'לעומת השנה הקודמת.']])
  })

  it('keeps double-spaced paragraphs whole from their first line, but not entries stacked as widely', () => {
    const type = { fontSize: 12 }
    // 12 pt text on a 24 pt pitch, each paragraph opening with a half-inch indent.
    const lines = [
      [108, 'Plaintiff respectfully submits this memorandum in support of'],
      [72, 'her motion to compel the production of the documents that were'],
      [72, 'requested last year and never produced.'],
      [108, 'The Court should grant the motion for three reasons that are'],
      [72, 'set out below in the order in which the rules of the Court'],
      [72, 'list them.'],
      // A first line that fills the measure with a sentence goes on all the same.
      [108, 'The facts are simple, and the parties agree on all of them.'],
      [72, 'Defendant signed the lease in March and paid no rent after it'],
      [72, 'was signed.'],
    ] as const
    expect(blocksOf(...lines.map(([x, text], i) => run(text, x, 100 + 24 * i, type)))).toEqual([
      lines.slice(0, 3).map(([, text]) => text),
      lines.slice(3, 6).map(([, text]) => text),
      lines.slice(6).map(([, text]) => text),
    ])
    const entries = [
      'Section 3.3: Independent T-test Assumptions and Write Up',
      'Section 3.4: Paired T-test Assumptions and the Write Up',
      'Section 3.5: Chapter Three Self-Test and its Answers',
    ]
    const runs = entries.flatMap((text, i) => [
      run(text, 72, 100 + 24 * i, type),
      run(String(21 + i), 520, 100 + 24 * i, type),
    ])
    expect(blocksOf(...runs).filter((block) => block[0]?.startsWith('Section'))).toEqual(
      entries.map((text) => [text]),
    )
  })

  it("opens a paragraph at a numbered clause under its title, but keeps a column's figures together", () => {
    expect(
      blocksOf(
        run('1. Definitions', 72, 100),
        run('1.1 The Council shall publish its accounts every year.', 90, 112),
      ),
    ).toEqual([['1. Definitions'], ['1.1 The Council shall publish its accounts every year.']])
    expect(
      blocksOf(
        run('6.0 - 8.4 V', 177, 154),
        run('2.5 A at 7.4 V', 177, 168),
        run('10 mA', 177, 182),
      ),
    ).toEqual([['6.0 - 8.4 V', '2.5 A at 7.4 V', '10 mA']])
  })

  it('ends a one-line list item at a line that starts left of its marker, at the same pitch', () => {
    expect(
      blocksOf(
        run('• Reduce leakage to 18.5 per cent of distribution input.', 30, 100),
        run('• Publish a drought plan for consultation by the end of September.', 30, 112),
        run('The main risks to these plans are a dry summer, further increases in', 10, 124),
        run('chemical prices, and delays in obtaining consents for the reservoir.', 10, 136),
      ),
    ).toEqual([
      ['• Reduce leakage to 18.5 per cent of distribution input.'],
      ['• Publish a drought plan for consultation by the end of September.'],
      [
        'The main risks to these plans are a dry summer, further increases in',
        'chemical prices, and delays in obtaining consents for the reservoir.',
      ],
    ])
  })

  it("keeps a centred title's lines together, and code's nesting", () => {
    const title = groupLines([
      run('A Study of Reading Order in Documents', 10, 100),
      run('with Many Columns', 40, 112),
      run('Sidebars and Their Running Heads', 12, 124),
    ])
    expect(text(groupBlocks(title, 1))).toHaveLength(1)
    const code = groupLines([
      run('<magic priority="50">', 10, 100, { monospace: true }),
      run('<match type="string"/>', 20, 112, { monospace: true }),
      run('<match type="string"/>', 20, 124, { monospace: true }),
      run('</magic>', 10, 136, { monospace: true }),
    ])
    expect(text(groupBlocks(code, 1))).toHaveLength(1)
  })

  it('keeps the lines of right-to-left paragraphs set wide apart together, flush right', () => {
    // Arabic at a line height of 1.8: each paragraph's lines run on to the left edge.
    const ar = { rtl: true, fontSize: 11.2 }
    const paragraph = (top: number) => [
      run('وقال مدير المشروع الدكتور خالد المنصور إن البيانات الأولى ستكون متاحة', 56.6, top, {
        ...ar,
        right: 563.2,
      }),
      run('مفتوحة، مضيفًا أن الفريق تعاون مع جامعات في المغرب والأردن والإمارات', 87.7, top + 20.2, {
        ...ar,
        right: 563.2,
      }),
      run('وتحسين دقة النماذج.', 466.1, top + 40.4, { ...ar, right: 563.2 }),
    ]
    expect(blocksOf(...paragraph(52.5), ...paragraph(150))).toHaveLength(2)
  })

  it("keeps a listing's line that starts like an item in the listing's block", () => {
    const mono = { monospace: true, fontId: 'mono', fontSize: 9 }
    const blocks = groupBlocks(
      groupLines([run('exporters:', 88.9, 732, mono), run('- type: ndjson', 99.8, 742.5, mono)]),
      1,
    )
    expect(text(blocks)).toEqual([['exporters:', '- type: ndjson']])
    // A signature wrapped after an operator goes on, though its rest opens with "0)".
    const signature = groupBlocks(
      groupLines([
        run('put(item: Any, *, timeout: float = None, priority: int =', 113.5, 70.9, mono),
        run('0) -> MessageId', 113.5, 81.9, mono),
      ]),
      1,
    )
    expect(text(signature)).toHaveLength(1)
  })

  it("splits a letterhead's address into its lines, where it gives a mail address or a number", () => {
    const address = groupBlocks(
      groupLines([
        run('Westmoor Borough Council', 367.7, 81.5, { right: 500 }),
        run('Civic Centre, Market Street', 367.7, 95, { right: 500.8 }),
        run('Westmoor WM1 4AB', 367.7, 108.6, { right: 471.2 }),
        run('planning@westmoor.gov.example', 367.7, 122.1, { right: 524.4 }),
      ]),
      1,
    )
    expect(text(splitLineLists(address, 10))).toEqual([
      ['Westmoor Borough Council'],
      ['Civic Centre, Market Street'],
      ['Westmoor WM1 4AB'],
      ['planning@westmoor.gov.example'],
    ])
    // Two lines are one only where both are ways to reach the sender.
    const reach = groupBlocks(
      groupLines([
        run('Tel: 01632 960 330', 420, 120, { right: 520 }),
        run('office@larchwood.sch.example', 380, 133.5, { right: 520 }),
      ]),
      1,
    )
    expect(text(splitLineLists(reach, 10))).toEqual([
      ['Tel: 01632 960 330'],
      ['office@larchwood.sch.example'],
    ])
    // Prose that names an address runs on.
    const prose = groupBlocks(
      groupLines([
        run('Write to the council at its offices in the', 10, 100, { right: 300 }),
        run('centre of the town, or to the address', 10, 112, { right: 290 }),
        run('planning@westmoor.gov.example', 10, 124, { right: 200 }),
      ]),
      1,
    )
    expect(text(splitLineLists(prose, 10))).toHaveLength(1)
  })

  it("splits a stanza into its lines, however they start, but not prose wrapped at a float's edge", () => {
    const verse = [
      'You kept his ladder standing in the yard',
      'for seven winters after he was gone,',
      "and every dusk you'd look at it, as if",
      'the light might need him still. The town moved on:',
      'they brought in gas, and then the men in vans,',
    ]
    const stanza = groupBlocks(groupLines(verse.map((text, i) => run(text, 100, 100 + 13 * i))), 1)
    expect(text(splitLineLists(stanza, 10))).toEqual(verse.map((line) => [line]))
    // Lines beside a float end level, short of the lines under it.
    const prose = [
      'The council voted to build a tram line linking the',
      'station with the university campus and the new',
      'hospital in the northern district, at a cost of',
      'four hundred million euros, two thirds of it paid by national grants and the rest by the',
      'city over thirty years.',
    ]
    const wrapped = groupBlocks(
      groupLines(prose.map((line, i) => run(line, 100, 100 + 13 * i, i < 3 ? { right: 360 } : {}))),
      1,
    )
    expect(splitLineLists(wrapped, 10)).toHaveLength(1)
  })

  it('splits a list of lines into its lines, and leaves paragraphs whole', () => {
    // Each name stops well short of room for the next one's first word.
    const names = groupBlocks(
      groupLines([
        run('American Health Care Association of the States', 10, 100),
        run('AARP', 10, 112),
        run('Basic American Metal Products', 10, 124),
        run('ECRI', 10, 136),
      ]),
      1,
    )
    const split = splitLineLists(names, 10)
    expect(text(split)).toEqual([
      ['American Health Care Association of the States'],
      ['AARP'],
      ['Basic American Metal Products'],
      ['ECRI'],
    ])
    expect(split.every((block) => block.standalone)).toBe(true)
    // Wrapped prose: each line ends where the next line's first word would not have fitted.
    const prose = groupBlocks(
      groupLines([
        run('The committee met twice and approved the plan', 10, 100),
        run('Thereafter the board agreed to fund it in full', 10, 112),
        run('Construction started in June of that year.', 10, 124),
      ]),
      1,
    )
    expect(prose).toHaveLength(1)
    expect(splitLineLists(prose, 10)).toEqual(prose)
  })

  it("ends a contents entry at its leader's pages or its dash, before the text under it", () => {
    for (const pages of ['13 - 48', '\u2014']) {
      const blocks = groupBlocks(
        groupLines([
          run(`Harbour Road cycle route: consultation results . . . . . . ${pages}`, 100.9, 245),
          run(
            'Report of the Director of Place. The committee is asked to consider the',
            100.9,
            258,
          ),
        ]),
        1,
      )
      expect(blocks).toHaveLength(2)
    }
  })

  it("splits an index's entries into lines, with a term over its subentries and a cross reference", () => {
    const entries = [
      ['apprentices, 80, 126-129', 45.5],
      ['indentures of, 127', 59.7],
      ['beer, duty on. See excise', 45.5],
      ['bells, 189', 45.5],
      ['bridges', 45.5],
      ['Cefn bridge, 213', 59.7],
      ['tolls on, 41, 44, 215-218', 59.7],
      ['broadsides, 97, 105-110, 236', 45.5],
    ] as const
    const blocks = groupBlocks(
      groupLines(entries.map(([text, left], i) => run(text, left, 100 + 10.4 * i))),
      1,
    )
    expect(text(splitLineLists(blocks, 10))).toEqual(entries.map(([entry]) => [entry]))
  })

  it("splits a table's rows into lines, however they start, where their cells line up", () => {
    const rows = groupBlocks(
      groupLines([
        run('concurrency', 182, 100),
        run('1', 244, 100),
        run('Jobs a worker runs at once', 285, 100),
        run('retryLimit', 182, 112),
        run('3', 244, 112),
        run('Attempts before a job fails', 285, 112),
      ]),
      1,
    )
    expect(rows).toHaveLength(1)
    expect(text(splitLineLists(rows, 10))).toEqual([
      ['concurrency 1 Jobs a worker runs at once'],
      ['retryLimit 3 Attempts before a job fails'],
    ])
    // Gaps at different places are not columns: the second line's is a stray wide space.
    const stray = groupBlocks(
      groupLines([
        run('concurrency', 182, 100),
        run('1', 244, 100),
        run('Jobs a worker runs at once', 285, 100),
        run('and the retry limit', 182, 112),
        run('sets the attempts', 300, 112),
      ]),
      1,
    )
    expect(splitLineLists(stray, 10)).toEqual(stray)
  })

  it("splits an address set flush right into its lines, its house number's line too", () => {
    const lines = [
      'Harbour View Dental Practice',
      '14 Quay Street',
      'Whitby YO21 3PU',
      'Tel. 01947 600123',
    ]
    const address = groupBlocks(
      groupLines(lines.map((t, i) => run(t, 400 - t.length * 5, 100 + 12 * i))),
      1,
    )
    expect(text(splitLineLists(address, 10))).toEqual(lines.map((line) => [line]))
  })

  it("splits a sender's address set flush right over a letter's measure, its lines alike in width", () => {
    const address = ['Harbour Supplies Ltd', 'Unit 12 Quay Street', 'Portsmouth PO1 2AB']
    const prose = [
      'Thank you for your letter of 2 March. We are pleased to confirm that the work',
      'on the north quay will start on 6 April and should be finished within three',
      'weeks, weather permitting, as agreed with the harbour master last month.',
    ]
    const page = groupBlocks(
      groupLines([
        ...address.map((t, i) => run(t, 400 - t.length * 5, 100 + 12 * i)),
        ...prose.map((t, i) => run(t, 10, 180 + 12 * i, { right: 400 })),
      ]),
      1,
    )
    expect(text(splitLineLists(page, 10))).toEqual([...address.map((line) => [line]), prose])
  })

  it("splits a recipient's address under a letter's measure, but not a cell beside another", () => {
    const prose = [
      'Thank you for your letter of 2 November about the draughts from the windows',
      'of your flat. Our surveyor visited Rowan Court and agreed that the seals of',
      'the windows on the north side of the building have failed and must be fitted.',
    ]
    const address = ['Mr Daniel Hartley', 'Flat 3, Rowan Court', '27 Moor Lane', 'Bradford BD7 2QT']
    const page = (beside: string[], text = prose) =>
      groupBlocks(
        groupLines([
          ...address.map((t, i) => run(t, 10, 100 + 12 * i)),
          ...beside.map((t, i) => run(t, 200, 100 + 12 * i)),
          ...text.map((t, i) => run(t, 10, 180 + 12 * i)),
        ]),
        1,
      )
    expect(text(splitLineLists(page([]), 10))).toEqual([...address.map((line) => [line]), prose])
    // Under a paragraph of two lines (an invoice's note on payment), too.
    const note = prose.slice(0, 2)
    expect(text(splitLineLists(page([], note), 10))).toEqual([...address.map((l) => [l]), note])
    // A table's cell, wrapped at its column with the next cell beside it, stays whole.
    const row = page(['2 rooms', '1 kitchen'])
    expect(text(splitLineLists(row, 10))).toEqual(text(row))
  })

  it('splits one-line sentences under the measure, a little short of it, into their lines', () => {
    const prose = [
      'A berth is booked through the harbour office at least two days before it,',
      'and the booking is confirmed by the harbour master once a pilot is set up.',
      'Ships that arrive without a booking wait at anchor in the outer roads.',
    ]
    const entries = [
      'Term A word defined in the glossary at the end of this review.',
      'Berth A place where a ship is moored for loading or unloading.',
    ]
    const page = groupBlocks(
      groupLines(
        [...entries, ...prose].map((t, i) => run(t, 10, 100 + 12 * i + (i >= 2 ? 12 : 0))),
      ),
      1,
    )
    expect(text(splitLineLists(page, 10))).toEqual([...entries.map((line) => [line]), prose])
  })

  it("splits a narrow menu's capitalised terms into lines, but not a phrase set a word to a line", () => {
    const linesOf = (texts: string[]) =>
      groupBlocks(groupLines(texts.map((t, i) => run(t, 10, 100 + 12 * i))), 1)
    // The widest term leaves no room for any other's first word, yet each is a line of its own.
    const menu = linesOf([
      'Getting started',
      'Installation',
      'Queue workers',
      'Retries and failures',
      'Monitoring',
    ])
    expect(text(splitLineLists(menu, 10))).toEqual([
      ['Getting started'],
      ['Installation'],
      ['Queue workers'],
      ['Retries and failures'],
      ['Monitoring'],
    ])
    const phrase = linesOf(['Foreign', 'Ownership', 'Reporting', 'Requirements'])
    expect(splitLineLists(phrase, 10)).toEqual(phrase)
    const sentence = linesOf(['Workers take', 'Jobs from the', 'Queue and run', 'Them in turn.'])
    expect(splitLineLists(sentence, 10)).toEqual(sentence)
  })

  it('starts a new block at a list marker and at a change of size', () => {
    expect(
      blocksOf(
        run('Title', 10, 90, { fontSize: 18 }),
        run('• apples', 10, 110),
        run('• pears', 10, 122),
      ),
    ).toEqual([['Title'], ['• apples'], ['• pears']])
  })

  it('reads a number that wraps to the start of a line as text, but one after a finished sentence or left of a hanging indent as the next item', () => {
    // Each wrapped line is as wide as the line above it: 40 characters at 5 pt a character.
    const wrapped = groupLines([
      run('The committee met twice and approved it', 10, 100),
      run('in session 2. and the board agreed soon', 10, 112),
      run('1. and so the work could start in June.', 10, 124),
    ])
    expect(groupBlocks(wrapped, 1)).toHaveLength(1)
    // After a full line that ends a sentence, the number opens the next step.
    const steps = groupLines([
      run('2. Drill the holes and insert the plugs:', 10, 100),
      run('use fixings rated for at least 50 kg.', 10, 112, { right: 210 }),
      run('3. Screw the bracket to the wall firmly.', 10, 124),
    ])
    expect(groupBlocks(steps, 1)).toHaveLength(2)
    const items = groupLines([
      run('• Establishes the technical requirements', 10, 100),
      run('of accessible PDF creation and readings', 26, 112),
      run('• Provides an International Standard to', 10, 124),
      run('guide software procurement', 26, 136),
    ])
    expect(text(groupBlocks(items, 1))).toEqual([
      ['• Establishes the technical requirements', 'of accessible PDF creation and readings'],
      ['• Provides an International Standard to', 'guide software procurement'],
    ])
  })

  it("reads a question's options lettered with capitals in brackets as items, and initials as text", () => {
    const options = groupLines([
      run('3. Which variable did the students control?', 10, 100),
      run('(A) Light intensity', 30, 112),
      run('(B) Temperature', 30, 124),
      run('C) Carbon dioxide concentration', 30, 136),
    ])
    expect(text(groupBlocks(options, 1))).toEqual([
      ['3. Which variable did the students control?'],
      ['(A) Light intensity'],
      ['(B) Temperature'],
      ['C) Carbon dioxide concentration'],
    ])
    // A capital and a full stop is as often a name's initial at the start of a line.
    const names = groupLines([
      run('The trial was designed and then run by', 10, 100),
      run('A. Turing with the help of B. Russell.', 10, 112),
    ])
    expect(groupBlocks(names, 1)).toHaveLength(1)
    // Nor is "c." before a year an item's letter: it is circa.
    const dates = groupLines([
      run('The mill stood by the river from the', 10, 100),
      run('c. 1750 until the great flood of 1852.', 10, 112),
    ])
    expect(groupBlocks(dates, 1)).toHaveLength(1)
  })

  it("keeps a centred paragraph's short last line, but parts an indented first line", () => {
    // Each line is centred on x = 200: 5 pt a character.
    const centredAt = (text: string, y: number) => run(text, 200 - text.length * 2.5, y)
    const centred = groupLines([
      centredAt('This Agreement is made on 2 May 2024 between Vantage Analytics', 100),
      centredAt('GmbH of Berlin (the "Company") and Ms. Priya Raman, residing at', 112),
      centredAt('Berlin (the "Employee").', 124),
    ])
    expect(groupBlocks(centred, 1)).toHaveLength(1)
    const indented = groupLines([
      run('A paragraph of text set justified that runs on to the measure', 10, 100),
      run('and ends its last sentence at the edge of the measure, here.', 10, 112),
      run('The next paragraph opens indented and runs on to the', 40, 124),
    ])
    expect(groupBlocks(indented, 1)).toHaveLength(2)
  })

  it("parts a page's footer centred under a note's last sentence from the note", () => {
    const size = { fontSize: 9 }
    const lines = groupLines([
      run(
        '2 Irradiance data from the database, 2005-2020, scaled to the measured output in 2022.',
        71,
        761,
        size,
      ),
      run('Internal Report IR-23/114 — Page 1', 232, 771.5, size),
    ])
    expect(groupBlocks(lines, 1)).toHaveLength(2)
  })

  it("keeps a run-in title's first line on its paragraph where it breaks a word, beside the next column", () => {
    const size = { fontSize: 8.8 }
    const lead = { ...size, fontId: 'f3' }
    const body = { ...size, fontId: 'f4' }
    const lines = groupLines([
      run('GRI 403-9 Work-related injuries. ', 51, 351, { ...lead, right: 183.3 }),
      run('There were no work-', 185.8, 351, { ...body, right: 265.6 }),
      run('related fatalities among employees or contractors', 51, 363, { ...body, right: 273.2 }),
      run('in 2024, and the injury rate for employees fell.', 51, 375, { ...body, right: 270 }),
      // The next column's lines, level with these.
      ...[351, 363, 375].map((y) =>
        run('the next column of the page runs on here', 310, y, { ...body, right: 530 }),
      ),
    ])
    const blocks = groupBlocks(lines, 1).filter((b) => b.left < 300)
    expect(text(blocks)).toEqual([
      [
        'GRI 403-9 Work-related injuries. There were no work-',
        'related fatalities among employees or contractors',
        'in 2024, and the injury rate for employees fell.',
      ],
    ])
  })

  it("parts a chart's title from its subtitle in a smaller face, but not a caption's wrapped line", () => {
    const title = { fontSize: 8.25, fontId: 'f2' }
    const charted = groupLines([
      run('Chart 1: Cumulative excess saving remains elevated', 61, 607.7, title),
      run('Cumulative household saving relative to 2019 trend, £ billions', 61, 617.4, {
        fontSize: 7.33,
      }),
    ])
    expect(groupBlocks(charted, 1)).toHaveLength(2)
    const wrapped = groupLines([
      run('Figure 2: Household saving ratio and its 2019 average, with the', 61, 607.7),
      run('counterfactual path used in the estimate', 61, 619.7),
    ])
    expect(groupBlocks(wrapped, 1)).toHaveLength(1)
  })

  it("keeps a note's last figure, wrapped to the margin left of its indented mark, on the note", () => {
    const size = { fontSize: 9 }
    const lines = groupLines([
      run(
        '* Alternative performance measures are defined in the Glossary on pages 96 to',
        92.7,
        740,
        {
          ...size,
          right: 515.9,
        },
      ),
      run('99.', 79.4, 751, { ...size, right: 90.6 }),
    ])
    expect(groupBlocks(lines, 1)).toHaveLength(1)
  })

  it('keeps the box that ends a proof, on a line of its own at the measure, with the proof', () => {
    const lines = groupLines([
      run('Proof. By induction on the length of the paired traces, each step of', 46.8, 300.8, {
        right: 392.6,
      }),
      run('the relational semantics preserves R whenever the divergence stays put.', 46.8, 312.8, {
        right: 392.6,
      }),
      run('□', 384.8, 324.8, { right: 392.6 }),
    ])
    expect(groupBlocks(lines, 1)).toHaveLength(1)
  })

  it('keeps a keyword list wrapped before its separator in one paragraph', () => {
    const lines = groupLines([
      run('Keywords: Smart contracts · Relational verification · Symbolic execution', 10, 100),
      run('· Solidity', 10, 112),
    ])
    expect(groupBlocks(lines, 1)).toHaveLength(1)
  })

  it("keeps code's next level after a colon, where prose starts a paragraph after one", () => {
    const code = [
      'bill = base_charge + volume * (rate + surcharge)',
      'if stage >= 2:',
      '    surcharge = 0.15 * rate',
    ]
    const runs = (monospace: boolean) =>
      code.map((line, i) => {
        const indent = line.length - line.trimStart().length
        return run(line.trimStart(), 10 + indent * 6, 100 + i * 14, { fontSize: 12, monospace })
      })
    expect(blocksOf(...runs(true))).toEqual([code.map((line) => line.trimStart())])
    expect(blocksOf(...runs(false))).toHaveLength(2)
  })

  it('reads on after a colon where ragged text wrapped a word too long for the room left', () => {
    const lines = (next: string) =>
      blocksOf(
        run('Real ecosystems have many food chains, and these chains', 10, 100),
        run('meet one another at points where they cross:', 10, 112),
        run(next, 10, 124),
      ).map((block) => block.length)
    expect(lines('interconnected, they form a food web.')).toEqual([3])
    // The next word would have fitted: the colon ended the line on purpose.
    expect(lines('one, two, three and more of them.')).toEqual([2, 1])
  })

  it("reads on after a reference's pages where its address was too long for the room left", () => {
    const lines = (next: string) =>
      blocksOf(
        run('Adams, J., & Brown, K. (2019). Reading order in multi-column', 10, 100),
        run('documents. J. Doc. Anal. 12, 45-67.', 30, 112),
        run(next, 30, 124),
      ).map((block) => block.length)
    expect(lines('https://doi.org/10.1000/jda.2019.045')).toEqual([3])
    // A sentence that would have fitted, or a capitalised word, opens the next paragraph.
    expect(lines('see also pages 12-14.')).toEqual([2, 1])
    expect(lines('Nevertheless-unpublished-draft')).toEqual([2, 1])
  })

  it('parts a heading from the subheading under it in the same font a size smaller', () => {
    expect(
      blocksOf(
        run('Scope', 72, 100, { fontSize: 16, fontId: 'sans-bold' }),
        run('Systems covered', 72, 120, { fontSize: 14, fontId: 'sans-bold' }),
      ),
    ).toEqual([['Scope'], ['Systems covered']])
    // A title centred over lines of two sizes stays whole.
    expect(
      blocksOf(
        run('Clinical Guidance', 150, 100, { fontSize: 16, fontId: 'serif' }),
        run('For the Assessment of Bed Rails', 120, 120, { fontSize: 14, fontId: 'serif' }),
      ),
    ).toEqual([['Clinical Guidance', 'For the Assessment of Bed Rails']])
  })

  it("parts a manual page's headings from the indented lines under them", () => {
    expect(
      blocksOf(
        run('OPTIONS', 72, 100, { fontId: 'bold' }),
        run('Generic Program Information', 87, 112, { fontId: 'bold' }),
        run('Pattern Syntax', 87, 140, { fontId: 'bold' }),
        run('-E, --extended-regexp', 108, 152, { fontId: 'bold' }),
      ),
    ).toEqual([
      ['OPTIONS'],
      ['Generic Program Information'],
      ['Pattern Syntax'],
      ['-E, --extended-regexp'],
    ])
    // A wrapped label whose next line is indented in its cell goes on in brackets or lowercase.
    expect(
      blocksOf(
        run('Daily or Miscellaneous', 72, 100),
        run('(each day of the payroll period)', 80, 112),
      ),
    ).toEqual([['Daily or Miscellaneous', '(each day of the payroll period)']])
  })

  it('parts a full line in another font from the paragraph set further off under it', () => {
    // A newspaper's byline in bold over the first column of its article, 1.25 lines above it;
    // the same line at the paragraph's own pitch is its first line (a lead-in in small caps).
    const byline = (y: number) =>
      run('By Maria Lopez, Transport Correspondent', 28, y, {
        fontId: 'f2',
        fontSize: 8.5,
        right: 184,
      })
    const body = (y: number) =>
      [
        'Regional that say of the main on say a',
        'said for on tuesday regional said main',
        'heavy that is is authority that river',
        'tuesday could next bridge next argued',
        'start years would work funding for it.',
      ].map((words, i) => run(words, 28, y + 11.3 * i, { fontSize: 9.5, right: 189 }))
    expect(blocksOf(byline(130), ...body(144)).map((lines) => lines.length)).toEqual([1, 5])
    expect(blocksOf(byline(132.7), ...body(144)).map((lines) => lines.length)).toEqual([6])
  })

  it('keeps a sentence that wraps into inline code in typewriter type in its paragraph', () => {
    // tracemonkey: a list of benchmark names in typewriter type wraps on from the sentence over
    // it; after a finished sentence, the same lines are a listing of their own.
    const lines = (sentence: string, codeSize = 8.97) => {
      const code = { fontId: 'f3', monospace: true, fontSize: codeSize, right: 556.1 }
      return blocksOf(
        run(sentence, 329, 693.7, { fontSize: 8.97, right: 556.1 }),
        run('(3d-morph, bitops-3bit-bits-in-byte, bitops-bitwise-', 317, 703.6, code),
        run('and, crypto-sha1, math-cordic, math-partial-sums, math-', 317, 713.6, code),
        run('spectral-norm, string-base64, string-validate-input).', 317, 723.6, code),
      ).map((block) => block.length)
    }
    expect(lines('TraceMonkey is the fastest VM on 9 of the 26 benchmarks')).toEqual([4])
    // A web page sets its inline code a size down.
    expect(lines('TraceMonkey is the fastest VM on 9 of the 26 benchmarks', 7.6)).toEqual([4])
    expect(lines('TraceMonkey is the fastest VM on 9 of the 26 benchmarks.')).toEqual([1, 3])
  })

  it("keeps a list item's line that wraps into inline code under the item's text", () => {
    // A README printed by a browser: item 1 wraps under its text, past the marker, and its
    // second line opens with inline code set a size down.
    const prose = { fontSize: 10.5, right: 540 }
    const code = { fontId: 'code', monospace: true, fontSize: 9 }
    const blocks = blocksOf(
      run(
        'tidewatch is published on PyPI. The recommended way to install it is inside',
        70,
        280,
        prose,
      ),
      run(
        'a virtual environment of its own, which keeps its few dependencies apart from',
        70,
        295.75,
        prose,
      ),
      run(
        'the rest of the system and makes the tool easy to remove again later on when',
        70,
        311.5,
        prose,
      ),
      run(
        'it is no longer needed, since nothing of it is left outside of that folder.',
        70,
        327.25,
        prose,
      ),
      run('1. Create and activate a virtual environment with python3 -m venv', 88.8, 360, {
        fontSize: 10.5,
        right: 440,
      }),
      run('.venv and source', 445, 360, { ...code, right: 495 }),
      run('.venv/bin/activate', 100.5, 375.75, { ...code, right: 198 }),
      run('.', 201, 375.75, { fontSize: 10.5 }),
      run('2. Install the package with pip install tidewatch.', 88.8, 394.5, { fontSize: 10.5 }),
      // A listing further down sets the usual pitch of the code's size: solid, under the prose's.
      run('$ tidewatch week --station 8443970', 82, 440, code),
      run('Date        Time   Type   Height (ft)', 82, 452.6, code),
      run('2024-06-03  04:12  High         9.84', 82, 465.2, code),
      run('2024-06-03  10:31  Low          0.42', 82, 477.8, code),
    )
    expect(blocks.map((lines) => lines.length)).toEqual([4, 2, 1, 4])
  })

  it("keeps a caption's last words with it where the line goes on in the credit's smaller type", () => {
    // A newspaper's photo caption: its last line opens with the caption's words, then the
    // photographer's credit in smaller capitals, which most of the line is set in.
    const blocks = blocksOf(
      run(
        'The Morwenna leaves Port Elvan on its first crossing. About sixty passengers,',
        45,
        437,
        {
          fontSize: 8,
          right: 492,
        },
      ),
      run('were on board.', 45, 448.5, { fontSize: 8, right: 98 }),
      run('PHOTOGRAPH: TOMASZ WIERZBICKI / COASTAL COURIER', 104, 448.5, { fontSize: 6.8 }),
    )
    expect(blocks.map((lines) => lines.length)).toEqual([2])
    // A finished caption leaves the line under it, in other type, to stand on its own.
    const finished = blocksOf(
      run(
        'The Morwenna leaves Port Elvan on its first crossing since the storms of 2022.',
        45,
        437,
        {
          fontSize: 8,
          right: 492,
        },
      ),
      run('once more', 45, 448.5, { fontSize: 8, right: 80 }),
      run('PHOTOGRAPH: TOMASZ WIERZBICKI / COASTAL COURIER', 86, 448.5, { fontSize: 6.8 }),
    )
    expect(finished.map((lines) => lines.length)).toEqual([1, 1])
  })

  it('starts a new paragraph at a first-line indent after a full line', () => {
    const lines = groupLines([
      run('a full line of text that runs to the edge', 10, 100),
      run('a full line of text that runs to the edge', 10, 112),
      run('indented start of the next one', 30, 124),
    ])
    expect(groupBlocks(lines, 1)).toHaveLength(2)
  })

  it('starts a new paragraph at a first-line indent after a sentence closed before its note mark', () => {
    const lines = groupLines([
      run('a full line of text that runs to the edge', 10, 100),
      run('a shorter line that ends a sentence.', 10, 112),
      run('1', 190, 108, { fontSize: 7 }),
      run('Indented start of the next one', 30, 124),
    ])
    expect(groupBlocks(lines, 1).map((b) => b.lines.length)).toEqual([2, 1])
  })

  it('keeps a Chinese paragraph set at a wide line pitch together, its lines full to the edge', () => {
    // A report printed by a browser at 1.8 line height: each line runs to the measure, the first
    // indented two characters; Chinese sets no spaces to count words by.
    const type = { fontSize: 10.5 }
    const lines = [
      run('截至年底，调查所涉及的十二个城市共建成社区养老服务站点个，较年增加了近', 83.4, 182, {
        ...type,
        right: 532.9,
      }),
      run(
        '四成。其中，能够同时提供日间照料、助餐和上门服务的综合性站点占，比三年前提高',
        62.4,
        201.5,
        {
          ...type,
          right: 532.9,
        },
      ),
      run(
        '了约十个百分点。多数城市已基本实现街道层面综合服务中心全覆盖，部分城市正朝着',
        62.4,
        221,
        {
          ...type,
          right: 532.9,
        },
      ),
      run('的目标推进。', 62.4, 240.5, { ...type, right: 125.4 }),
      run(
        '从服务内容看，助餐服务发展最快。参与调查的站点中，有七成以上开设了老年食堂或与',
        83.4,
        266,
        {
          ...type,
          right: 532.9,
        },
      ),
      run('周边餐饮企业合作提供送餐服务。', 62.4, 285.5, { ...type, right: 220 }),
    ]
    expect(blocksOf(...lines).map((block) => block.length)).toEqual([4, 2])
  })

  it('starts a new paragraph after a short line that ends with a Chinese full stop', () => {
    expect(
      blocksOf(
        run('本报告描述了该地区二〇二五年的用水情况，并比较了不同', 10, 100),
        run('街区的用水量和成本。', 10, 112),
        run('与上一年相比，用水量增长了百分之十二，主要集中在炎热', 10, 124),
        run('的夏季月份。', 10, 136),
      ).map((block) => block.length),
    ).toEqual([2, 2])
  })

  it("starts a block at a line under two authors' names that has a gap where theirs stand apart", () => {
    // Each author's university is centred under the name; the two read as one line with a gap.
    const blocks = blocksOf(
      run('Anna Lindqvist', 200, 100, { fontSize: 12 }),
      run('Piotr Nowak', 340, 100, { fontSize: 12 }),
      run('Lund University', 197, 114, { fontSize: 12 }),
      run('Warsaw University', 316, 114, { fontSize: 12 }),
    )
    expect(blocks).toEqual([
      ['Anna Lindqvist'],
      ['Piotr Nowak'],
      ['Lund University Warsaw University'],
    ])
  })

  it('starts a paragraph under the columns of a table, not in its last column', () => {
    // Three columns of cells at a 15 pt pitch, then text across the page 13 pt under the last row.
    const cells = [0, 1, 2].flatMap((row) =>
      ['Turbidity', '8,210', '99.80%'].map((cell, column) =>
        run(cell, 12 + 150 * column, 100 + 15 * row),
      ),
    )
    const paragraph = 'Customer satisfaction remains high, although complaints about the time'
    const blocks = blocksOf(...cells, run(paragraph, 10, 143), run('taken to repair it.', 10, 155))
    expect(blocks).toContainEqual([paragraph, 'taken to repair it.'])
    expect(blocks).toContainEqual(['99.80%', '99.80%', '99.80%'])
  })

  it('starts a new block at a line in another font and size after a finished sentence', () => {
    expect(
      blocksOf(
        run('Both programmes are worthwhile, but need to be coordinated.', 10, 100, {
          fontSize: 12,
        }),
        run('Different types of safety reviews', 10, 119, { fontSize: 11, fontId: 'f2' }),
        run('While there is an international agreement on the procedure', 10, 144, {
          fontSize: 12,
        }),
      )[0],
    ).toEqual(['Both programmes are worthwhile, but need to be coordinated.'])
  })
})
