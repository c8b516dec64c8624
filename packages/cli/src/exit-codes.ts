/** Exit codes of the pdfx command, listed in `pdfx --help`. */
export const EXIT = {
  ok: 0,
  failure: 1,
  usage: 2,
  /** Some inputs of a batch failed, others succeeded. */
  partial: 3,
} as const
