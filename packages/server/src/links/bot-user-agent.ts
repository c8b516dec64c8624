import { isBot } from 'isbot'

/**
 * Whether a request comes from a crawler, link expander, monitor or script rather than a person,
 * judged by its user agent with isbot's maintained pattern list. Browsers always send a user
 * agent, so a missing or blank one counts as a bot: a view is only counted when it looks human.
 */
export function isBotUserAgent(userAgent: string | undefined): boolean {
  if (userAgent === undefined || userAgent.trim() === '') return true
  return isBot(userAgent)
}
