import type { Ora } from 'ora'
import { formatError, formatWarning } from './report-error.js'
import { canColor, paint } from './terminal.js'

/** A finished input as its progress line shows it. */
export interface FileReport {
  label: string
  pages: number
  /** Extraction time, in seconds. */
  seconds: number
  /** Where the result went with `--out`. */
  target?: string
}

/** Options of BatchProgress.start. */
export interface ProgressOptions {
  /** Inputs in the batch, failed arguments included. */
  total: number
  /** No spinner, per-file lines or summary; errors and warnings still show. */
  quiet: boolean
  stream?: NodeJS.WriteStream
}

/**
 * What a batch (several inputs) shows on stderr: an ora spinner with the running count while
 * stderr is a terminal, one line per finished input with its pages per second, errors and
 * warnings, and a summary. Nothing of it ever goes to stdout, which carries only results.
 */
export class BatchProgress {
  readonly #stream: NodeJS.WriteStream
  readonly #total: number
  readonly #quiet: boolean
  readonly #color: boolean
  readonly #started = performance.now()
  #spinner: Ora | undefined
  #done = 0
  #failed = 0
  #pages = 0

  private constructor(options: ProgressOptions) {
    this.#stream = options.stream ?? process.stderr
    this.#total = options.total
    this.#quiet = options.quiet
    this.#color = canColor(this.#stream)
  }

  /** Starts the spinner when stderr is an interactive terminal; ora is loaded only then. */
  static async start(options: ProgressOptions): Promise<BatchProgress> {
    const progress = new BatchProgress(options)
    // A terminal that reports no width (some pseudo-terminals) would make ora clear lines
    // without end, so it gets no spinner either.
    if (!progress.#quiet && progress.#stream.isTTY && (progress.#stream.columns ?? 0) > 0) {
      const { default: ora } = await import('ora')
      const spinner = ora({
        stream: progress.#stream,
        text: progress.#spinnerText(),
        color: progress.#color ? 'cyan' : false,
        // ora would put stdin in raw mode; Ctrl+C should stay a plain SIGINT.
        discardStdin: false,
      })
      // ora's own check (a terminal, not CI, TERM not dumb) decides; a disabled ora would
      // still print its text once, so it is not started at all then.
      if (spinner.isEnabled) progress.#spinner = spinner.start()
    }
    return progress
  }

  /** An input was extracted. */
  succeeded(report: FileReport): void {
    this.#done++
    this.#pages += report.pages
    // The spinner redraws below each line written, so its count is brought up to date first.
    this.#update()
    if (!this.#quiet) {
      const rate = report.seconds > 0 ? report.pages / report.seconds : 0
      const figures = `${plural(report.pages, 'page')}, ${report.seconds.toFixed(2)} s, ${rate.toFixed(1)} pages/s`
      const target = report.target === undefined ? '' : ` -> ${report.target}`
      this.#write(
        `${paint('✓', 'green', this.#color)} ${report.label}${target}  ${paint(figures, 'dim', this.#color)}\n`,
      )
    }
  }

  /** An input failed; the error line shows even with `--quiet`. */
  failed(label: string, error: unknown): void {
    this.#done++
    this.#failed++
    this.#update()
    this.#write(paint(formatError(error, label), 'red', this.#color))
  }

  /** A warning of an extraction (e.g. hybrid fell back to fast). */
  warn(label: string, message: string): void {
    this.#write(paint(formatWarning(message, label), 'yellow', this.#color))
  }

  /** Stops the spinner and prints the summary line. */
  finish(): void {
    this.#spinner?.stop()
    this.#spinner = undefined
    if (this.#quiet) return
    const seconds = (performance.now() - this.#started) / 1000
    const succeeded = this.#total - this.#failed
    const rate = seconds > 0 ? this.#pages / seconds : 0
    const failed = this.#failed > 0 ? `; ${this.#failed} failed` : ''
    this.#write(
      `pdfx: ${succeeded} of ${plural(this.#total, 'input')} extracted, ${plural(this.#pages, 'page')} in ${seconds.toFixed(1)} s (${rate.toFixed(1)} pages/s)${failed}\n`,
    )
  }

  #spinnerText(): string {
    return `Extracting: ${this.#done} of ${this.#total} done, ${plural(this.#pages, 'page')}`
  }

  #update(): void {
    if (this.#spinner) this.#spinner.text = this.#spinnerText()
  }

  // While it spins, ora intercepts writes to stderr, clears its line, writes ours and redraws.
  #write(text: string): void {
    this.#stream.write(text)
  }
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`
}
