import { isFreeMailDomain } from './free-mail-domains.js'

/**
 * The company a captured email points at: its domain, lower-cased (`Jane@Acme.co.uk` →
 * `acme.co.uk`), or undefined for free-mail, ISP and disposable providers.
 *
 * The whole domain is kept, rather than a guessed name such as "Acme": turning a domain into a
 * name needs the Public Suffix List to find the registrable part (`acme.co.uk` vs `eng.acme.com`)
 * and still guesses wrong for names that are not their domain, whereas the domain is exact, tells
 * `acme.com` from `acme.de`, and groups the visits of one company under one key in the statistics.
 */
export function companyFromEmail(email: string): string | undefined {
  const at = email.lastIndexOf('@')
  if (at < 0) return undefined
  let domain = email.slice(at + 1).toLowerCase()
  if (domain.endsWith('.')) domain = domain.slice(0, -1) // `acme.com.` is the same domain
  if (!domain.includes('.') || isFreeMailDomain(domain)) return undefined
  return domain
}
