/** Numbers written in English words, as contracts repeat them in figures: "five (5) years". */

/** Numbers written in words, each at its value. */
const UNITS = [
  ...['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'],
  ...['eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen'],
  ...['eighteen', 'nineteen'],
]
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety']

/** The value of a number written in words, up to ninety-nine ("five", "thirty", "twenty-one"). */
export function numberInWords(word: string): number | undefined {
  const [tens, units] = word.toLowerCase().split('-')
  if (units === undefined) {
    const value = UNITS.indexOf(tens as string)
    if (value >= 0) return value
  }
  const ten = TENS.indexOf(tens as string)
  if (ten < 2) return undefined
  if (units === undefined) return 10 * ten
  const unit = UNITS.indexOf(units)
  return unit >= 1 && unit <= 9 ? 10 * ten + unit : undefined
}
