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
