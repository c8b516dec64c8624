/**
 * A time of day or a recording's timestamp, maybe in brackets ("09:30", "[01:02:45]"), as a
 * pattern's source: agendas, show notes and transcripts open their lines with one.
 */
export const TIME = String.raw`\[?\d{1,2}:\d{2}(?::\d{2})?\]?`

/** A month's name or its abbreviation: "Feb", "Sept.", "June". */
const MONTH = String.raw`(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.?`
/** A day's name or its abbreviation: "Sat", "Thurs.", "Monday,". */
const WEEKDAY = String.raw`(?:Mon(?:day)?|Tue(?:s(?:day)?)?|Wed(?:nesday)?|Thu(?:r(?:s(?:day)?)?)?|Fri(?:day)?|Sat(?:urday)?|Sun(?:day)?)\.?,?`
/** A time of day in twelve or twenty-four hours: "5:00 PM", "10 a.m.", "18:30". */
const CLOCK = String.raw`\d{1,2}(?::\d{2})?\s?(?:[ap]\.?m\.?|AM|PM)|${TIME}`
/**
 * A listing's date or time alone: "Feb 22", "12 June", "Sat 5:00 PM", "Mon, Mar 3", "10:30 AM",
 * "Week 4".
 */
export const DATE_LABEL = new RegExp(
  String.raw`^(?:(?:${WEEKDAY}\s+)?(?:${MONTH}\s+\d{1,2}(?:[-–]\d{1,2})?|\d{1,2}\s+${MONTH})(?:\s+${CLOCK})?|${WEEKDAY}(?:\s+${CLOCK})?|${CLOCK}|Week\s+\d{1,2})$`,
  'u',
)
