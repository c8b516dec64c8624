import { styleText } from 'node:util'

/**
 * True when ANSI colours may be written to `stream`: it is a terminal, and Node's colour check
 * allows them (`NO_COLOR`, `NODE_DISABLE_COLORS` and `TERM=dumb` turn them off, `FORCE_COLOR`
 * on). Output that is not a terminal never gets escape codes.
 */
export function canColor(stream: NodeJS.WriteStream): boolean {
  return stream.isTTY === true && stream.hasColors()
}

/** `text` in a colour when `enabled`, else as it is. */
export function paint(
  text: string,
  color: 'green' | 'red' | 'yellow' | 'dim',
  enabled: boolean,
): string {
  return enabled ? styleText(color, text) : text
}

/**
 * Columns of the terminal stdout writes to, for tables narrowed to fit; undefined in a pipe (or a
 * terminal too narrow to be worth it), where each row stays on one line for grep and the like.
 */
export function stdoutWidth(): number | undefined {
  const columns = process.stdout.isTTY ? process.stdout.columns : 0
  return columns >= 40 ? columns : undefined
}
