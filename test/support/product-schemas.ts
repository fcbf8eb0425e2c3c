/** The head schemas of the request validation tests' catalogue, as an OpenAPI 3.1 document's components have them, in a module of their own as an app keeps them (read through its namespace, `import * as schemas`). */
export const Product = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    title: { type: 'string', minLength: 1 },
    price: { $ref: '#/components/schemas/Money' },
    status: { $ref: '#/components/schemas/Status' },
    category: { anyOf: [{ $ref: '#/components/schemas/Category' }, { type: 'null' }] },
    tags: { type: 'array', items: { type: 'string' } },
  },
  required: ['title', 'price'],
}
export const Money = { type: 'object', properties: { amount: { type: 'integer' }, currency: { type: 'string' } }, required: ['amount', 'currency'] }
export const Status = { type: 'string', enum: ['active', 'archived', 'draft'] }
export const Category = { type: 'object', properties: { slug: { type: 'string' }, title: { type: 'string' } }, required: ['slug', 'title'] }
export const Tag = { type: 'object', properties: { label: { type: 'string' } }, required: ['label'] }
