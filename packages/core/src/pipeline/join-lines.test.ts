import { describe, expect, it } from 'vitest'
import { collectSpellings, joinLines } from './join-lines.js'

describe('joinLines', () => {
  it('undoes hyphenation at line ends', () => {
    expect(joinLines(['the tra-', 'dition lives'])).toBe('the tradition lives')
    expect(joinLines(['a soft\u00AD', 'hyphen'])).toBe('a softhyphen')
  })

  it('keeps hyphens before capitals, digits and compound endings, and after compound prefixes and lone letters', () => {
    expect(joinLines(['COVID-', '19 rules'])).toBe('COVID-19 rules')
    expect(joinLines(['a well-', 'known fact'])).toBe('a well-known fact')
    expect(joinLines(['non-', 'European'])).toBe('non-European')
    expect(joinLines(['on the twenty-', 'ninth of July'])).toBe('on the twenty-ninth of July')
    // No hyphenation leaves one letter before a break, nor a compound's ending after it.
    expect(joinLines(['the X-', 'ray lab and e-', 'mail'])).toBe('the X-ray lab and e-mail')
    // Nor an acronym before lowercase.
    expect(joinLines(['in accordance with UK-', 'adopted standards'])).toBe(
      'in accordance with UK-adopted standards',
    )
    expect(joinLines(['caching of eight-', 'bit models over three-', 'quarters of them'])).toBe(
      'caching of eight-bit models over three-quarters of them',
    )
    expect(joinLines(['an evidence-', 'based, user-', 'friendly, long-', 'term plan'])).toBe(
      'an evidence-based, user-friendly, long-term plan',
    )
  })

  it('joins the words around an em dash at a line break as the dash was set, close or spaced', () => {
    expect(joinLines(['their gonads\u2014', 'the part sold as uni'])).toBe(
      'their gonads\u2014the part sold as uni',
    )
    expect(joinLines(['their gonads \u2014', 'the part'])).toBe('their gonads \u2014 the part')
    expect(joinLines(['it had gone well', '\u2014forty-two boxes'])).toBe(
      'it had gone well\u2014forty-two boxes',
    )
    // A dash that opens a line of dialogue is no dash between words.
    expect(joinLines(['she said.', '\u2014 Yes.'])).toBe('she said. \u2014 Yes.')
  })

  it('keeps a hyphen after a figure, with no space: numbers and their compounds', () => {
    expect(joinLines(['Sort code 12-34-', '56, account 8765'])).toBe(
      'Sort code 12-34-56, account 8765',
    )
    expect(joinLines(['a 3-', 'year plan'])).toBe('a 3-year plan')
    expect(joinLines(['a 2-', 'to 3-year spurt'])).toBe('a 2- to 3-year spurt')
  })

  it('joins lines of Chinese, Japanese and Thai without a space, and other lines with one', () => {
    expect(joinLines(['并比较了不同', '街区的用水量。'])).toBe('并比较了不同街区的用水量。')
    expect(joinLines(['使用状況を', '説明し、'])).toBe('使用状況を説明し、')
    expect(joinLines(['访问 www.example.org', '或致电'])).toBe('访问 www.example.org 或致电')
    expect(joinLines(['보고서는 지역의', '물 사용을'])).toBe('보고서는 지역의 물 사용을')
    // Thai breaks lines between words, which it sets without spaces.
    expect(joinLines(['โดยเน้นการลดน้ำสูญเสียใน', 'ระบบท่อจ่ายน้ำ'])).toBe(
      'โดยเน้นการลดน้ำสูญเสียในระบบท่อจ่ายน้ำ',
    )
  })

  it('keeps the hyphen where a phrase linked by hyphens breaks before or after its small word', () => {
    expect(joinLines(['games such as pat-a-', 'cake and chase'])).toBe(
      'games such as pat-a-cake and chase',
    )
    expect(joinLines(['a state-of-the-', 'art method'])).toBe('a state-of-the-art method')
    expect(joinLines(['the end-', 'to-end latency'])).toBe('the end-to-end latency')
    expect(joinLines(['kept up-', 'to-date'])).toBe('kept up-to-date')
    expect(joinLines(['a higher-', 'than-expected rate'])).toBe('a higher-than-expected rate')
    // A compound hyphenated within one of its words is still joined there.
    expect(joinLines(['not mass-pro-', 'duced'])).toBe('not mass-produced')
  })

  it('keeps a hyphen the document writes inside lines elsewhere', () => {
    const spellings = collectSpellings(['the decision-making process is slow'])
    expect(joinLines(['our decision-', 'making'], spellings)).toBe('our decision-making')
    expect(joinLines(['our decision-', 'making'])).toBe('our decisionmaking')
  })

  it('keeps a hyphen before a word that ends a compound the document writes inside lines', () => {
    const texts = [
      'the metal-gear version and the plastic-',
      'gear version; a cloud-based and a standards-',
      'based design; a fine-tuned model is re-',
      'tuned, and the gear-',
      'box is new.',
    ]
    const spellings = collectSpellings(texts)
    expect(joinLines(texts, spellings)).toBe(
      'the metal-gear version and the plastic-gear version; a cloud-based and a standards-based design; a fine-tuned model is retuned, and the gearbox is new.',
    )
    // The same ending written whole elsewhere joins the pieces.
    const whole = collectSpellings(['a metal-gear and a plastic-', 'gear; plasticgear is a brand'])
    expect(joinLines(['a plastic-', 'gear'], whole)).toBe('a plasticgear')
  })

  it('joins a word the document writes whole elsewhere, where the rules alone would keep the hyphen', () => {
    const texts = [
      'If an element is OP-',
      'TIONAL and this returns ELEMENT_NOT_FOUND, the element is left out.',
      'An OPTIONAL element may be missing.',
      'Published as a non-',
      'commercial edition; noncommercial use is free.',
    ]
    const spellings = collectSpellings(texts)
    expect(joinLines(texts.slice(0, 2), spellings)).toBe(
      'If an element is OPTIONAL and this returns ELEMENT_NOT_FOUND, the element is left out.',
    )
    expect(joinLines(texts.slice(3), spellings)).toBe(
      'Published as a noncommercial edition; noncommercial use is free.',
    )
    // Without the whole spelling elsewhere, the rules keep these hyphens.
    expect(joinLines(texts.slice(0, 2))).toMatch(/^If an element is OP-TIONAL/)
    expect(joinLines(texts.slice(3))).toMatch(/^Published as a non-commercial/)
    // Inside a longer word, before or after, the spelling is no evidence.
    for (const elsewhere of ['noncommercially', 'anoncommercial', 'non-commercial']) {
      const inside = ['Published as a non-', `commercial edition (${elsewhere}).`]
      expect(joinLines(inside, collectSpellings(inside))).toMatch(/^Published as a non-commercial/)
    }
  })

  it('joins a word broken by a hyphen set apart from it, and keeps a dash between words', () => {
    // Justified text leaves a gap before a broken word's hyphen, which pdf.js reads as a space.
    const texts = [
      'The year was one of steady recovery for the Riverside Community Li -',
      'brary. After two years of reduced hours, visi -',
      'tor numbers climbed back before the spring flood -',
      'which came early - and the repairs de -',
      'layed the work that the report de -',
      'scribes. Which rooms the flood reached, the Library lists.',
    ]
    expect(joinLines(texts, collectSpellings(texts))).toBe(
      'The year was one of steady recovery for the Riverside Community Library. After two years of reduced hours, visitor numbers climbed back before the spring flood - which came early - and the repairs delayed the work that the report describes. Which rooms the flood reached, the Library lists.',
    )
    // Without evidence that the pieces are no words of the document, the hyphen stays a dash.
    expect(joinLines(texts.slice(0, 2))).toMatch(/Community Li - brary\./)
  })

  it("keeps a name's own hyphen and a hyphen before digits, whatever else the document writes", () => {
    const texts = [
      'printers by Hewlett-',
      'Packard, see hewlettpackard.example, and COVID-',
      '19 rules; COVID rules.',
    ]
    const spellings = collectSpellings(texts)
    expect(joinLines(texts, spellings)).toBe(
      'printers by Hewlett-Packard, see hewlettpackard.example, and COVID-19 rules; COVID rules.',
    )
  })

  it('joins a camel-case name broken before its capital where the document writes it whole', () => {
    const texts = [
      'We call the resulting tracing VM Trace-',
      'Monkey. TraceMonkey runs scripts; a JavaScript',
      'engine by Hewlett-',
      'Packard, see hewlettpackard.example.',
    ]
    expect(joinLines(texts, collectSpellings(texts))).toBe(
      'We call the resulting tracing VM TraceMonkey. TraceMonkey runs scripts; a JavaScript engine by Hewlett-Packard, see hewlettpackard.example.',
    )
    // Written whole only in lowercase, or not at all, the name keeps its hyphen.
    const lower = ['the Trace-', 'Monkey VM; see tracemonkey.example']
    expect(joinLines(lower, collectSpellings(lower))).toBe(
      'the Trace-Monkey VM; see tracemonkey.example',
    )
  })

  it('tells many spaced breaks from dashes as it tells a few', () => {
    // Past a few dozen pieces to look up, the document's words are counted once instead.
    const letters = 'abcdefghijklmnopqrst'
    const texts = [...letters].flatMap((letter) => [`the visi${letter} -`, `tor${letter} came.`])
    texts.push('then the flood -', 'which rose; the flood and which again.')
    const joined = joinLines(texts, collectSpellings(texts))
    expect(joined).toContain('the visiatora came.')
    expect(joined).toContain('the visittort came.')
    expect(joined).toContain('the flood - which rose')
  })

  it('keeps line-end hyphens between words where the document never breaks a word there', () => {
    const texts = [
      'The market set a goal of cutting single-',
      'use plastic; a single bag of any use is',
      'counted, and data-',
      'protection rules limit what data a stall keeps for its protection.',
    ]
    expect(joinLines(texts, collectSpellings(texts))).toBe(
      'The market set a goal of cutting single-use plastic; a single bag of any use is counted, and data-protection rules limit what data a stall keeps for its protection.',
    )
    // One word broken into syllables shows that the document hyphenates: its hyphens go.
    const hyphenating = [...texts, 'The infor-', 'mation is kept.']
    expect(joinLines(texts, collectSpellings(hyphenating))).toMatch(/cutting singleuse plastic/)
  })

  it('keeps line-end compounds of a document that never breaks words, one of four pieces written only in another form', () => {
    const texts = [
      'Our grid-',
      'scale batteries store power at scale on the grid; solar-',
      'powered pumps are powered by solar panels; our machine-',
      'learning models, run on machines at each site, keep learning; the wind-',
      'speed records show wind speed at each site.',
    ]
    const joined = joinLines(texts, collectSpellings(texts))
    for (const compound of ['grid-scale', 'solar-powered', 'machine-learning', 'wind-speed']) {
      expect(joined).toContain(compound)
    }
  })

  it('keeps every plain line-end hyphen where the producer marks the hyphens of its breaks', () => {
    // Chromium prints a hyphenation break as U+2010 and keeps U+002D for the text's own hyphens.
    const texts = ['our machine-', 'learning models ran in the Stadt\u2010', 'teilen']
    expect(joinLines(texts, collectSpellings(texts, { marksBreakHyphens: true }))).toBe(
      'our machine-learning models ran in the Stadtteilen',
    )
    expect(joinLines(texts, collectSpellings(texts))).toBe(
      'our machinelearning models ran in the Stadtteilen',
    )
  })

  it("keeps a word's first part left hanging before the word that joins it to the compound", () => {
    expect(joinLines(['die Haupt-', 'und Nebenstraßen und die Be-', 'oder Entladezonen'])).toBe(
      'die Haupt- und Nebenstraßen und die Be- oder Entladezonen',
    )
    expect(joinLines(['in pre-', 'and post-war years, a long-', 'or short-term plan'])).toBe(
      'in pre- and post-war years, a long- or short-term plan',
    )
    // A syllable that opens the next line is no such word.
    expect(joinLines(['the sunny tra-', 'dition and or-', 'ange trees'])).toBe(
      'the sunny tradition and orange trees',
    )
  })

  it('keeps the hyphen of a web address broken after it', () => {
    expect(
      joinLines(['read https://example.org/writing-', 'culture/guide-to-decisions today']),
    ).toBe('read https://example.org/writing-culture/guide-to-decisions today')
    expect(joinLines(['see www.example.org/long-', 'term-plans and the tra-', 'dition'])).toBe(
      'see www.example.org/long-term-plans and the tradition',
    )
  })

  it('joins a web or mail address broken after a slash, a dot or an at sign, and nothing else', () => {
    expect(joinLines(['the GNU host 〈http://', 'ftp.gnu.org/gnu/groff/〉 and its mirrors'])).toBe(
      'the GNU host 〈http://ftp.gnu.org/gnu/groff/〉 and its mirrors',
    )
    expect(joinLines(['see https://huggingface.co/', 'upstage/SOLAR-10.7B.'])).toBe(
      'see https://huggingface.co/upstage/SOLAR-10.7B.',
    )
    expect(joinLines(['at https://github.', 'com/example-org/survey/ and'])).toBe(
      'at https://github.com/example-org/survey/ and',
    )
    expect(joinLines(['write to groff@', 'gnu.org today'])).toBe('write to groff@gnu.org today')
    // A sentence after an address that ends its line, and a slash in prose, keep their space.
    expect(joinLines(['at http://gnu.org/', 'There you can'])).toBe(
      'at http://gnu.org/ There you can',
    )
    expect(joinLines(['and/', 'or the next'])).toBe('and/ or the next')
    expect(joinLines(['see https://gnu.org.', 'There you can'])).toBe(
      'see https://gnu.org. There you can',
    )
    expect(joinLines(['www.fda.gov/cder/ndc/', 'www.oig.hhs.gov/'])).toBe(
      'www.fda.gov/cder/ndc/ www.oig.hhs.gov/',
    )
  })
})
