/** The kind of device a visit came from, as the Visit wire object reports it. */
export type Device = 'desktop' | 'mobile' | 'tablet'

// Browsers mark phones with "Mobi" (Google's guidance for Android Chrome, also used by Firefox,
// Safari and Opera), so its absence on Android means a tablet. iPads are named, except iPadOS 13+
// Safari, which sends the desktop macOS string on purpose and is counted as desktop: nothing in
// the request tells it apart. Kindle Fire ("Silk") and Firefox ("Tablet;") name tablets too.
const TABLET = /iPad|Tablet|PlayBook|Silk\/|Kindle/i
const ANDROID = /Android/i
const MOBILE = /Mobi|iPhone|iPod|Windows Phone|IEMobile|BlackBerry|BB10|Opera Mini/i

/** The device of a user agent string, or undefined when there is none to read. */
export function deviceOf(userAgent: string | undefined): Device | undefined {
  if (userAgent === undefined || userAgent.trim() === '') return undefined
  if (TABLET.test(userAgent)) return 'tablet'
  if (MOBILE.test(userAgent)) return 'mobile'
  if (ANDROID.test(userAgent)) return 'tablet' // Android without "Mobile"
  return 'desktop'
}
