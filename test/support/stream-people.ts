/**
 * What the stream suites stream: people whose `name` became `fullName` in
 * version 2 (a character outside the BMP among them), and reading a streamed
 * response as a client does: the text until the stream ends or errors, and
 * the error it errored with.
 */
import { change, fieldRenamed, shape } from '../../src/changes/index.ts'

export interface Person {
  id: number
  fullName: string
}
export const Person = shape<Person>('Person')
export const names = change('People have a full name.', [fieldRenamed(Person, { older: 'name', newer: 'fullName' })])
export const people: Person[] = [
  { id: 1, fullName: 'Ada Lovelace' },
  { id: 2, fullName: 'Émile Zola 😀' },
  { id: 3, fullName: 'Grace Hopper' },
]
/** A person as version 1 reads it. */
export const older = (person: Person) => ({ id: person.id, name: person.fullName })
export const V1 = { 'Api-Version': '1' }
export const V2 = { 'Api-Version': '2' }

/** What a client reads: the text until the stream ends or errors, and the error. */
export async function readAll(res: Response): Promise<{ text: string; error: unknown }> {
  const reader = (res.body as ReadableStream<Uint8Array>).getReader()
  const decoder = new TextDecoder()
  let text = ''
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return { text: text + decoder.decode(), error: undefined }
      text += decoder.decode(value, { stream: true })
    }
  } catch (error) {
    return { text, error }
  }
}

/**
 * An endless stream's pieces: each person's JSON Lines text in two halves (so a
 * client that leaves may find half an item held); `ended` runs in its `finally`.
 */
export async function* halfItems(ended: () => void): AsyncGenerator<string> {
  try {
    for (let i = 0; ; i++) {
      yield `{"id":${i},"full`
      yield `Name":"P${i}"}\n`
    }
  } finally {
    ended()
  }
}
