import { describe, expect, it } from 'vitest'
import { groupLines } from './lines.js'
import { run, wordsIn } from './test-helpers.js'
import type { TextRun } from './types.js'

/** The texts of the lines that `runs` make. */
const textsOf = (...runs: TextRun[]) => groupLines(runs).map((line) => line.text)

describe('groupLines', () => {
  it('orders runs on a baseline left to right and adds missing spaces', () => {
    expect(textsOf(run('world', 40, 100), run('Hello', 10, 100.4))).toEqual(['Hello world'])
  })

  it("sets closing punctuation against a phrase in a face of its own, across its box's padding", () => {
    // A browser's inline code: pdf.js reads the box's padding after "tidewatch" as a word space.
    const code = { fontId: 'code', monospace: true, fontSize: 9 }
    expect(
      textsOf(
        run('Install it with', 10, 100),
        run('pip install tidewatch ', 88, 100, code),
        run('. Then run', 190, 100),
      ),
    ).toEqual(['Install it with pip install tidewatch. Then run'])
    expect(
      textsOf(run('units (either', 10, 100), run('"m" ', 78, 100, code), run('), and', 99, 100)),
    ).toEqual(['units (either "m"), and'])
    // A label that ends in its own colon is closed already: a form's separator keeps its space;
    // an ellipsis stands for words left out.
    expect(
      textsOf(run('Project No: ', 10, 100, { fontId: 'bold' }), run(': 2021-2', 72, 100)),
    ).toEqual(['Project No: : 2021-2'])
    expect(textsOf(run('1, 2, ', 10, 100, { fontId: 'math' }), run('..., n', 40, 100))).toEqual([
      '1, 2, ..., n',
    ])
  })

  it('splits a line of prose from a larger heading of the next column, a gutter of an em apart', () => {
    // LaTeX's two columns, 10 pt apart; a justified line's last word is a run of its own, and a
    // section heading in 14.35 pt type opens the second column level with it.
    const heading = { fontSize: 14.35 }
    // Lines of both columns above and below, each at its column's baselines.
    const columns = [-4, -3, -2, -1, 1, 2, 3, 4].flatMap((row) => [
      run('with deadlines as an integer linear program', 72, 100 + 12 * row, { right: 300.6 }),
      run('We consider a set of jobs J, where each job', 310.5, 105 + 12 * row, { right: 539.2 }),
    ])
    const lines = textsOf(
      run('1. We formalize energy-aware batch', 79.2, 100, { right: 248.2 }),
      run('scheduling', 255.5, 100, { right: 300.6 }),
      run('3', 310.6, 100.7, { ...heading, right: 318.7 }),
      run('Problem Formulation', 334.8, 100.7, { ...heading, right: 485.7 }),
      ...columns,
    )
    expect(lines).toContain('1. We formalize energy-aware batch scheduling')
    expect(lines).toContain('3 Problem Formulation')
  })

  it("keeps a speaker's name in the hanging indent with the first line of what they said", () => {
    const speech = { fontSize: 11 }
    const lines = textsOf(
      run('[00:00:19] ', 72.1, 100, { fontSize: 10, right: 114.3 }),
      run('DR. PATEL: ', 117.1, 100, { ...speech, fontId: 'bold', right: 177.1 }),
      run('Of course. My name is Anjali Patel, and I am the director of the', 198.1, 100, {
        ...speech,
        right: 538.1,
      }),
      ...[114.5, 129, 143.5].map((y) =>
        run('regional water quality laboratory in Fresno, for eleven years.', 198.1, y, {
          ...speech,
          right: 520,
        }),
      ),
    )
    expect(lines[0]).toBe(
      '[00:00:19] DR. PATEL: Of course. My name is Anjali Patel, and I am the director of the',
    )
    // A column's line that ends in a colon is no speaker's name.
    const columns = textsOf(
      run('The results were as follows:', 72, 100, { ...speech, right: 177 }),
      run('Of course the tests ran for eleven years.', 198.1, 100, { ...speech, right: 520 }),
      ...[114.5, 129, 143.5].map((y) =>
        run('regional water quality laboratory in Fresno, for eleven years.', 198.1, y, {
          ...speech,
          right: 520,
        }),
      ),
    )
    expect(columns[0]).toBe('The results were as follows:')
  })

  it("keeps an annex paragraph's number in the margin with its first line", () => {
    const number = { fontId: 'bold', fontSize: 10.9 }
    const text = { fontSize: 10.9 }
    const paragraph = (label: string, y: number) => [
      run(label, 65.2, y, { ...number, right: 82.2 }),
      run('We reviewed published documents and internal papers, including', 99.2, y, {
        ...text,
        right: 524.4,
      }),
      run('business cases and the minutes of the programme board meetings.', 99.2, y + 13.6, {
        ...text,
        right: 524.4,
      }),
    ]
    const lines = textsOf(...paragraph('B.1', 100), ...paragraph('B.2', 146))
    expect(lines).toContain('B.1 We reviewed published documents and internal papers, including')
    expect(lines).toContain('B.2 We reviewed published documents and internal papers, including')
  })

  it('parts exercises numbered in two short columns, one item beside the other', () => {
    // LaTeX's multicols at the foot of a page: two items a column, each wrapped once under its
    // text; too few rows to stack up a gutter.
    const type = { fontSize: 10.9 }
    const math = { fontSize: 10.9, fontId: 'math', italic: true }
    const lines = textsOf(
      run('1. Show that the family of all functions from ', 85.6, 100, { ...type, right: 289.1 }),
      run('U', 292.1, 100, { ...math, right: 300 }),
      run('3. Suppose ', 324.6, 100, { ...type, right: 375.2 }),
      run('n = m', 378.2, 100, { ...math, right: 405.2 }),
      run('. Show that the expected num-', 405.2, 100, { ...type, right: 540 }),
      run('to [m] is universal.', 99.3, 113.6, { ...type, right: 179.4 }),
      run('ber of empty buckets is about m/e.', 338.3, 113.6, { ...type, right: 490.3 }),
      run('2. Prove that it fails to be universal if p is not', 85.6, 140, { ...type, right: 301 }),
      run('4. Compute the expected total number of collid-', 324.6, 140, { ...type, right: 540 }),
    )
    expect(lines).toContain('1. Show that the family of all functions from U')
    expect(lines).toContain('3. Suppose n = m. Show that the expected num-')
    expect(lines).toContain('4. Compute the expected total number of collid-')
    // An item that counts on within its justified line, set word by word, is one line.
    const words = ['(a)', 'when', 'the', 'load', 'is', 'high;', '(b)', 'when', 'it', 'falls']
    let x = 72
    const stretched = words.map((word) => {
      const piece = run(word, x, 140)
      x = piece.right + 13
      return piece
    })
    const full = run('A line above that is set in one piece across the column.', 72, 126, {
      right: x - 13,
    })
    expect(textsOf(full, ...stretched)).toContain('(a) when the load is high; (b) when it falls')
  })

  it("parts a column's full line from the next column's short last line a LaTeX gutter away", () => {
    // Two columns 10 pt apart under a title that runs across the gutter; the second column's
    // paragraph ends with one word level with a full line of the first.
    const title = [84, 107, 129].map((y) =>
      run('A title set large across the gutter', 72, y, { right: 540 }),
    )
    const left = [162, 174, 186, 198, 210, 222].map((y) =>
      run('sensors installed on a bridge can record its response to traf-', 51, y, { right: 301 }),
    )
    const right = [162, 174, 186, 198].map((y) =>
      run('val, and they search for an assignment of intervals that satisfies', 311, y, {
        right: 561,
      }),
    )
    const lines = textsOf(...title, ...left, ...right, run('solutions.', 311, 210, { right: 349 }))
    expect(lines).toContain('solutions.')
  })

  it('parts sub-captions set side by side under two pictures, each lettered after the one before', () => {
    // The paragraph over the pictures runs across the gap between them.
    const prose = [259.9, 273.5, 287].map((y) =>
      run('the upper ledges, which are more exposed to the prevailing wind, were', 125.8, y, {
        right: 484.5,
      }),
    )
    const lines = textsOf(
      ...prose,
      run('(a) Upper ledges, ', 125.8, 377.8, { right: 206 }),
      run('viewed from the', 212.3, 377.8, { right: 287.2 }),
      run('(b) Lower ledges, ', 323.1, 377.8, { right: 403 }),
      run('viewed from the', 409.4, 377.8, { right: 484.5 }),
      run('east.', 125.8, 389.8, { right: 145.8 }),
      run('south-west.', 323.1, 389.8, { right: 372 }),
    )
    expect(lines.slice(3)).toEqual([
      '(a) Upper ledges, viewed from the',
      '(b) Lower ledges, viewed from the',
      'east.',
      'south-west.',
    ])
  })

  it("parts a paragraph's last word in the next column from a heading's line on its baseline", () => {
    // multicol: a heading in 14.3 pt type wraps at the first column's edge, 10 pt left of the
    // second column, whose paragraph ends on the heading's third baseline.
    const heading = { fontSize: 14.3 }
    const second = [
      'market towns. This procedure proved',
      'slower than anticipated, but it pro-',
      'duced a text of unusually high accu-',
      'racy.',
      'than anticipated, but it produced a',
      'text of unusually high accuracy.',
    ]
    const lines = textsOf(
      run('1 Part 1: Credit, Debt', 133.8, 134.9, { ...heading, right: 300.7 }),
      run('and Family Net-', 158, 152.8, { ...heading, right: 300.6 }),
      run('works in the Wool', 158, 170.7, { ...heading, right: 300.6 }),
      run('Trade', 158, 188.7, { ...heading, right: 198.6 }),
      ...second.map((text, i) =>
        run(text, 310.6, 134.9 + 11.95 * i, { right: text.length > 5 ? 477.5 : 331.1 }),
      ),
    )
    expect(lines).toContain('works in the Wool')
    expect(lines).toContain('racy.')
  })

  it("keeps a contents entry's page number on its line, after dots or in line with those that are", () => {
    // A TeX contents page: a chapter's entry has no dots; its sections' entries do, and all the
    // numbers stand flush right, far from the titles.
    const number = (text: string, y: number) => run(text, 480 - text.length * 5, y)
    expect(
      textsOf(
        run('1 Introduction', 126, 100),
        number('2', 100),
        run('1.1 Scope of the Programme . . . . . . . . . . .', 142, 114),
        number('2', 114),
        run('1.2 Structure of this Report . . . . . . . . . .', 142, 128),
        number('12', 128),
      ),
    ).toEqual([
      '1 Introduction 2',
      '1.1 Scope of the Programme . . . . . . . . . . . 2',
      '1.2 Structure of this Report . . . . . . . . . . 12',
    ])
    // Without dots around, a number far right of a line stands apart.
    expect(textsOf(run('Net sales', 126, 100), number('2', 100))).toEqual(['Net sales', '2'])
  })

  it("keeps a justified line's stretched space that two other lines' spaces meet by chance", () => {
    // A narrow justified column: full lines drawn in one piece, paragraphs' short last lines,
    // and two lines whose spaces fall where this line's second space does. Full lines between
    // them run across it: no gutter.
    const full = (y: number) =>
      run('the volunteers will meet at the dock at nine', 403.2, y, { right: 561.7 })
    const short = (y: number) => run('lunch is served after.', 403.2, y, { right: 489 })
    const chance = (y: number) => [
      run('one hundred and', 403.2, y, { right: 496.2 }),
      run('fifty people', 507.7, y, { right: 561.7 }),
    ]
    const lines = textsOf(
      ...chance(40),
      short(52),
      full(64),
      short(76),
      full(88),
      run('Organizer', 403.2, 100, { right: 456.7 }),
      run('Priya', 468.7, 100, { right: 496.3 }),
      run('Natarajan', 508.3, 100, { right: 561.7 }),
      full(112),
      short(124),
      full(136),
      ...chance(148),
    )
    expect(lines).toContain('Organizer Priya Natarajan')
  })

  it('keeps the spaces of typewriter type after a run that pdf.js saw a word gap after', () => {
    const mono = { monospace: true, fontSize: 9.5 }
    expect(
      textsOf(
        run('sections converted: ', 75.9, 100, { ...mono, right: 184.1, spaceAfter: true }),
        run('4', 201.2, 100, { ...mono, right: 206.9 }),
      ),
    ).toEqual(['sections converted:   4'])
  })

  it("keeps a listing's comment in italic typewriter type on its line, whole characters after the code", () => {
    const mono = { monospace: true, fontSize: 9, fontId: 'mono' }
    expect(
      textsOf(
        run('cron: "30 6 * * *"', 95.4, 100, { ...mono, right: 192.6 }),
        run('# 06:30 every day', 257.4, 100, { ...mono, italic: true, fontId: 'mono-italic' }),
      ),
    ).toEqual(['cron: "30 6 * * *"            # 06:30 every day'])
  })

  it('keeps a justified line of three long words together, however far apart they stand', () => {
    // A narrow German column: its line of three words stretched to spaces of five ems.
    const full = (text: string, y: number) => run(text, 84.4, y, { fontSize: 12, right: 339.6 })
    const lines = textsOf(
      full('Schwerpunkte bilden die Hochbehältersanierung,', 420.6),
      run('Fernwirkanlagen', 84.4, 434.1, { fontSize: 12, right: 165.7 }),
      run('sowie', 231.3, 434.1, { fontSize: 12, right: 259.3 }),
      run('die', 324.9, 434.1, { fontSize: 12, right: 339.6 }),
      full('Energieeffizienzsteigerung der Pumpwerke. Die', 447.6),
    )
    expect(lines).toContain('Fernwirkanlagen sowie die')
  })

  it('takes a line that quotes a long path in typewriter type, then words, for prose', () => {
    const [line] = groupLines([
      run('~/.local/share/driftbox/logs/client.log', 44, 100, {
        monospace: true,
        fontSize: 9.5,
        right: 254,
      }),
      run(' on Linux.', 254, 100, { fontSize: 11, right: 300 }),
    ])
    expect(line).toMatchObject({ monospace: false, fontSize: 11 })
  })

  it("keeps subscripts with their letters, not with a note mark of the next column's line", () => {
    // Two columns: the left line's raised note mark stands, by baseline, between the right
    // line's and its subscripts' ("x" sub "t", "h" sub "t", as a browser sets <sub>).
    const script = { fontSize: 8.33 }
    const lines = textsOf(
      run('Let ', 307.7, 444.71, { right: 321 }),
      run('x', 324.66, 444.71, { right: 329.1 }),
      run('t ', 329.1, 447.45, { ...script, right: 331.42 }),
      run('denote the acoustic feature vector at frame ', 335.09, 444.71, { right: 511.94 }),
      run('t ', 515.61, 444.71, { right: 518.39 }),
      run('and ', 522.06, 444.71, { right: 536.49 }),
      run('h', 540.16, 444.71, { right: 545.16 }),
      run('t', 545.17, 447.45, { ...script, right: 547.48 }),
      run('time and stores ', 48, 451.04, { right: 116.69 }),
      run('n ', 116.69, 451.04, { right: 121.69 }),
      run('key and value vectors per layer.', 126.09, 451.04, { right: 262.1 }),
      run('1 ', 262.1, 446.96, { ...script, right: 266.26 }),
    )
    expect(lines).toEqual([
      'Let xt denote the acoustic feature vector at frame t and ht',
      'time and stores n key and value vectors per layer.1',
    ])
  })

  it("keeps a reference's number with its text, level with a line of the column before", () => {
    // The right column's references in 8.5 pt, each "[n]" set apart by a tab; the left column's
    // lines in 10 pt stand about level with theirs.
    const small = { fontSize: 8.5 }
    const left = (text: string, y: number) => run(text, 48, y, { right: 287.8 })
    const lines = textsOf(
      left('low scores to the steady-state portions of vowels. This', 584.1),
      run('[5] ', 307.67, 594, { ...small, right: 317.58, spaceAfter: true }),
      run('E. ', 323.54, 594, { ...small, right: 330.85 }),
      run('Tsunoo, Y. Kashiwagi, T. Kumakura and S. Watanabe,', 336.66, 594, {
        ...small,
        right: 547.5,
      }),
      left('suggests that the network has learned to keep the frames', 596.8),
      run('"Transformer ASR with contextual block processing," in Proc.', 323, 605.2, {
        ...small,
        right: 547.5,
      }),
      left('that are most informative about segment boundaries, which', 610.3),
      run('ASRU, 2019, pp. 427-433.', 323, 616.4, { ...small, right: 420 }),
      run('[6]', 307.7, 627.6, { ...small, right: 317.6 }),
      run('A. Gulati, J. Qin, C.-C. Chiu and N. Parmar, "Conformer,"', 323.5, 627.6, {
        ...small,
        right: 547.5,
      }),
      run('in Proc. Interspeech, 2020.', 323, 638.8, { ...small, right: 430 }),
    )
    expect(lines).toContain('[5] E. Tsunoo, Y. Kashiwagi, T. Kumakura and S. Watanabe,')
  })

  it('sets an accent raised over a capital, a run of its own, on the capital', () => {
    // TeX draws "Č" as a caron a little right of the C's left edge and higher up.
    expect(
      textsOf(
        run('Karel ', 180, 100, { right: 213 }),
        run('\u02C7', 215.4, 97.3, { right: 220.9 }),
        run('Capek, ', 214.2, 100, { right: 250.7 }),
        run('\u00B4', 253, 97.3, { right: 258.5 }),
        run('Emile Zola', 252, 100),
      ),
    ).toEqual(['Karel Čapek, Émile Zola'])
  })

  it("reads a right-to-left line's English word drawn in pieces as one, and mirrors its brackets", () => {
    const he = { rtl: true }
    // "...ב-Confluence (במקום ... Azure.)" drawn left to right: the word split at its "fl"
    // ligature, the brackets drawn as mirrored glyphs, the full stop left of "Azure".
    expect(
      textsOf(
        run('(', 100, 100, { right: 104 }),
        run('.Azure ', 104, 100, { right: 140 }),
        run('במקום השרת הישן', 144, 100, { ...he, right: 178 }),
        run(') ', 178, 100, { right: 186 }),
        run('Con', 190, 100, { right: 213 }),
        run('fl', 213, 100, { right: 221 }),
        run('uence', 221, 100, { right: 258 }),
        run('עדכון התיעוד של המערכת ב-', 258, 100, { ...he, right: 320 }),
      ),
    ).toEqual(['עדכון התיעוד של המערכת ב-Confluence (במקום השרת הישן Azure.)'])
  })

  it('reads a line of a right-to-left page right to left, however many English words it holds', () => {
    const ar = { rtl: true }
    // "نشرت الدراسة في مجلة Nature Climate Change." over a line of Arabic alone.
    const lines = textsOf(
      run('.', 40, 100),
      run('Nature Climate Change', 45, 100, { right: 160 }),
      run('نشرت الدراسة في مجلة ', 165, 100, { ...ar, right: 260 }),
      run('وقال مدير المشروع الدكتور خالد المنصور', 60, 120, { ...ar, right: 260 }),
    )
    expect(lines[0]).toBe('نشرت الدراسة في مجلة Nature Climate Change.')
  })

  it('puts a space right of a run before it in a right-to-left line, and after it otherwise', () => {
    const rtl = { rtl: true }
    // "تقرير المياه بنسبة 12%" drawn left to right on the page, pdf.js's word spaces kept on
    // the runs left of them; the figures read left to right within the line.
    const [line, ...rest] = groupLines([
      run('%', 45, 100),
      run('12 ', 50, 100),
      run('بنسبة ', 65, 100, rtl),
      run('مياه', 100, 100, rtl),
      run('ال ', 120, 100, rtl),
      run('تقرير', 135, 100, rtl),
    ])
    expect(rest).toEqual([])
    expect(line).toMatchObject({ text: 'تقرير المياه بنسبة 12%', rtl: true })
    const [english] = groupLines([run('Hello ', 10, 100), run('world', 40, 100)])
    expect(english?.text).toBe('Hello world')
    expect(english?.rtl).toBeUndefined()
  })

  it('reads a combining mark drawn over its letter after that letter in right-to-left text', () => {
    const rtl = { rtl: true, fontSize: 15 }
    // "ثانياً" as a browser draws it: letters left to right on the page, the tanwin raised over
    // the alef with no advance of its own.
    const arabic = groupLines([
      run('ث', 520, 460, { ...rtl, right: 530 }),
      run('ا', 515, 460, { ...rtl, right: 520 }),
      run('ن', 509.4, 460, { ...rtl, right: 515 }),
      run('ي', 504, 460, { ...rtl, right: 509.4 }),
      run('ا', 499.7, 460, { ...rtl, right: 504 }),
      run('\u064B', 500.5, 456, { ...rtl, right: 500.5 }),
    ])
    expect(arabic.map((line) => line.text)).toEqual(['ثانياً'])
    // Hebrew points centred under narrow letters start left of them, over the letter before:
    // "הָיְת" with the sheva under the yod, and a point whose item carries the word space after it.
    const he = { rtl: true, fontSize: 13 }
    const hebrew = groupLines([
      run('ו', 156.5, 661.5, { ...he, right: 160 }),
      run('\u05BC ', 160.4, 663, { ...he, right: 160.4 }),
      run('ת', 197.4, 661.5, { ...he, right: 205.9 }),
      run('\u05B0', 203.2, 661.5, { ...he, right: 203.2 }),
      run('י', 206, 661.5, { ...he, right: 208.9 }),
      run('\u05B8', 209, 661.5, { ...he, right: 209 }),
      run('ה', 208.9, 661.5, { ...he, right: 217.4 }),
      run('ו', 164.2, 661.5, { ...he, right: 167.7 }),
      run('ה', 167.8, 661.5, { ...he, right: 176.2 }),
    ])
    expect(hebrew.map((line) => line.text)).toEqual(['הָיְת הוּ ו'])
  })

  it("records where a row's cells stand apart, but not a line of prose's words", () => {
    // A table's row, its columns an em and four ems apart (pandoc's LaTeX), and wrapped prose.
    const [row, prose] = groupLines([
      run('retryLimit', 182, 100),
      run('3', 244, 100),
      run('Attempts before a job fails', 285, 100),
      run('The queue retries a job ', 182, 112),
      run('after a delay.', 302, 112),
    ])
    expect(row).toMatchObject({
      text: 'retryLimit 3 Attempts before a job fails',
      cellStarts: [285],
    })
    expect(prose?.cellStarts).toBeUndefined()
  })

  it('takes the type of a line of prose from its prose, though inline code outweighs it', () => {
    const [line] = groupLines([
      run('2. Add a job with ', 72, 100, { fontSize: 12 }),
      run("queue.add('email', { to: 'ada@example.org' })", 180, 100, {
        fontSize: 10.2,
        fontId: 'mono',
        monospace: true,
      }),
    ])
    expect(line).toMatchObject({ fontSize: 12, fontId: 'f1', monospace: false })
  })

  it('parts a note in the margin, in smaller type an em or less beside justified text', () => {
    // Four justified lines end at x = 210; LaTeX's \marginpar starts 6 points further right.
    const body = [100, 112, 124, 136].map((y) =>
      run('a line of justified text set to its edge', 10, y),
    )
    const note = [
      run('The average rate', 216, 100, { fontSize: 9 }),
      run('is a slope.', 216, 111.6, { fontSize: 9 }),
    ]
    expect(textsOf(...body, ...note)).toEqual([
      'a line of justified text set to its edge',
      'The average rate',
      'a line of justified text set to its edge',
      'is a slope.',
      'a line of justified text set to its edge',
      'a line of justified text set to its edge',
    ])
    // A word in smaller type as far off within a line of prose stays in it.
    const prose = [run('set in ', 10, 100), run('small capitals', 51, 100, { fontSize: 9 })]
    expect(textsOf(...prose, ...body.slice(1))).toContain('set in small capitals')
  })

  it("keeps a formula's superscripts and subscripts on its line, whichever pdf.js gives first", () => {
    // "∑k≥0 ∆ka1": the superscript k is read before the text it is raised over, the
    // subscripts after it; all are one line with it.
    const lines = groupLines([
      run('k', 84.5, 96.5, { fontSize: 7 }),
      run('∆', 79.5, 100),
      run('a', 88, 100),
      run('k≥0', 69, 102.5, { fontSize: 7 }),
      run('∑', 64, 100),
      run('1', 93, 102, { fontSize: 7 }),
    ])
    expect(lines.map((line) => line.text)).toEqual(['∑k≥0∆ka1'])
  })

  it("reads the limits over and under a displayed sum on its line, after it: '∑n=1∞ an'", () => {
    // The sum hangs from 0.95 em over the formula's baseline to 0.45 em under it.
    const sum = { ...run('∑', 100, 100, { fontSize: 10 }), right: 114, top: 90.5, bottom: 104.5 }
    const lines = groupLines([
      run('∞', 104, 89, { fontSize: 7 }),
      { ...sum, operator: true as const },
      run('an = s.', 117, 100),
      run('n=1', 102, 110.5, { fontSize: 7 }),
    ])
    expect(lines.map((line) => line.text)).toEqual(['∑n=1∞ an = s.'])
  })

  it("reads the scripts beside a displayed integral on its line, after it: '∫0π √1 + x'", () => {
    // pdflatex's \int_0^\pi \sqrt{1 + x}: TeX sets a displayed integral's limits to its side.
    const integral = { ...run('∫', 263.3, 233.5), right: 268.8, top: 220.1, bottom: 242 }
    const root = { ...run('√', 280.3, 232.3), right: 290.3, top: 223.8, bottom: 235.8 }
    const lines = groupLines([
      { ...integral, operator: true as const },
      run('π', 273.3, 222.5, { fontSize: 7 }),
      run('0', 268.8, 242.7, { fontSize: 7 }),
      root,
      run('1 + x', 290.3, 233.6),
    ])
    expect(lines.map((line) => line.text)).toEqual(['∫0π √1 + x'])
  })

  it("reads a key-value list's values on their keys' lines, however far the value column", () => {
    // An invoice's details: keys at 313 pt, values in a column at 418 pt.
    const at = (text: string, left: number, right: number, y: number) =>
      run(text, left, y, { fontSize: 12, right })
    const details = [
      at('Invoice number: INV-2026-0042', 313, 508, 100),
      at('Invoice date:', 313, 385, 116),
      at('28 November 2026', 418, 534, 116),
      at('Due date:', 313, 365, 132),
      at('28 December 2026', 418, 530, 132),
      at('Customer ID:', 313, 384, 148),
      at('C-1187', 418, 455, 148),
    ]
    expect(textsOf(...details)).toEqual([
      'Invoice number: INV-2026-0042',
      'Invoice date: 28 November 2026',
      'Due date: 28 December 2026',
      'Customer ID: C-1187',
    ])
    // Two keys side by side are two fields, and a key alone is no list: each stays apart.
    const fields = [
      at('Principal Investigator:', 72, 200, 300),
      at('Location of Safe:', 330, 430, 300),
      at('Phone:', 72, 110, 316),
      at('Room:', 330, 365, 316),
    ]
    expect(textsOf(...fields)).toHaveLength(4)
  })

  it("splits a two-column table's row at its column edge, though its longest label leaves the narrowest gap", () => {
    // A browser's product sheet: a table of specifications between a heading's paragraphs,
    // values at 213.8 pt; the last label is long enough to leave only a 3 em gap.
    const at = (text: string, left: number, right: number, baseline: number, fontSize = 10) => ({
      ...run(text, left, baseline, { fontSize, right }),
      top: baseline - 0.92 * fontSize,
      bottom: baseline + 0.24 * fontSize,
    })
    const specs: Array<[string, number, string, number]> = [
      ['Weight ', 120.8, '1.2 kg', 245],
      ['Dimensions ', 144.3, '30 × 20 × 10 cm', 299.8],
      ['Flow rate ', 132.2, '2.5 litres per minute', 315.8],
      ['Filter life ', 129.1, '6 months or 3,000 litres', 334.1],
      ['Operating pressure ', 182.3, '1 to 6 bar', 262.6],
    ]
    const lines = groupLines([
      at('AquaPure 300 Water Filter', 84.4, 385, 103.5, 20),
      at(
        'The AquaPure 300 removes chlorine, lead and sediment from tap water and ',
        84.4,
        465,
        129.7,
      ),
      at('fi', 468.1, 474.4, 129.7),
      at('ts under', 474.4, 516, 129.7),
      at('most kitchen sinks without tools.', 84.4, 249.1, 141),
      at('Specifications', 84.4, 202.5, 170.2, 15),
      ...specs.flatMap(([label, end, value, right], i) => [
        at(label, 85.9, end, 198.7 + 15.75 * i),
        at(value, 213.8, right, 198.7 + 15.75 * i),
      ]),
      at('In the box', 84.4, 169.9, 293.2, 15),
      at(
        'Filter housing, two cartridges, mounting bracket, tubing and this guide.',
        84.4,
        441.3,
        318.7,
      ),
    ])
    expect(lines.map((line) => line.text)).toContain('Operating pressure')
    expect(lines.map((line) => line.text)).toContain('1 to 6 bar')
  })

  it('reads scripts raised too high to join their line on it, after their glyph', () => {
    // An ordinal's "th" 0.46 em up; the upper limit of a sum in running text.
    const box = (run: TextRun, top: number, bottom: number) => ({ ...run, top, bottom })
    expect(
      textsOf(
        box({ ...run('Decision N. 94-D-60, 13', 108, 759.2), right: 207.2 }, 752.4, 761.3),
        box({ ...run('th ', 207.2, 754.6, { fontSize: 6.5 }), right: 217.3 }, 750.2, 756),
        box({ ...run('December 1994.', 217.3, 759.2), right: 283.4 }, 752.4, 761.3),
      ),
    ).toEqual(['Decision N. 94-D-60, 13th December 1994.'])
    const sum = [
      box({ ...run('The total cost is ', 148.7, 134.9), right: 221.6 }, 128, 136.8),
      box({ ...run('∑', 225.3, 134.9), right: 235.8 }, 127.4, 137.3),
      box({ ...run('n', 235.8, 129.9, { fontSize: 7 }), right: 240.8 }, 125, 131.2),
      box({ ...run('i', 235.8, 137.8, { fontSize: 7 }), right: 238.7 }, 133, 139.2),
      box({ ...run('=1 ', 238.7, 137.8, { fontSize: 7 }), right: 248.7 }, 133, 139.2),
      box({ ...run('over all partitions.', 250.9, 134.9), right: 340 }, 128, 136.8),
    ]
    expect(textsOf(...sum)).toEqual(['The total cost is ∑ni=1 over all partitions.'])
  })

  it("reads a line of small capitals made by shrinking capitals at its initials' size, its number too", () => {
    // A browser's small-caps heading: each word's initial at 13 pt, the rest in capitals at 9.
    const large = { fontSize: 13 }
    const small = { fontSize: 9 }
    const [heading] = groupLines([
      run('I', 72, 100, { ...large, right: 77 }),
      run('NTRODUCTION AND', 77, 100, { ...small, right: 160 }),
      run(' S', 160, 100, { ...large, right: 170 }),
      run('COPE', 170, 100, { ...small, right: 195 }),
    ])
    expect(heading).toMatchObject({ text: 'INTRODUCTION AND SCOPE', fontSize: 13 })
    // A TeX paper's section: its Roman number, a space, then the title in faked small capitals.
    const [section] = groupLines([
      run('II ', 136.2, 200, { fontSize: 9.96, right: 146.2 }),
      run('R', 149.9, 200, { fontSize: 9.96, right: 156.5 }),
      run('ESULTS', 156.6, 200, { fontSize: 7.97, right: 190 }),
    ])
    expect(section).toMatchObject({ text: 'II RESULTS', fontSize: 9.96 })
    // Capitals in a line of small text, and a note mark beside capitals, change no size.
    const [prose] = groupLines([
      run('N', 72, 130, { ...large, right: 79 }),
      run('ATO members met in Brussels', 79, 130, { ...small, right: 200 }),
    ])
    expect(prose?.fontSize).toBe(9)
  })

  it('puts a drop capital at the start of the line it opens, against its word', () => {
    // The letter spans three lines and sits on the third one's baseline.
    const cap = run('D', 63, 178, { fontSize: 38 })
    const lines = [
      run('awn comes late to the rock', 85, 155),
      run('By the time the sky turns', 85, 166.5),
      run('the mainland, Tomás has', 85, 178),
      run('climbed the hundred steps', 63, 189.5),
    ]
    expect(textsOf(cap, ...lines)).toEqual([
      'Dawn comes late to the rock',
      'By the time the sky turns',
      'the mainland, Tomás has',
      'climbed the hundred steps',
    ])
    // A letter that the first line beside it runs into stays where it is.
    const over = run('awn comes late to the rock', 63, 155)
    expect(textsOf(cap, over, ...lines.slice(1))[0]).toBe('awn comes late to the rock')
    // A heading just over the letter, within its font's height but clear of the letter itself.
    const heading = run('Club news', 63, 146, { fontSize: 12.5 })
    expect(textsOf(heading, cap, ...lines)).toEqual([
      'Club news',
      'Dawn comes late to the rock',
      'By the time the sky turns',
      'the mainland, Tomás has',
      'climbed the hundred steps',
    ])
  })

  it('puts a drop capital against the small capitals that go on its word, unless it is a word', () => {
    // A novel's chapter opening: "T" over two lines, then "HE MAN FROM THE AGENCY" in small
    // capitals before the text in its own type, the letter's padding between.
    const opening = (letter: string) =>
      textsOf(
        run(letter, 54, 42, { fontSize: 44, right: 80.9 }),
        run('HE MAN FROM THE AGENCY', 85.3, 30, { fontSize: 7.5 }),
        run('arrived on the Thursday, two days', 180, 30, { fontSize: 11 }),
        run('earlier than promised, in a hired van', 85.3, 42, { fontSize: 11 }),
      )[0]
    expect(opening('T')).toBe('THE MAN FROM THE AGENCY arrived on the Thursday, two days')
    // "A" is a word of its own.
    expect(opening('A')).toBe('A HE MAN FROM THE AGENCY arrived on the Thursday, two days')
  })

  it('takes a quote mark with its drop capital, and a capital set a word space off for a word', () => {
    const beside = (first: string, left: number) => [
      run(first, left, 520.5, { fontSize: 10.5 }),
      run('through the steam of the kettle, and', 374.6, 535, { fontSize: 10.5 }),
      run('strong enough to strip paint.', 374.6, 549.7, { fontSize: 10.5 }),
    ]
    const opening = (letters: string, first: string, left: number) =>
      textsOf(run(letters, 310.1, 549.7, { fontSize: 50, right: 370.1 }), ...beside(first, left))[0]
    expect(opening('"Y', 'ou are lucky," the woman says', 374.6)).toBe(
      '"You are lucky," the woman says',
    )
    expect(opening('A', 'spring flood, somewhere', 385)).toBe('A spring flood, somewhere')
    expect(opening('A', 'wful storms, somewhere', 374.6)).toBe('Awful storms, somewhere')
  })

  it('writes figures raised after a figure as superscripts, so as not to change its number', () => {
    const raised = (text: string, x: number) => run(text, x, 96, { fontSize: 7.5 })
    expect(
      textsOf(
        run('the ratio was 2.6 to 1.00', 72, 100),
        raised('3', 197),
        run('. Rates fell to 10', 200.8, 100),
        raised('-3', 290),
        run(' under the covenants', 297.5, 100),
        raised('4', 397.5),
      ),
    ).toEqual(['the ratio was 2.6 to 1.00³. Rates fell to 10⁻³ under the covenants4'])
  })

  it("leaves a chart's tick labels a line above its caption out of the caption", () => {
    // LaTeX's picture: the ticks in 7 pt over the axis's title, the caption in 9 pt under both.
    const tick = (text: string, x: number) => run(text, x, 275.9, { fontSize: 7 })
    const lines = textsOf(
      // The other column's line, level with the ticks.
      run('AudioSet and 49.2% for training from scratch.', 54, 280.2, { right: 239.4 }),
      tick('1', 355.2),
      tick('2', 386.4),
      tick('5', 417.6),
      run('Shots per class', 389.2, 287.2, { fontSize: 7 }),
      run('Figure 1: Accuracy as a function of the number of examples.', 316.8, 304.9, {
        fontSize: 9,
      }),
    )
    expect(lines).toContain('Figure 1: Accuracy as a function of the number of examples.')
  })

  it("opens a footnote with its raised mark, set a tab before the note's first word", () => {
    const lines = groupLines([
      run('1', 46.9, 583.6, { fontSize: 4.9, right: 49.6 }),
      run('The orchard is based loosely on one that stood outside Pécs.', 57.7, 587.6, {
        fontSize: 8.5,
      }),
    ])
    expect(lines.map((line) => [line.text, line.openingMark])).toEqual([
      ['1 The orchard is based loosely on one that stood outside Pécs.', '1'],
    ])
  })

  it("joins a hyphenated word that goes on in inline code across the code box's padding", () => {
    const code = { fontId: 'tt', monospace: true, fontSize: 9 }
    expect(
      textsOf(
        run('threw a non- ', 72, 100, { right: 126 }),
        run('Error', 129, 100, { ...code, right: 152 }),
        run(' value.', 155, 100),
      ),
    ).toEqual(['threw a non-Error value.'])
  })

  it('parts the words of text that starts back over the run before it', () => {
    // A 200 pt slide title with a 70 pt subtitle set under its right half, rising above its
    // baseline: one row.
    expect(
      textsOf(
        run('Thank you!', 280, 72, { fontSize: 200 }),
        run('Any questions?', 300, 120, { fontSize: 70 }),
      ),
    ).toEqual(['Thank you! Any questions?'])
    // Set wholly under the title's baseline, the subtitle is a line of its own.
    expect(
      textsOf(
        run('Thank you!', 280, 72, { fontSize: 200 }),
        run('Any questions?', 300, 156, { fontSize: 70 }),
      ),
    ).toEqual(['Thank you!', 'Any questions?'])
  })

  it("keeps a heading's number with its title in the second column, level with the first column's text", () => {
    // LaTeX sets "3" a quad before "Results", on the baseline of a line of the first column,
    // under the second column's text.
    const left = Array.from({ length: 9 }, (_, k) =>
      run('the drifters circled in a slow eddy in the ebb', 72, 100 + 12 * k),
    )
    const right = Array.from({ length: 4 }, (_, k) =>
      run('speeds at the narrow entrance reached a metre', 310.6, 100 + 12 * k),
    )
    const heading = { fontSize: 14.3 }
    const lines = textsOf(
      ...left,
      ...right,
      run('3', 310.6, 172, heading),
      run('Results', 334.8, 172, heading),
    )
    expect(lines).toContain('3 Results')
  })

  it("parts a paper's authors' affiliations, centred under the names the row above parts", () => {
    const size = { fontSize: 12 }
    const names = [run('Aino Virtanen', 201, 187, size), run('Jonas Berg', 350, 187, size)]
    // Two ems apart, the affiliations part only because each is centred under its name.
    const centred = [
      run('Northern Ecology Group', 174, 201, size),
      run('Harbour Institute', 329, 201, size),
    ]
    expect(textsOf(...names, ...centred)).toEqual([
      'Aino Virtanen',
      'Jonas Berg',
      'Northern Ecology Group',
      'Harbour Institute',
    ])
    // Set off those axes, the same gap is a space in one line.
    const offCentre = centred.map((piece) => ({
      ...piece,
      left: piece.left - 30,
      right: piece.right - 30,
    }))
    expect(textsOf(...names, ...offCentre)).toContain('Northern Ecology Group Harbour Institute')
  })

  it('keeps superscripts on their line', () => {
    const lines = groupLines([
      run('Water', 10, 100),
      run('2', 37, 97, { fontSize: 6 }),
      run('rises', 45, 100),
    ])
    expect(lines).toHaveLength(1)
    expect(lines[0]?.fontSize).toBe(10)
  })

  it("reads a browser's superscripts, five sixths of the text's size, as note marks", () => {
    const [authors, affiliations] = groupLines([
      run('Maria Okonkwo', 200.5, 98.2, { fontSize: 11, right: 272.9 }),
      run('1', 272.9, 93.7, { fontSize: 9.2, right: 277.5 }),
      run(', Jun Park', 277.5, 98.2, { fontSize: 11, right: 321.1 }),
      run('2', 321.1, 93.7, { fontSize: 9.2, right: 325.7 }),
      run('1', 251.4, 108, { fontSize: 7.5, right: 255.1 }),
      run('University of Lagos', 255.1, 112.5, { fontSize: 9, right: 330 }),
    ])
    expect(authors).toMatchObject({ text: 'Maria Okonkwo1, Jun Park2', citedMarks: ['1', '2'] })
    expect(affiliations).toMatchObject({ text: '1 University of Lagos', openingMark: '1' })
  })

  it('reads Word\'s letter bullets as bullets: an "o" in a font of its own, a tab before the text', () => {
    const texts = groupLines([
      run('o ', 110.8, 117.6, { fontSize: 11, fontId: 'courier', right: 117.4 }),
      run('Hard hats and high-visibility vests', 128.8, 117.6, { fontSize: 11, right: 279.6 }),
      run('§ ', 110.8, 131, { fontSize: 11, fontId: 'wingdings', right: 117.4 }),
      run('Vests must be class 2 or higher', 128.8, 131, { fontSize: 11, right: 264.3 }),
      run('o livro que eu li', 110.8, 144.5, { fontSize: 11, right: 190 }),
    ]).map((line) => line.text)
    expect(texts).toEqual([
      '◦ Hard hats and high-visibility vests',
      '▪ Vests must be class 2 or higher',
      'o livro que eu li',
    ])
  })

  it('sets an ordinal drawn over the space after its number against the number', () => {
    // pdf.js gives "in the 17 " (the space of the word gap) and the raised "th" drawn over it.
    expect(
      textsOf(
        run('in the 17 ', 100, 120, { fontSize: 8, right: 136 }),
        run('th', 136.1, 116.6, { fontSize: 4 }),
        run('Century', 142, 120, { fontSize: 8 }),
        run('Water ', 100, 150, { fontSize: 8, right: 120 }),
        run('2', 123, 146.6, { fontSize: 4 }),
        run('rises', 126, 150, { fontSize: 8 }),
        // Justified: a sliver of slack before a note mark at the line's end, read as a space.
        run('annual that. ', 71, 180, { fontSize: 11, right: 520.2 }),
        run('2', 521.4, 175.7, { fontSize: 6.4 }),
      ),
    ).toEqual(['in the 17th Century', 'Water 2 rises', 'annual that.2'])
  })

  it('keeps an item letter set apart by a tab with its text: doubled letters and a period in another font too', () => {
    // Entries of a contents list: labels at 92 pt, the text of every entry starting at 122 pt.
    expect(
      textsOf(
        run('M.', 92, 100, { right: 102.8 }),
        run('Female Genital System', 122, 100),
        run('N', 92, 112, { right: 98.6 }),
        run('.', 98.6, 112, { fontId: 'f2', right: 101.1 }),
        run('Integumentary System', 122, 112),
        run('AA.', 92, 124, { right: 106.7 }),
        run('Ophthalmologic System', 122, 124),
        run('BB.', 92, 136, { right: 106.7 }),
        run('Respiratory System', 122, 136),
      ),
    ).toEqual([
      'M. Female Genital System',
      'N. Integumentary System',
      'AA. Ophthalmologic System',
      'BB. Respiratory System',
    ])
  })

  it('reads a raised note number whose digits came apart as one number', () => {
    expect(
      textsOf(
        run('1 0', 108, 86, { fontSize: 4 }),
        run('Charles F Horne, The Code of Hammurabi', 125, 89, { fontSize: 8 }),
        run('in 1 0 volumes', 108, 120, { fontSize: 8 }),
      ),
    ).toEqual(['10 Charles F Horne, The Code of Hammurabi', 'in 1 0 volumes'])
    // Split after the first digit of three, and before a note as short as its mark.
    expect(
      textsOf(
        run('1 22', 108, 60, { fontSize: 4 }),
        run('TRIPP, supra note 37.', 117, 63, { fontSize: 8 }),
        run('3 9', 108, 86, { fontSize: 4 }),
        run('Id.', 115, 89, { fontSize: 8 }),
      ),
    ).toEqual(['122 TRIPP, supra note 37.', '39 Id.'])
  })

  it('keeps a note mark raised above the line on it, but not small text of the next column', () => {
    // 9 pt text with a 6.4 pt mark whose baseline is 6.5 pt higher: the mark comes first in
    // baseline order and the line must join it.
    expect(
      textsOf(
        run('the data visualization', 10, 121, { fontSize: 9 }),
        run('1', 109, 114.5, { fontSize: 6.4 }),
        run('in Figure 1.1', 114, 121, { fontSize: 9 }),
      ),
    ).toEqual(['the data visualization1 in Figure 1.1'])
    // Footnotes at 9 pt in a column beside 11 pt body text, their lines a little higher.
    expect(
      textsOf(
        run('this latter study, tracks', 303, 615, { fontSize: 9 }),
        run('and due to its particular', 57, 623, { fontSize: 11 }),
      ),
    ).toEqual(['this latter study, tracks', 'and due to its particular'])
  })

  it("keeps a note mark on its line when the next column's line stands between the two", () => {
    // LaTeX's two columns: the right column's line sits 3.6 pt above the left one, and the mark
    // raised on the left line sits between their baselines, nearer the right column's.
    const lines = textsOf(
      run('which is what makes the refresh cheap', 311, 415.5),
      run('the changes since the last refresh', 56, 422.3),
      run('1', 226, 418.6, { fontSize: 7 }),
      run(', but it must cope with', 230, 422.3),
    )
    expect(lines).toEqual([
      'which is what makes the refresh cheap',
      'the changes since the last refresh1, but it must cope with',
    ])
  })

  it("keeps an item's bullet with its text when the next column's line is level with the bullet", () => {
    // The bullet in 8 pt sits 0.9 pt above its text; the right column's line sits 3.7 pt above it.
    const lines = textsOf(
      run('ticularly important for nested trace trees', 317, 548.1, { fontSize: 9 }),
      run('• ', 59.2, 551.8, { fontSize: 8, right: 63.5 }),
      run('The loop body is short.', 67, 552.7, { fontSize: 9 }),
    )
    expect(lines).toEqual([
      'ticularly important for nested trace trees',
      '• The loop body is short.',
    ])
  })

  it("keeps a justified line stretched by a manual break whole, measured against the column's text further down", () => {
    // Word stretches a justified line that ends in a line break: five words across the measure.
    const words = [
      ['Contact: ', 56.8, 97.7],
      ['Sofia ', 165.9, 190.9],
      ['Lindqvist, ', 258.9, 305.4],
      ['Communications ', 373.5, 455.4],
      ['Manager', 523.5, 566.9],
    ] as const
    const at = (text: string, y: number, right: number, fontSize = 11) =>
      run(text, 56.8, y, { right, fontSize })
    const lines = textsOf(
      ...words.map(([text, left, right]) => run(text, left, 93.6, { right, fontSize: 11 })),
      at('Email: press@verdant-coop.example', 108.1, 237.3),
      at('Community-owned solar farm doubles in size after record share', 140, 548.3, 18),
      at('offer', 160.7, 93.7, 18),
      at('More than 2,300 local investors back expansion that will power', 190, 426.9, 12),
      at('BRIDPORT, 3 May 2024, the co-operative announced that its', 210, 566.4),
      at('offer has closed at £6.8 million, the largest ever raised by a', 224.5, 566.4),
    )
    expect(lines[0]).toBe('Contact: Sofia Lindqvist, Communications Manager')
  })

  it("leaves out a worksheet's lines of dots or underscores to write answers on, but not a leader's entry", () => {
    const lines = textsOf(
      run('8. Prove by contradiction that the root of 2 is irrational.', 70, 100),
      run('. . . . . . . . . . . . . . . . . . . . . . . . . . . .', 70, 124),
      run('__________________________________________', 70, 148),
      run('Name: ..................................', 70, 172),
    )
    expect(lines).toEqual([
      '8. Prove by contradiction that the root of 2 is irrational.',
      'Name: ..................................',
    ])
  })

  it("keeps an exam question's marks or a step's time at the right margin on its line, but not an equation's number", () => {
    const questions = [1, 2, 3, 4].flatMap((n) => [
      run(`${n}. Solve the equation 3x + 7 = ${20 + n}.`, 70.9, 80 + 13.5 * n),
      run(n % 2 ? '[2 marks]' : '[1]', 497.1, 80 + 13.5 * n, { right: 541.1 }),
    ])
    expect(textsOf(...questions)).toEqual([
      '1. Solve the equation 3x + 7 = 21. [2 marks]',
      '2. Solve the equation 3x + 7 = 22. [1]',
      '3. Solve the equation 3x + 7 = 23. [2 marks]',
      '4. Solve the equation 3x + 7 = 24. [1]',
    ])
    const equations = [1, 2, 3, 4].flatMap((n) => [
      run(`S = k ln W${n},`, 200, 80 + 13.5 * n),
      run(`(${n})`, 520, 80 + 13.5 * n, { right: 541.1 }),
    ])
    expect(textsOf(...equations)).toHaveLength(8)
    // A protocol step's time, at the right margin of its step's last line.
    const steps = [1, 2].flatMap((n) => [
      run(`${n}. Incubate the lysate at room temperature.`, 74.8, 80 + 32 * n),
      run(n === 1 ? '[5 min]' : '(2-3 h)', 502.7, 80 + 32 * n, { right: 532.9 }),
    ])
    expect(textsOf(...steps)).toEqual([
      '1. Incubate the lysate at room temperature. [5 min]',
      '2. Incubate the lysate at room temperature. (2-3 h)',
    ])
  })

  it('keeps small bullets centred on large text with their items, beside a column of prose', () => {
    // A slide's list beside a paragraph: each 9.9 pt bullet stands centred on its item's 22 pt
    // line, its baseline 4 pt higher, level with or between the paragraph's lines.
    const prose = [
      'Anyone can ask us for a copy of the',
      'personal data we hold about them.',
      'The request does not have to mention',
      'the law, use a form, or be addressed',
      'to a particular team. We normally',
    ].map((text, i) => run(text, 42.5, 113.3 + 23.8 * i, { fontSize: 17, right: 348 }))
    const bullet = (baseline: number) =>
      run('● ', 416.7, baseline, {
        fontSize: 9.9,
        right: 425.3,
        top: baseline - 9.2,
        bottom: baseline + 2.3,
      })
    const item = (text: string, baseline: number) =>
      run(text, 442.2, baseline, {
        fontSize: 22,
        right: 442.2 + text.length * 11,
        top: baseline - 20.4,
        bottom: baseline + 5.2,
      })
    const items = [
      ['Acknowledge it politely', 121.0],
      ['Do not ask why they want', 152.8],
      ['Forward to dpo', 184.6],
      ['Log the date received', 216.3],
    ].flatMap(([text, baseline]) => [
      bullet(baseline as number),
      item(text as string, (baseline as number) + 4.3),
    ])
    const list = groupLines([...prose, ...items]).filter((line) => line.left > 400)
    expect(list.map((line) => line.text)).toEqual([
      '● Acknowledge it politely',
      '● Do not ask why they want',
      '● Forward to dpo',
      '● Log the date received',
    ])
  })

  it("keeps a unit's exponents on their line, though level with the next column's reference", () => {
    const body = { fontSize: 9.96 }
    const script = { fontSize: 6.97 }
    const lines = textsOf(
      run('0.08 ', 51, 362.1, { ...body, right: 68.7 }),
      run('m', 70.4, 362.1, { ...body, right: 78.8 }),
      run('3 ', 78.8, 358.5, { ...script, right: 82.8 }),
      run('m', 84.9, 362.1, { ...body, right: 93.3 }),
      run('-', 93.3, 358.5, { ...script, right: 99.6 }),
      run('3 ', 99.6, 358.5, { ...script, right: 103.5 }),
      run('between consecutive acquisitions', 106, 362.1, { ...body, right: 287.7 }),
      run('when the retrieved moisture increases by more than', 51, 350.1, {
        ...body,
        right: 287.7,
      }),
      run('and no rainfall above 5 mm was recorded at the', 51, 374.1, { ...body, right: 287.7 }),
      // The next column's references in smaller type, one a little above the exponents.
      ...[334.8, 345.8, 356.8, 367.8, 378.8].map((y) =>
        run('irrigation detection at plot scale using data.', 327.5, y, {
          fontSize: 8.97,
          right: 544.3,
        }),
      ),
    )
    expect(lines).toContain('0.08 m3 m-3 between consecutive acquisitions')
  })

  it("keeps the box that ends a proof at the margin on the proof's last line", () => {
    const size = { fontSize: 10.9 }
    expect(
      textsOf(
        run('k ∈ {2, 3}. Induction on a + b completes the proof.', 79.2, 269.5, {
          ...size,
          right: 322.1,
        }),
        run('□', 524.3, 270.1, { ...size, right: 532.8 }),
      ),
    ).toEqual(['k ∈ {2, 3}. Induction on a + b completes the proof. □'])
  })

  it("keeps a step's label set apart in a column of its own on its line", () => {
    const size = { fontSize: 10.9 }
    const runs = [1, 2, 3, 4].flatMap((n) => [
      run(`Step ${n}.`, 79.6, 100 + 21 * n, { ...size, bold: true, right: 114.5 }),
      run('Alert people in the immediate area and ask them to move', 125.9, 100 + 21 * n, {
        ...size,
        right: 497.3,
      }),
    ])
    expect(textsOf(...runs)).toEqual(
      [1, 2, 3, 4].map((n) => `Step ${n}. Alert people in the immediate area and ask them to move`),
    )
  })

  it("keeps a reference's number set apart in a column of its own on its line", () => {
    const size = { fontSize: 10.5 }
    const text = 'U. Fenwick. Counting the drowned: parish registers and'
    const runs = [1, 2, 3, 4].flatMap((n) => [
      run(`[${n}] `, 68.2, 100 + 30 * n, { ...size, right: 80.5 }),
      run(text, 95.5, 100 + 30 * n, size),
      run('the flood of 1747, with a supplementary note.', 95.5, 113.5 + 30 * n, size),
    ])
    expect(textsOf(...runs).filter((line) => line.startsWith('['))).toEqual(
      [1, 2, 3, 4].map((n) => `[${n}] ${text}`),
    )
  })

  it("keeps a patent's paragraph number with its text, set a justified gap apart", () => {
    // A US publication's column, 9.5 pt: the numbers in bold, justified gaps after them.
    const at = (text: string, left: number, right: number, y: number, fontId = 'roman') =>
      run(text, left, y, { fontSize: 9.5, right, fontId })
    const runs = [
      at('[0007] ', 50.5, 75.7, 82.2, 'bold'),
      at('FIG. 1 is a block diagram of a wearable infusion pump', 83.5, 292.8, 82.2),
      at('according to an embodiment.', 50.5, 161.2, 95.1),
      at('[0008] ', 50.5, 75.7, 112, 'bold'),
      at('FIG. 2 is a graph of motor energy per pulse as a', 89.2, 292.7, 112),
      at('function of plunger position for a non-occluded delivery and an', 50.5, 292.9, 124.9),
      at('occluded delivery.', 50.5, 120, 137.8),
      at('[0009] ', 50.5, 75.7, 154.7, 'bold'),
      at('FIG. 3 is a flow chart of an occlusion detection', 90.8, 292.8, 154.7),
      at('method.', 50.5, 81.3, 167.6),
    ]
    expect(textsOf(...runs)).toContain('[0008] FIG. 2 is a graph of motor energy per pulse as a')
  })

  it("keeps a step's number in its badge with the step, set larger and off the step's baseline", () => {
    const badge = (n: number, y: number) =>
      run(`${n} `, 56.7, y + 5.2, { fontSize: 12, fontId: 'bold', right: 65 })
    const step = (text: string, y: number) => run(text, 92, y, { fontSize: 9.5 })
    const steps = [
      'Open the scanning unit. The print head holder moves to the replacement position.',
      'Remove the orange cap from the ink tank. Do not squeeze the sides of the tank.',
      'Insert the ink tank into the print head holder and press it until it clicks.',
    ]
    const runs = steps.flatMap((text, i) => [
      badge(i + 1, 85.5 + 31 * i),
      step(text, 85.5 + 31 * i),
    ])
    expect(textsOf(...runs)).toEqual(steps.map((text, i) => `${i + 1} ${text}`))
  })

  it("reads the next column's lines apart beside a headline's line that stands level with them", () => {
    const body = { fontSize: 10, right: 576 }
    const runs = [
      run('Council Approves $48 Million', 36, 66, { fontSize: 30, right: 417.5 }),
      run('Seawall Plan After Nine-Hour', 36, 97.5, { fontSize: 30, right: 419.8 }),
      run('PORT ALDER — The', 451.9, 97.5, body),
      run('regional transit authority will', 451.9, 110.2, body),
      run('raise fares on all three ferry', 451.9, 123, body),
    ]
    const lines = textsOf(...runs)
    expect(lines).toContain('regional transit authority will')
    expect(lines).toContain('raise fares on all three ferry')
  })

  it("reads a masthead's tagline set tight under it as a line of its own", () => {
    const runs = [
      run('The Dispatch', 43.5, 77.2, { fontSize: 40, right: 294.6 }),
      run('The staff newsletter of Northwind Logistics', 43.5, 91.5, { fontSize: 9 }),
    ]
    expect(textsOf(...runs)).toEqual([
      'The Dispatch',
      'The staff newsletter of Northwind Logistics',
    ])
  })

  it("keeps a listing's dates with their events across the tab, beside another column", () => {
    const small = { fontSize: 9 }
    const events = [
      ['Feb 8', 'Winter Warm-Up Food Drive at all grocery stores'],
      ['Feb 22', 'Volunteer orientation, Wharf Road warehouse, 10'],
      ['Mar 15', 'Empty Bowls fundraising dinner at the Whaling'],
      ['Apr 5', 'Fall River warehouse ribbon cutting and open'],
    ]
    const runs = events.flatMap(([date, text], i) => [
      run('When I joined Harbor Light eleven years ago, we', 43.5, 73.5 + 27 * i),
      run(`${date} `, 315.4, 73.5 + 27 * i, small),
      run(text as string, 366.4, 73.5 + 27 * i, small),
    ])
    const lines = textsOf(...runs)
    for (const [date, text] of events) expect(lines).toContain(`${date} ${text}`)
    // A word that opens like a day's name is none: "Monitor" stays in its column.
    const figure = runs.map((r) => (r.text === 'Apr 5 ' ? { ...r, text: 'Monitor ' } : r))
    expect(textsOf(...figure)).toContain('Monitor')
  })

  it('reads small type far right of a title, on its baseline, as a line of its own', () => {
    const runs = [
      run('PIXMA InkJet 7400 Setup', 49.5, 69.7, { fontSize: 22, right: 428.2 }),
      run('Read this first', 500.9, 69.7, { fontSize: 9 }),
    ]
    expect(textsOf(...runs)).toEqual(['PIXMA InkJet 7400 Setup', 'Read this first'])
    // A masthead's issue line, an em and a half of the title's type right of it.
    const masthead = [
      run('Maple Hollow', 40, 90, { fontSize: 46, right: 340 }),
      run('Volume 14 · Issue 3', 404, 90, { fontSize: 8 }),
    ]
    expect(textsOf(...masthead)).toEqual(['Maple Hollow', 'Volume 14 · Issue 3'])
  })

  it("keeps a listing's line numbers on their lines, however deep the code is indented", () => {
    const code = { fontId: 'mono', monospace: true, fontSize: 9 }
    const number = { fontId: 'roman', fontSize: 6 }
    const lines = groupLines([
      run('4 ', 57.3, 196.5, { ...number, right: 60.9 }),
      run('for (int i = 0; i < n; i++) {', 91.8, 196.5, code),
      run('5 ', 57.3, 207.5, { ...number, right: 60.9 }),
      run('if (v[i] > 0)', 110.6, 207.5, code),
      run('6 ', 57.3, 218.5, { ...number, right: 60.9 }),
      run('}', 70.9, 218.5, code),
    ])
    expect(lines.map((line) => line.text)).toEqual([
      '4 for (int i = 0; i < n; i++) {',
      '5 if (v[i] > 0)',
      '6 }',
    ])
    // Each line is of the code's type, number or not.
    expect(lines.map((line) => [line.monospace, line.fontSize])).toEqual([
      [true, 9],
      [true, 9],
      [true, 9],
    ])
  })

  it('splits rows at a gutter that the rows around it share, but not at a lone gap', () => {
    const rows = [0, 1, 2, 3].flatMap((i) => [
      run('left column text', 10, 100 + 12 * i),
      run('right column', 110, 100 + 12 * i),
    ])
    expect(groupLines(rows)).toHaveLength(8)
    const prose = [
      run('a line of prose with', 10, 100),
      run('gap', 125, 100),
      run('a full line of prose text that spans the page', 10, 112),
    ]
    expect(groupLines(prose).map((line) => line.text)).toEqual([
      'a line of prose with gap',
      'a full line of prose text that spans the page',
    ])
  })

  it('reads a glyph without Unicode that opens a line before a gap as a bullet', () => {
    // LaTeX's itemize bullet in a bitmap font: a textless glyph, a space, then the item.
    const mark = run('', 10, 100, { right: 15 })
    const glyph = run('', 60, 112, { right: 65 })
    expect(
      textsOf(
        mark,
        run('First item of the list.', 20, 100),
        run('A formula', 10, 112),
        glyph,
        run('inside a line', 68, 112),
      ),
    ).toEqual(['\u2022 First item of the list.', 'A formula inside a line'])
  })

  it('keeps a justified line set word by word whole, though its spaces are as wide as a gutter', () => {
    // A narrow justified column beside another, as LibreOffice sets it: each word of a stretched
    // line drawn on its own, its spaces all alike, the full lines around it drawn in one piece.
    const words = wordsIn(11)
    const whole = (text: string, y: number) => run(text, 71, y, { fontSize: 11, right: 210.5 })
    const column = [
      ...words(
        173,
        ['Ahead', 71, 98.5],
        ['of', 106, 116],
        ['the', 123.5, 139.5],
        ['season', 147, 180],
        ['we', 187.5, 210.6],
      ),
      ...words(
        187.5,
        ['What', 71, 94.7],
        ['a', 102.3, 107.1],
        ['season', 114.6, 143.9],
        ['it', 151.4, 157.5],
        ['has', 165, 179.6],
        ['been.', 187.1, 210.6],
      ),
      ...words(
        202,
        ['More', 71, 94.8],
        ['than', 109.7, 128.6],
        ['two', 143.4, 159.9],
        ['hundred', 174.7, 210.8],
      ),
      whole('members rode in at least one', 216.5),
      whole('club event this year, and the', 231),
      ...words(
        245.5,
        ['Sunday', 71, 104],
        ['social', 111, 136.6],
        ['rides', 143.5, 164.9],
        ['grew', 171.8, 193.8],
        ['so', 200.8, 210.6],
      ),
      whole('popular that we now run three', 260),
      ...words(
        274.5,
        ['groups', 71, 100.9],
        ['at', 111.7, 119.6],
        ['different', 130.3, 167.9],
        ['speeds.', 178.7, 210.7],
      ),
    ]
    const next = [0, 1, 2, 3, 4, 5, 6].map((i) =>
      run('the other column of text', 227.8, 181.1 + 14.5 * i, { fontSize: 11, right: 367.4 }),
    )
    expect(
      groupLines([...column, ...next])
        .filter((line) => line.left < 220)
        .map((line) => line.text),
    ).toEqual([
      'Ahead of the season we',
      'What a season it has been.',
      'More than two hundred',
      'members rode in at least one',
      'club event this year, and the',
      'Sunday social rides grew so',
      'popular that we now run three',
      'groups at different speeds.',
    ])
  })

  it('keeps justified lines whole where a browser drew every line of the column word by word', () => {
    // Chromium prints each word of a stretched line as an item of its own: in a narrow column
    // of a three-column page no full line is drawn in one piece but an indented first line, and
    // the stretched spaces (1.5 em) are wider than the gutter beside them.
    const words = wordsIn(10)
    const lines = groupLines([
      run('Storage soil price cooperative crops', 58.7, 345, { right: 205.7 }),
      ...words(357, ['drought ', 48.7, 79.8], ['soil ', 89, 103.5], ['yield ', 112.6, 132.6]),
      ...words(357, ['farmers ', 141.8, 172.3], ['water.', 181.5, 205.7]),
      ...words(369, ['Families ', 48.7, 83.2], ['harvest ', 98.3, 127.2], ['crops ', 142.3, 163.9]),
      ...words(369, ['season', 179, 205.7]),
      ...words(381, ['cooperative ', 48.7, 95.4], ['families ', 103.1, 135.3]),
      ...words(381, ['valley ', 143, 167.4], ['farmers', 175.1, 205.7]),
      ...words(393, ['seeds ', 48.7, 70.4], ['storage ', 76.9, 105.7], ['crops ', 112.2, 133.9]),
      ...words(393, ['crops ', 140.3, 162], ['irrigation', 168.5, 205.7]),
      run('river price soil farmers. Price irrigation', 219.7, 337.5, { right: 376.6 }),
      run('harvest irrigation village seeds seeds', 219.7, 349.5, { right: 376.6 }),
      ...words(
        361.5,
        ['price ', 219.7, 239.6],
        ['crops ', 249.7, 271.4],
        ['village ', 281.5, 308.7],
      ),
      ...words(361.5, ['yield ', 318.8, 338.7], ['market', 348.8, 376.6]),
      ...words(
        373.5,
        ['village. ', 219.7, 249.4],
        ['Village ', 266.1, 295],
        ['market ', 311.9, 339.7],
      ),
      ...words(373.5, ['price', 356.6, 376.6]),
      run('cooperative irrigation river river rain', 219.7, 385.5, { right: 376.6 }),
    ])
    expect(lines.filter((line) => line.left < 210).map((line) => line.text)).toEqual([
      'Storage soil price cooperative crops',
      'drought soil yield farmers water.',
      'Families harvest crops season',
      'cooperative families valley farmers',
      'seeds storage crops crops irrigation',
    ])
  })

  it('keeps a list item justified word by word whole after its bullet', () => {
    // A box's list as Chromium prints it: bullets hang before the items' edge, and the item's
    // stretched lines measure against each other.
    const words = wordsIn(9)
    const lines = groupLines([
      ...words(345, ['•', 417.6, 420.7], ['Market ', 426.6, 452.6], ['soil ', 463.2, 476.2]),
      ...words(345, ['water ', 486.9, 506.9], ['season', 517.5, 541.5]),
      run('irrigation season rain.', 426.6, 356.3, { fontSize: 9, right: 504.8 }),
      ...words(367.6, ['•', 417.6, 420.7], ['Season ', 426.6, 452.1], ['drought ', 457.7, 485.7]),
      ...words(367.6, ['village ', 491.4, 515.9], ['water', 521.5, 541.5]),
      ...words(378.8, ['canal ', 426.6, 445.6], ['cooperative ', 459.6, 501.5]),
      ...words(378.8, ['harvest', 515.5, 541.5]),
      run('village harvest.', 426.6, 390.1, { fontSize: 9, right: 481.6 }),
    ])
    expect(lines.map((line) => line.text)).toEqual([
      '• Market soil water season',
      'irrigation season rain.',
      '• Season drought village water',
      'canal cooperative harvest',
      'village harvest.',
    ])
  })

  it('parts the foot of two columns a few lines long, nothing near crossing the gutter', () => {
    // The last page of a paper as Chromium prints it: two references left, one right, the
    // columns' baselines out of step, a gutter of 2.5 ems.
    const at = (text: string, left: number, right: number, y: number) =>
      run(text, left, y, { fontSize: 8.5, right })
    const lines = groupLines([
      at('2022.', 72, 91.1, 61.5),
      at('[3] F. Müller. Battery models for embedded nodes. ', 60, 234.5, 74.2),
      at('ACM Computing', 237, 295.2, 74.2),
      at('Surveys 54(2)', 72, 118.9, 83.2),
      at(', 2020.', 119, 142.3, 83.2),
      at('[4] G. Rossi and H. Tanaka. Adaptive packet scheduling under', 316.8, 552, 61.5),
      at('interference. ', 328.8, 371.5, 70.5),
      at('Proc. INFOCOM', 373.6, 432.8, 70.5),
      at(', 2023.', 432.8, 456.1, 70.5),
    ])
    expect(lines.map((line) => line.text).sort()).toEqual([
      '2022.',
      'Surveys 54(2), 2020.',
      '[3] F. Müller. Battery models for embedded nodes. ACM Computing',
      '[4] G. Rossi and H. Tanaka. Adaptive packet scheduling under',
      'interference. Proc. INFOCOM, 2023.',
    ])
  })

  it("parts a newspaper's columns whose stretched spaces are as wide as their gutter", () => {
    // Chromium prints CSS columns 10 pt apart on common baselines, justified word by word: the
    // second column's spaces (10.2 pt) match the gutter, and a paragraph's first line is
    // indented 8 pt.
    const at = (text: string, left: number, right: number, y: number) =>
      run(text, left, y, { fontSize: 9, right })
    const lines = groupLines([
      at('Harbour ', 42.0, 72.0, 321.0),
      at('winter ', 80.9, 103.9, 321.0),
      at('traffic ', 112.8, 134.7, 321.0),
      at('weekend', 143.6, 175.6, 321.0),
      at('police ', 42.0, 64.0, 332.2),
      at('vote ', 70.8, 86.3, 332.2),
      at('market ', 93.0, 118.0, 332.2),
      at('station ', 124.8, 148.8, 332.2),
      at('hours', 155.6, 175.6, 332.2),
      at('festival winter library festival budget', 42.0, 175.6, 343.5),
      at('council. Ferry library council library', 42.0, 175.6, 354.7),
      at('bridge ', 42.0, 65.0, 366.0),
      at('weekend ', 76.7, 108.7, 366.0),
      at('hours ', 120.4, 140.4, 366.0),
      at('school', 152.1, 175.6, 366.0),
      at('volunteers winter.', 42.0, 106.5, 377.2),
      at('Repairs ferry ferry market winter', 50.0, 175.6, 393.0),
      at('festival ', 185.6, 212.1, 321.0),
      at('station ', 223.3, 247.3, 321.0),
      at('bridge ', 258.5, 281.5, 321.0),
      at('festival', 292.7, 319.2, 321.0),
      at('volunteers ', 185.6, 223.1, 332.2),
      at('ferry ', 233.3, 250.8, 332.2),
      at('school ', 261.0, 284.5, 332.2),
      at('budget', 294.7, 319.2, 332.2),
      at('winter ', 185.6, 208.6, 343.5),
      at('residents ', 218.1, 250.1, 343.5),
      at('school ', 259.7, 283.2, 343.5),
      at('festival', 292.7, 319.2, 343.5),
      at('traffic.', 185.6, 209.7, 354.7),
      at('Vote ', 193.6, 209.9, 370.5),
      at('hours ', 221.0, 241.0, 370.5),
      at('weekend ', 252.1, 284.1, 370.5),
      at('library', 295.2, 319.2, 370.5),
      at('volunteers repairs weekend residents', 185.6, 319.2, 381.7),
      at('hours winter hours vote vote. Hours', 185.6, 319.2, 393.0),
    ])
    expect(lines.filter((line) => line.left > 180).map((line) => line.text)).toEqual([
      'festival station bridge festival',
      'volunteers ferry school budget',
      'winter residents school festival',
      'traffic.',
      'Vote hours weekend library',
      'volunteers repairs weekend residents',
      'hours winter hours vote vote. Hours',
    ])
    expect(lines.every((line) => line.right < 180 || line.left > 180)).toBe(true)
  })

  it('splits LaTeX columns an em apart under a centred title, and beside the next heading', () => {
    // Runs as pdflatex sets a two-column paper: a 10 pt gutter, the title centred across it.
    const at = (text: string, left: number, right: number, y: number, fontSize = 9.96) =>
      run(text, left, y, { right, fontSize })
    const prose = 'land for years on a single battery. Every reading costs'
    const firstPage = [
      at('Sampling Strategies', 237.3, 373.9, 166.6, 17.2),
      at('A. Author', 279.3, 332, 195.5, 12),
      at('November 21, 2026', 256.9, 354.4, 219, 12),
      at('1 ', 72, 80.1, 256.2, 14.3),
      at('Introduction', 96.2, 185, 256.2, 14.3),
      ...[278.9, 290.8, 302.8, 326.7].map((y) => at(prose, 72, 300.6, y)),
      at('largely decides how long the network lasts. ', 72, 264.8, 314.7),
      at('Sensor', 272.3, 300.6, 314.7),
      ...[256.2, 268.1, 280.1, 292, 304].map((y) => at(prose, 310.6, 539.2, y)),
      at('decides how long the network lasts.', 310.6, 464.7, 316),
    ]
    const nextPage = [
      ...[481.8, 493.7, 505.7, 517.7, 529.6].map((y) => at(prose, 310.6, 539.2, y)),
      at('decides how long the network lasts.', 310.6, 464.7, 541.6),
      ...[528.5, 540.5, 552.4, 564.4, 576.4, 588.3].map((y) => at(prose, 72, 300.6, y)),
      at('7 ', 310.6, 318.7, 578, 14.3),
      at('Conclusion', 334.8, 412, 578, 14.3),
    ]
    for (const page of [firstPage, nextPage]) {
      const crossing = groupLines(page).filter((line) => line.left < 300 && line.right > 310)
      expect(crossing.map((line) => line.text)).toEqual(
        page === firstPage ? ['Sampling Strategies', 'A. Author', 'November 21, 2026'] : [],
      )
    }
  })

  // Three columns 10 pt apart, as LaTeX's multicol sets them in 10 pt type: the first column
  // from 56.7 to 216.3, the second from 226.2 to 385.8.
  const at = (text: string, left: number, right: number, y: number, options = {}) =>
    run(text, left, y, { right, ...options })
  const heading = { fontSize: 14.3, fontId: 'f2' }
  const firstColumn = (ys: number[]) =>
    ys.map((y) => at('the basin again in the autumn and', 56.7, 216.3, y))
  const secondColumn = (ys: number[]) =>
    ys.map((y) => at('contact the harbour office, which is', 226.2, 385.8, y))

  it('parts a heading from an item indented in the next column on its baseline', () => {
    const lines = textsOf(
      ...firstColumn([279.9, 291.8, 303.8, 315.8]),
      ...secondColumn([271, 283, 295, 307, 319]),
      at('1 ', 56.7, 64.8, 247.1, heading),
      at('Dredging the Inner', 80.9, 216.3, 247.1, heading),
      // The gap's middle falls inside the second column's lines, which start at 226.2.
      at('(b) Bicycles are carried free of', 254.8, 385.8, 247.1),
      at('charge.', 273, 303.8, 259),
    )
    expect(lines).toContain('1 Dredging the Inner')
    expect(lines).toContain('(b) Bicycles are carried free of')
  })

  it("keeps a heading justified across a narrow column whole, apart from the next column's line", () => {
    const lines = textsOf(
      ...firstColumn([481.8, 493.8, 505.8]),
      ...secondColumn([486, 498, 510, 546, 558]),
      // Stretched to the column's edges: "Ferry" stands nearer the next column than "New".
      at('2 ', 56.7, 64.8, 537, heading),
      at('New ', 80.9, 112.5, 537, heading),
      at('Ferry', 178.4, 216.3, 537, heading),
      at('Timetable', 80.9, 152.4, 554.9, heading),
      at('timing system is shown below:', 226.2, 358.7, 534.1),
    )
    expect(lines).toContain('2 New Ferry')
    expect(lines).toContain('timing system is shown below:')
  })

  it('gives a note mark to the word it is raised against, though level with the column before', () => {
    const lines = textsOf(
      ...firstColumn([480.8, 492.7]),
      at('publish the soundings on its website.', 56.7, 216.3, 504.7),
      ...secondColumn([486.2, 498.1]),
      at('decade.', 226.2, 258.3, 510.1),
      at('2', 258.3, 262.3, 506.5, { fontSize: 7, fontId: 'f3' }),
    )
    expect(lines).toContain('publish the soundings on its website.')
    expect(lines).toContain('decade.2')
  })

  it('parts a paragraph from a box floated beside it, though the paragraph runs on under the box', () => {
    const wide = (y: number) =>
      at('Rock pools are left behind by the falling tide and hold more animals', 62.7, 506.3, y, {
        fontSize: 10.5,
      })
    const prose = (text: string, y: number) => at(text, 62.7, 310, y, { fontSize: 10.5 })
    const box = (text: string, y: number) => at(text, 338.6, 521.8, y, { fontSize: 9 })
    const lines = textsOf(
      wide(112.7),
      wide(127.3),
      wide(141.9),
      at('1. Finding a good pool', 62.7, 239.2, 177.8, { fontSize: 14 }),
      box('Safety first. Always check the tide', 172.3),
      box('times before you set out, and never turn', 184.9),
      box('your back on the sea. Wear shoes with a', 197.5),
      box('good grip, since weed-covered rock is', 210.1),
      box('slippery.', 222.7),
      prose('The best pools lie on the lower shore, which is', 205.4),
      prose('uncovered only at spring tides. Look for pools', 220.1),
      prose('that are shaded by overhanging rock: they stay', 234.8),
      wide(249.5),
      wide(264.2),
      wide(288.6),
      wide(303.3),
    )
    expect(lines).toContain('The best pools lie on the lower shore, which is')
    expect(lines).toContain('good grip, since weed-covered rock is')
    // The box's last line is too short to be prose, but it is set in the box's smaller type.
    expect(lines).toContain('uncovered only at spring tides. Look for pools')
    expect(lines).toContain('slippery.')
  })

  it("parts a column's last line from a note indented in the next column on its baseline", () => {
    // The columns' lines never stand level, so each row holds one column's line, and the right
    // column starts a hair left of the middle of the gap before the indented note.
    const left = [0, 1].map((i) => run('the left column of prose fills it up', 10, 124 + 12 * i))
    const right = [0, 1, 2, 3, 4].map((i) =>
      run('the right column of prose text', 200, 94 + 12 * i),
    )
    const note = run('1 A note on the right.', 214, 148, { fontSize: 8 })
    const last = run('the left column of prose fills it up', 10, 148)
    const lines = groupLines([...left, ...right, last, note]).map((line) => line.text)
    expect(lines).toContain('1 A note on the right.')
  })

  it('splits a row where a gutter between columns of prose opens under a full-width caption', () => {
    // 9 pt text: a run is 4.5 pt a character. The left column's lines end at one edge.
    const left = (text: string) => text.padEnd(53, ' x').slice(0, 53)
    const caption = [0, 1, 2, 3, 4, 5, 6].map((i) =>
      run('Figure 10. Speedup against a baseline interpreter '.repeat(2), 54, 100 + 10 * i, {
        fontSize: 9,
      }),
    )
    const columns = [0, 1, 2, 3].flatMap((i) => [
      run(left(`form many bitwise operations, so the tracer covers ${i}`), 54, 182 + 10 * i, {
        fontSize: 9,
      }),
      run('on these programs by improving the compile speed', 330, 182 + 10 * i, { fontSize: 9 }),
    ])
    const row = [
      run(left('In particular, the bitops benchmarks are short per-'), 54, 172, { fontSize: 9 }),
      run('•', 322, 172, { fontSize: 8 }),
      run('Two programs trace well, but compile slowly.', 330, 172, { fontSize: 9 }),
    ]
    const texts = groupLines([...caption, ...row, ...columns]).map((line) => line.text)
    expect(texts).toContain(left('In particular, the bitops benchmarks are short per-').trim())
    expect(texts).toContain('• Two programs trace well, but compile slowly.')
  })

  it('splits table cells padded by less than an em where the next cells start at one edge', () => {
    // A ruled table's cells: the right column's lines all start at x = 200, and the longest
    // line of the left column stops 0.8 em short of it.
    const left = [
      'Eco-Ecole is the French version',
      'Eco-Schools, an international',
      'program',
      'for',
    ]
    const right = ['Eco-Ecole offers', 'instructions for', 'teaching teams', 'to deploy']
    const runs = left.flatMap((text, i) => [
      run(text, 37, 100 + 14 * i),
      run(right[i] as string, 200, 100 + 14 * i),
    ])
    expect(groupLines(runs).map((line) => line.text)).toEqual([
      'Eco-Ecole is the French version',
      'Eco-Ecole offers',
      'Eco-Schools, an international',
      'instructions for',
      'program',
      'teaching teams',
      'for',
      'to deploy',
    ])
  })

  it('keeps a mark before an item with the item across a tab, even where the items start at one edge', () => {
    const items = ['Sleep habits', 'Medication', 'Existence of delirium', 'Hydration', 'Comfort']
    const runs = items.flatMap((text, i) => [
      run('^', 10, 100 + 14 * i),
      run(text, 25, 100 + 14 * i),
    ])
    expect(groupLines(runs).map((line) => line.text)).toEqual(items.map((item) => `^ ${item}`))
    // A bullet may stand further off, by a tab of an em and a half.
    const bulleted = items.flatMap((text, i) => [
      run('•', 10, 100 + 14 * i),
      run(text, 30, 100 + 14 * i),
    ])
    expect(groupLines(bulleted).map((line) => line.text)).toEqual(items.map((item) => `• ${item}`))
  })

  it('calls a line code only when nearly all of it is in typewriter type', () => {
    const mono = { monospace: true, fontId: 'mono' }
    const [prose] = groupLines([
      run('Returns: ', 10, 100),
      run('ASN1_SUCCESS ', 55, 100, mono),
      run('if it worked, ', 120, 100),
      run('ASN1_ELEMENT_NOT_FOUND', 190, 100, mono),
    ])
    expect(prose?.monospace).toBe(false)
    const [code] = groupLines([run('Version ::= INTEGER', 10, 100, mono)])
    expect(code?.monospace).toBe(true)
  })

  it('reads a copyright sign drawn as a letter in a circle once', () => {
    const [line] = groupLines([
      run('Copyright ', 10, 100),
      run('c', 64, 99.6),
      run('©', 61, 100, { right: 72 }),
      run('2001 Free Software Foundation', 75, 100),
    ])
    expect(line?.text).toBe('Copyright © 2001 Free Software Foundation')
  })

  it("parts a footnote's raised opening mark from its first word, and records both kinds of mark", () => {
    const [note] = groupLines([
      run('1', 10, 96, { fontSize: 6 }),
      run('Like this, a note.', 13.2, 100, { fontSize: 9 }),
    ])
    expect(note?.text).toBe('1 Like this, a note.')
    expect([note?.openingMark, note?.citedMarks]).toEqual(['1', undefined])
    // Inside a line, a mark stays on the word it follows, and points to its note.
    const [prose] = groupLines([
      run('as shown', 10, 100, { fontSize: 9 }),
      run('2', 46, 96, { fontSize: 6 }),
    ])
    expect(prose?.text).toBe('as shown2')
    expect([prose?.openingMark, prose?.citedMarks]).toEqual([undefined, ['2']])
  })

  it('drops text drawn twice to fake bold', () => {
    expect(textsOf(run('Bold', 10, 100), run('Bold', 10.3, 100))).toEqual(['Bold'])
  })

  it("tells the face of a line's last words where a lead-in in another face opens it", () => {
    const leadIn = run('Clinical Pilates ', 10, 100, { fontId: 'f2' })
    const [ledLine] = groupLines([leadIn, run('builds deep', leadIn.right, 100)])
    const [ownLine] = groupLines([run('Clinical Pilates ', 10, 100, { fontId: 'f2' })])
    expect(ledLine?.fontId).toBe('f2')
    expect(ledLine?.endFontId).toBe('f1')
    expect(ownLine?.endFontId).toBeUndefined()
  })

  describe('columns whose lines stand level by chance', () => {
    const at = (text: string, left: number, right: number, y: number, fontSize = 9.5) =>
      run(text, left, y, { fontSize, right })

    it("parts a column's last word, ending its sentence, from the next column's line", () => {
      // Level with a line of the next column, the two as wide as a footnote of smaller type
      // under both: no heading justified across a column stops at a full stop.
      const lines = textsOf(
        at('decommissioning of our legacy core banking', 176, 356.2, 680),
        at('continued deposit migration into fixed-term', 373.2, 553.5, 684),
        at('system.', 176, 204.7, 693),
        at('savings. We continue to target a cost:income', 373.2, 553.5, 696.7),
        at('ratio below 50% by 2025 and a return on', 373.2, 553.5, 710),
        at('* Share of household sight and time deposits, based on data', 176, 553.5, 752, 7),
      )
      expect(lines).toContain('system.')
      expect(lines).toContain('savings. We continue to target a cost:income')
    })

    it("parts the next column's short last line from a justified line of this one", () => {
      // Chromium draws a justified line word by word.
      const words = (spans: Array<[string, number, number]>, y: number) =>
        spans.map(([text, left, right]) => at(text, left, right, y, 11))
      const lines = textsOf(
        at('The programme ends with an independent project,', 54, 293.4, 61.5, 11),
        at('You will be supervised by an academic and, where', 318.6, 558, 61.5, 11),
        at('usually co-designed with an external partner. Recent', 54, 293.4, 77.2, 11),
        at('possible, a practitioner from the partner organisation,', 318.6, 558, 77.2, 11),
        ...words(
          [
            ['projects have mapped heritage ', 54, 199.9],
            ['sites at risk ', 206.9, 265.1],
            ['from', 272, 293.4],
          ],
          93,
        ),
        at('and you will present your findings to them at a public', 318.6, 558, 93, 11),
        ...words(
          [
            ['erosion, ', 54, 89.1],
            ['costed ', 97.4, 125.4],
            ['nature-based ', 133.7, 189.8],
            ['alternatives ', 198.2, 248.7],
            ['to ', 257, 265.5],
            ['hard', 273.9, 293.4],
          ],
          108,
        ),
        at('symposium in August.', 318.6, 417.4, 108, 11),
        ...words(
          [
            ['defences, and evaluated ', 54, 169.1],
            ['the fairness of ', 177.5, 251.1],
            ['buy-out', 259.5, 293.4],
          ],
          123.7,
        ),
        at('schemes for flooded properties.', 54, 191.7, 139.5, 11),
        // A grid of modules under the columns, its cells across their gutter.
        at('Core modules', 54, 147.4, 171, 14),
        at('Coastal Processes', 54, 142.9, 193.5, 10),
        at('Flood Risk Modelling', 226.5, 327, 193.5, 10),
        at('Waves, tides and sediment transport, with', 54, 211.8, 208.5),
        at('Hydraulic models, probability and', 226.5, 356.7, 208.5),
        at('practical surveying.', 54, 128.4, 222),
        at('communicating uncertainty.', 226.5, 332.5, 222),
        at('Communities and Risk', 226.5, 334.3, 245.2, 10),
        at('Who carries the cost of flooding', 226.5, 352, 260.5),
      )
      expect(lines).toContain('erosion, costed nature-based alternatives to hard')
      expect(lines).toContain('symposium in August.')
    })

    it('parts cards of prose side by side, under paragraphs that run across them', () => {
      const wide = (y: number) =>
        at('Volunteers pack the bags on Thursday evenings and drivers take them out', 42.7, 550, y)
      const lines = textsOf(
        ...[446, 459.5, 473, 486.5, 500].map(wide),
        at('"Before the weekend bags,', 42.7, 157.5, 527.2),
        at('"I was embarrassed to come the', 222.2, 361.3, 527.2),
        at('"Driving the van on Fridays is the', 401.7, 550.5, 527.2),
        at('Mondays were the hardest day.', 42.7, 178.3, 540.7),
        at('first time. Nobody made me feel', 222.2, 361.2, 540.7),
        at('best two hours of my week."', 401.7, 522.9, 540.7),
        at('Now the children arrive ready to', 42.7, 185.3, 554.2),
        at('like a charity case."', 222.2, 307.5, 554.2),
        at('Geoff Harland, volunteer driver', 401.7, 527.6, 557.2, 8.5),
        at('learn."', 42.7, 72.1, 568.5),
        at('Leanne, mother of three', 222.2, 320.2, 571.5, 8.5),
      )
      expect(lines).toContain('Now the children arrive ready to')
      expect(lines).toContain('like a charity case."')
    })

    it("parts a subtitle from the display headline's line it stands beside, off its baseline", () => {
      const lines = textsOf(
        at('Every child', 33.7, 242.9, 61.5, 40),
        at('deserves a full', 33.7, 309.8, 99.7, 40),
        at('Hillcrest Community Pantry provides', 338.1, 555.3, 88.5, 12.5),
        at('fresh groceries and weekend meal', 338.1, 533.4, 106.5, 12.5),
        at('packs to 1,400 families across the', 338.1, 530.7, 125.2, 12.5),
        at('plate', 33.7, 134, 138, 40),
      )
      expect(lines).toContain('deserves a full')
      expect(lines).toContain('Hillcrest Community Pantry provides')
    })
  })
})
