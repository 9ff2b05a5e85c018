// The template of a new module's contract: packages/shared/src/contracts/<name>.ts.

/** @param {ReturnType<typeof import('./names.mjs').namesOf>} n */
export function contractFile(n) {
  const r = n.record;
  return `import { z } from 'zod';
import { idParams, idSchema } from './common.ts';

/*
 * ${n.label}: the calls of the ${n.kebab} module, under /api. Every write answers
 * \`{ success: true, message, data }\` with one of the messages below; errors are \`{ error }\`
 * (400 naming the field, 403 without the permission, 404 for a ${r.lower} that is not the
 * organisation's, 409 for a name already in use).
 *
 *   GET    /${n.kebab}        the organisation's ${n.lower}, by name
 *   POST   /${n.kebab}        '${r.label} created'
 *   PUT    /${n.kebab}/:id    '${r.label} updated'
 *   DELETE /${n.kebab}/:id    '${r.label} deleted'
 */

export const ${r.constant}_TEXT = {
  created: '${r.label} created',
  updated: '${r.label} updated',
  deleted: '${r.label} deleted',
  nameTaken: 'A ${r.lower} with this name already exists',
} as const;

export const ${r.camel}Params = idParams;

export const ${r.camel}Body = z.object({
  name: z.string().trim().min(1, { message: 'Name is required' }).max(120),
});
export type ${r.pascal}Body = z.infer<typeof ${r.camel}Body>;

export const ${r.camel}Answer = z.object({
  _id: idSchema,
  name: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ${r.pascal}Answer = z.infer<typeof ${r.camel}Answer>;

export const ${r.camel}ListAnswer = z.object({ list: z.array(${r.camel}Answer) });
export type ${r.pascal}ListAnswer = z.infer<typeof ${r.camel}ListAnswer>;

export const ${r.camel}MutationAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  data: ${r.camel}Answer,
});
export type ${r.pascal}MutationAnswer = z.infer<typeof ${r.camel}MutationAnswer>;

export const ${r.camel}DeletedAnswer = z.object({ success: z.literal(true), message: z.string() });
`;
}

/** Identifiers the contract exports, which must not clash with the shared package's. */
export function contractExports(n) {
  const r = n.record;
  const schemas = ['Params', 'Body', 'Answer', 'ListAnswer', 'MutationAnswer', 'DeletedAnswer'];
  return [
    `${r.constant}_TEXT`,
    ...schemas.map((s) => `${r.camel}${s}`),
    ...['Body', 'Answer', 'ListAnswer', 'MutationAnswer'].map((s) => `${r.pascal}${s}`),
  ];
}
