/** UTC calendar month of an instant, `YYYY-MM`: the key of the monthly page counter. */
export function utcMonth(date: Date): string {
  return date.toISOString().slice(0, 7)
}

/** UTC calendar day of an instant, `YYYY-MM-DD`: the key of the anonymous daily counter. */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10)
}
