/** Trimming requested version text, for the version formats. */

/** `text` without leading and trailing spaces and tabs (only those: other whitespace makes it malformed). */
export function trimBlanks(text: string): string {
  let start = 0
  let end = text.length
  while (start < end && (text[start] === ' ' || text[start] === '\t')) start++
  while (end > start && (text[end - 1] === ' ' || text[end - 1] === '\t')) end--
  return start === 0 && end === text.length ? text : text.slice(start, end)
}
