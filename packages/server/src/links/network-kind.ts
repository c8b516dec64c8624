/** What kind of network an autonomous system is, judged by its organisation's name. */
export type NetworkKind = 'isp' | 'hosting' | 'organisation'

// ASN organisation names come in two spellings: registered names ("Hetzner Online GmbH",
// "Deutsche Telekom AG") and RIR handles ("AMAZON-02", "COMCAST-7922", "CLOUDFLARENET"). Both are
// lower-cased and every run of punctuation becomes one space, so "GOOGLE-CLOUD-PLATFORM" and
// "Google Cloud" both read "google cloud ...". Brand patterns are anchored only at the start of a
// word, which matches handles that glue words together ("cloudflarenet", "digitaloceanasn").

// Cloud, hosting and CDN providers. Their networks carry servers, VPNs and relays (iCloud Private
// Relay exits through Akamai, Cloudflare and Fastly), never the staff of a company that visits.
// Two deliberate calls: every Amazon and Google network counts as hosting (AS16509 "AMAZON-02" and
// AS15169 "GOOGLE" carry AWS, Google Cloud and both companies' proxies and fetchers), and so does
// Microsoft's AS8075 ("MICROSOFT-CORP-MSN-AS-BLOCK"), which carries Azure and the Outlook/Defender
// link scanners; Microsoft's corporate AS3598 ("MICROSOFT-CORP-AS") stays an organisation.
const HOSTING_BRANDS = [
  // The big clouds; "amazon" but not Brazil's "Amazonas" carriers, Google but not Google Fiber.
  'amazon(?!as)|aws\\b|google(?! fiber)|azure|microsoft corp msn|oracle (?:cloud|bmc|public cloud)',
  'ibm cloud|softlayer|alibaba|aliyun|tencent cloud|huawei clouds?\\b',
  // CDNs and edge networks
  'akamai|cloudflare|fastly|edgecast|stackpath|cdn77|bunny ?way|g ?core|zenlayer',
  // Hosting and VPS providers
  'digital ?ocean|linode|ovh|hetzner|vultr|choopa|the constant company|leaseweb|contabo|scaleway',
  'online s a s\\b|ionos|1 1 internet|go ?daddy|hostinger|unified layer|liquid ?web|rackspace',
  'm247|datacamp|kamatera|netcup|upcloud|hostwinds|dreamhost|colocrossing|psychz|quadranet',
  'hivelocity|equinix|limestone networks|servers com\\b|heroku|vercel|netlify|fly io\\b',
]
const HOSTING = new RegExp(`\\b(?:${HOSTING_BRANDS.join('|')})`)

// Consumer and mobile carriers, cable and fibre operators, and transit backbones: a visit through
// them is someone at home, on a phone or behind a carrier, so the name is the carrier's.
const ISP_WORDS = [
  // Words that name a carrier whatever the brand; tele[ck]om is matched anywhere in a word, for
  // "rostelecom" and "telecommunications".
  'tele[ck]om',
  '\\btelco\\b',
  '\\btelephon(?:e|y)\\b',
  '\\bbroadband\\b',
  '\\bcable(?:vision)?\\b',
  '\\bcommunications?\\b',
  '\\bmobile\\b',
  '\\bwireless\\b',
  '\\bcellular\\b',
  '\\bfib(?:er|re)\\b',
  '\\bdsl\\b',
  '\\binternet service provider\\b',
  '\\bisp\\b',
  '\\bsatellite\\b',
  '\\bkabel', // German and Dutch cable operators
]
// Carriers whose names carry none of those words, matched as whole words. Names that are also
// ordinary words or other companies' names (Spectrum, Optimum, Shaw, Rogers) are left to the
// registered names, which say "Communications".
const ISP_BRANDS = [
  // North America
  'comcast|verizon|att|at t|sprint|centurylink|qwest|level ?3|lumen|frontier|windstream',
  'mediacom|altice|suddenlink|rcn|cox|charter|bell canada|videotron|cogeco|starlink|spacex',
  'hughes network|viasat',
  // Transit backbones
  'zayo|cogent|hurricane electric|gtt',
  // Europe, Middle East, Africa
  'vodafone|orange(?! county)|bouygues|proxad|free sas|sfr|swisscom|kpn|ziggo|upc',
  'liberty global|telenet|virgin media|sky uk|talktalk|plusnet|hutchison|versatel|telefonica',
  'telenor|telia|tele2|proximus|iliad|fastweb|wind ?tre|turkcell|etisalat|safaricom|mtn',
  'megafon|vimpelcom|beeline',
  // Latin America
  'claro|movistar|telmex',
  // Asia and Oceania
  'telstra|optus|iinet|jio|airtel|bharti|bsnl|chinanet|unicom|cmnet|ntt|kddi|softbank|biglobe',
  'lg (?:dacom|uplus|powercomm)|chunghwa|hinet|pldt|singtel|starhub|m1 limited|maxis|celcom',
  'true internet|viettel',
]
const ISP = new RegExp(`${ISP_WORDS.join('|')}|\\b(?:${ISP_BRANDS.join('|')})\\b`)

// Generic words of the hosting trade, checked after the carriers so that "NTT Communications
// Cloud" stays a carrier and "Acme Web Hosting" becomes hosting.
const HOSTING_WORDS =
  /hosting|data ?cent|\b(?:host(?:er)?|servers?|cloud|vps|colo(?:cation)?|dedicated|cdn)\b/

/**
 * Classifies the organisation name of an autonomous system (`autonomous_system_organization`).
 * Everything not recognised as a carrier or a hosting provider counts as an organisation: the
 * universities, companies and public bodies that run their own networks.
 */
export function networkKind(organisation: string): NetworkKind {
  // NFD splits accents off their letters, so "Telefônica" reads "telefonica".
  const name = organisation
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
  if (HOSTING.test(name)) return 'hosting'
  if (ISP.test(name)) return 'isp'
  if (HOSTING_WORDS.test(name)) return 'hosting'
  return 'organisation'
}
