/** Exit codes of the pdfx command. This is the one table: `pdfx --help` prints it from here. */
export const EXIT = {
  ok: 0,
  failure: 1,
  usage: 2,
  /** Some inputs of a batch failed, others succeeded. */
  partial: 3,
} as const

/** One of the codes in EXIT. */
export type ExitCode = (typeof EXIT)[keyof typeof EXIT]

/** What each exit code means, as `pdfx --help` says it; a code without words fails to compile. */
const MEANINGS = {
  ok: 'success',
  failure: 'failure: the input, every input of a batch, or the API call failed (code on stderr)',
  usage: 'usage error: unknown command or option, or a bad option value',
  partial: 'some inputs of a batch failed, the others succeeded',
} as const satisfies Record<keyof typeof EXIT, string>

/** The exit code table as help text, one `  <code>  <meaning>` line each. */
export function describeExitCodes(): string {
  return Object.entries(EXIT)
    .map(([name, code]) => `  ${code}  ${MEANINGS[name as keyof typeof EXIT]}`)
    .join('\n')
}
