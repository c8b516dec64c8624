/**
 * The key of a key-value list ("Invoice date:", "Customer ID:"): a few words from a letter on,
 * without a colon of their own, ended by one.
 */
const KEY_SOURCE = '\\p{L}[^:]{0,37}:'

/** A key alone, as it stands before its value's column. */
export const KEY = new RegExp(`^${KEY_SOURCE}$`, 'u')
/** A line that gives a key and its value: "Invoice date: 28 November 2026". */
export const KEY_VALUE_LINE = new RegExp(`^${KEY_SOURCE}\\s+\\S`, 'u')
/**
 * The key that opens an entry of a fact box, a capitalised word or three before a colon ("Time
 * per site: 45 minutes"): shorter than a key-value list's, as it must tell an entry's start
 * where prose may hold a colon too.
 */
export const ENTRY_KEY = /^\p{Lu}[\p{L}'’-]*(?: [\p{L}'’-]+){0,2}: \S/u
/** Text that ends a key: a colon, and spaces after it. */
export const ENDS_KEY = /:\s*$/
