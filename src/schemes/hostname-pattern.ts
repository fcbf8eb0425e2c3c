/**
 * The host name pattern of `HostNameVersioning` (DRF's `hostname_regex`),
 * on its own so that the typed client can check the hosts it sends against
 * it without taking in the scheme.
 */

/** The spec's pattern: exactly three dot-separated labels of ASCII letters and digits; group 1 is the version. */
export const HOSTNAME_REGEX: RegExp = /^([a-zA-Z0-9]+)\.[a-zA-Z0-9]+\.[a-zA-Z0-9]+$/
