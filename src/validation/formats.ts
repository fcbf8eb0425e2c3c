/**
 * The string formats `format` asserts (JSON Schema 2020-12 leaves `format`
 * an annotation unless a validator asserts it): each check accepts what
 * `@cfworker/json-schema` 4.1 accepted (its expressions, MIT licensed, are
 * those below), in time linear in the string's length: every expression is
 * anchored and free of catastrophic backtracking (test/node/behaviour/redos.test.ts
 * checks each with recheck; `npm run bench:validation` times each format on
 * crafted strings of 100 KB and 1 MB), and the fixed-size formats are refused
 * on their length before any expression runs. A format not named here is an
 * annotation, as 2020-12 says (`url` among them: the library's expression
 * for it backtracks catastrophically).
 */

const DATE = /^(\d\d\d\d)-(\d\d)-(\d\d)$/
const DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
const TIME = /^(\d\d):(\d\d):(\d\d)(\.\d+)?(z|([+-])(\d\d):(\d\d))?$/i
const DATE_TIME_SEPARATOR = /[t\s]/i
const DURATION = /^P(?:\d+W|(?:(?:\d+Y(?:\d+M(?:\d+D)?)?|\d+M(?:\d+D)?|\d+D)(?:T(?:\d+H(?:\d+M(?:\d+S)?)?|\d+M(?:\d+S)?|\d+S))?|T(?:\d+H(?:\d+M(?:\d+S)?)?|\d+M(?:\d+S)?|\d+S)))$/
const HOSTNAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[-0-9a-z]{0,61}[0-9a-z])?)*$/i
const EMAIL_ADDRESS = /^("(?:[\x20-\x21\x23-\x5b\x5d-\x7e]|\\[\x20-\x7e])*"|[a-z0-9.!#$%&'*+/=?^_`{|}~-]+)@(.+)$/i
const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?)$/
const IPV6 = /^((([0-9a-f]{1,4}:){7}([0-9a-f]{1,4}|:))|(([0-9a-f]{1,4}:){6}(:[0-9a-f]{1,4}|((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3})|:))|(([0-9a-f]{1,4}:){5}(((:[0-9a-f]{1,4}){1,2})|:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3})|:))|(([0-9a-f]{1,4}:){4}(((:[0-9a-f]{1,4}){1,3})|((:[0-9a-f]{1,4})?:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(([0-9a-f]{1,4}:){3}(((:[0-9a-f]{1,4}){1,4})|((:[0-9a-f]{1,4}){0,2}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(([0-9a-f]{1,4}:){2}(((:[0-9a-f]{1,4}){1,5})|((:[0-9a-f]{1,4}){0,3}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(([0-9a-f]{1,4}:){1}(((:[0-9a-f]{1,4}){1,6})|((:[0-9a-f]{1,4}){0,4}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(:(((:[0-9a-f]{1,4}){1,7})|((:[0-9a-f]{1,4}){0,5}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:)))$/i
const IPV6_PREFIX = /^ipv6:/i
const UUID = /^[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i
const NOT_URI_FRAGMENT = /[/:]/
const URI = /^(?:[a-z][a-z0-9+\-.]*:)(?:\/?\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:]|%[0-9a-f]{2})*@)?(?:\[(?:(?:(?:(?:[0-9a-f]{1,4}:){6}|::(?:[0-9a-f]{1,4}:){5}|(?:[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){4}|(?:(?:[0-9a-f]{1,4}:){0,1}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){3}|(?:(?:[0-9a-f]{1,4}:){0,2}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){2}|(?:(?:[0-9a-f]{1,4}:){0,3}[0-9a-f]{1,4})?::[0-9a-f]{1,4}:|(?:(?:[0-9a-f]{1,4}:){0,4}[0-9a-f]{1,4})?::)(?:[0-9a-f]{1,4}:[0-9a-f]{1,4}|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?))|(?:(?:[0-9a-f]{1,4}:){0,5}[0-9a-f]{1,4})?::[0-9a-f]{1,4}|(?:(?:[0-9a-f]{1,4}:){0,6}[0-9a-f]{1,4})?::)|[Vv][0-9a-f]+\.[a-z0-9\-._~!$&'()*+,;=:]+)\]|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?)|(?:[a-z0-9\-._~!$&'()*+,;=]|%[0-9a-f]{2})*)(?::\d*)?(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*|\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)?|(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)(?:\?(?:[a-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?(?:#(?:[a-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?$/i
const URI_REFERENCE = /^(?:[a-z][a-z0-9+\-.]*:)?(?:\/?\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:]|%[0-9a-f]{2})*@)?(?:\[(?:(?:(?:(?:[0-9a-f]{1,4}:){6}|::(?:[0-9a-f]{1,4}:){5}|(?:[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){4}|(?:(?:[0-9a-f]{1,4}:){0,1}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){3}|(?:(?:[0-9a-f]{1,4}:){0,2}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){2}|(?:(?:[0-9a-f]{1,4}:){0,3}[0-9a-f]{1,4})?::[0-9a-f]{1,4}:|(?:(?:[0-9a-f]{1,4}:){0,4}[0-9a-f]{1,4})?::)(?:[0-9a-f]{1,4}:[0-9a-f]{1,4}|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?))|(?:(?:[0-9a-f]{1,4}:){0,5}[0-9a-f]{1,4})?::[0-9a-f]{1,4}|(?:(?:[0-9a-f]{1,4}:){0,6}[0-9a-f]{1,4})?::)|[Vv][0-9a-f]+\.[a-z0-9\-._~!$&'()*+,;=:]+)\]|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?)|(?:[a-z0-9\-._~!$&'"()*+,;=]|%[0-9a-f]{2})*)(?::\d*)?(?:\/(?:[a-z0-9\-._~!$&'"()*+,;=:@]|%[0-9a-f]{2})*)*|\/(?:(?:[a-z0-9\-._~!$&'"()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'"()*+,;=:@]|%[0-9a-f]{2})*)*)?|(?:[a-z0-9\-._~!$&'"()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'"()*+,;=:@]|%[0-9a-f]{2})*)*)?(?:\?(?:[a-z0-9\-._~!$&'"()*+,;=:@/?]|%[0-9a-f]{2})*)?(?:#(?:[a-z0-9\-._~!$&'"()*+,;=:@/?]|%[0-9a-f]{2})*)?$/i
const URI_TEMPLATE = /^(?:(?:[^\x00-\x20\x7f"<>%\\^`{|}]|%[0-9a-f]{2})|\{[+#./;?&=,!@|]?(?:[a-z0-9_]|%[0-9a-f]{2})+(?:\.(?:[a-z0-9_]|%[0-9a-f]{2})+)*(?::[1-9][0-9]{0,3}|\*)?(?:,(?:[a-z0-9_]|%[0-9a-f]{2})+(?:\.(?:[a-z0-9_]|%[0-9a-f]{2})+)*(?::[1-9][0-9]{0,3}|\*)?)*\})*$/i
const JSON_POINTER = /^(?:\/(?:[^~/]|~0|~1)*)*$/
const JSON_POINTER_URI_FRAGMENT = /^#(?:\/(?:[a-z0-9_\-.!$&'()*+,;:=@]|%[0-9a-f]{2}|~0|~1)*)*$/i
const RELATIVE_JSON_POINTER = /^(?:0|[1-9][0-9]*)(?:#|(?:\/(?:[^~/]|~0|~1)*)*)$/
const Z_ANCHOR = /[^\\]\\Z/

/** The longest text each fixed-size format can match: a longer one is refused before its expression runs. */
const LONGEST = { hostname: 253, ipv4: 15, ipv6: 45, uuid: 36, date: 10 } as const

const isLeapYear = (year: number): boolean => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)

function date(text: string): boolean {
  if (text.length !== LONGEST.date) return false
  const m = DATE.exec(text)
  if (m === null) return false
  const year = Number(m[1])
  const month = Number(m[2])
  const day = Number(m[3])
  const last = month === 2 && isLeapYear(year) ? 29 : DAYS[month]
  return month >= 1 && month <= 12 && day >= 1 && last !== undefined && day <= last
}

/** A time with its offset (`time` and the time of `date-time` both require one); a leap second only at 23:59:60 UTC. */
function time(text: string): boolean {
  const m = TIME.exec(text)
  if (m === null) return false
  const hour = Number(m[1])
  const minute = Number(m[2])
  const second = Number(m[3])
  const sign = m[6]
  const offsetHour = Number(m[7] ?? 0)
  const offsetMinute = Number(m[8] ?? 0)
  if (hour > 23 || minute > 59 || second > 60 || offsetHour > 23 || offsetMinute > 59 || m[5] === undefined) return false
  if (second < 60) return true
  const direction = sign === '+' ? 1 : sign === '-' ? -1 : 0
  return (hour * 60 + minute - direction * (offsetHour * 60 + offsetMinute) + 24 * 60) % (24 * 60) === 23 * 60 + 59
}

/** A date and a time, separated by one `T`, `t` or white space (as the library splits them). */
function dateTime(text: string): boolean {
  const parts = text.split(DATE_TIME_SEPARATOR)
  return parts.length === 2 && date(parts[0] as string) && time(parts[1] as string)
}

const hostname = (text: string): boolean => text.length <= LONGEST.hostname && HOSTNAME.test(text)
const ipv4 = (text: string): boolean => text.length <= LONGEST.ipv4 && IPV4.test(text)
const ipv6 = (text: string): boolean => text.length <= LONGEST.ipv6 && IPV6.test(text)

function email(text: string): boolean {
  const m = EMAIL_ADDRESS.exec(text)
  if (m === null) return false
  const name = m[1] as string
  const host = m[2] as string
  if (name.length > 64 || host.length > 253) return false
  if (name[0] !== '"' && (name[0] === '.' || name.endsWith('.') || name.includes('..'))) return false
  if (host.startsWith('[') && host.endsWith(']')) {
    const address = host.slice(1, -1)
    return IPV6_PREFIX.test(address) ? ipv6(address.slice(5)) : ipv4(address)
  }
  return hostname(host)
}

function regex(text: string): boolean {
  if (Z_ANCHOR.test(text)) return false
  try {
    new RegExp(text, 'u')
    return true
  } catch {
    return false
  }
}

/** The formats asserted, by name: each a check of a string. */
export const FORMATS: Readonly<Record<string, (text: string) => boolean>> = {
  'date-time': dateTime,
  date,
  time,
  duration: (text) => DURATION.test(text),
  email,
  hostname,
  ipv4,
  ipv6,
  uri: (text) => NOT_URI_FRAGMENT.test(text) && URI.test(text),
  'uri-reference': (text) => URI_REFERENCE.test(text),
  'uri-template': (text) => URI_TEMPLATE.test(text),
  uuid: (text) => text.length === LONGEST.uuid && UUID.test(text),
  regex,
  'json-pointer': (text) => JSON_POINTER.test(text),
  'json-pointer-uri-fragment': (text) => JSON_POINTER_URI_FRAGMENT.test(text),
  'relative-json-pointer': (text) => RELATIVE_JSON_POINTER.test(text),
}
