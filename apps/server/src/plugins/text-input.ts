import fp from 'fastify-plugin';
import { invalid } from '../lib/errors.ts';
import { findBadText } from '../lib/text-input.ts';
import type { App } from './types.ts';

/**
 * Every route's path parameters, query and JSON body are checked for text the database cannot
 * store (see lib/text-input.ts) before validation, so one check covers every route, the ones
 * that need no sign-in included, and the answer is a 400 naming the field.
 */
export const textInputPlugin = fp(async (app: App) => {
  app.addHook('preValidation', async (request) => {
    const parts = { params: request.params, query: request.query, body: request.body };
    for (const [name, part] of Object.entries(parts)) {
      const problem = findBadText(part);
      // A body that is one bare string has no field name of its own.
      if (problem) throw invalid(problem.field || name, problem.message);
    }
  });
});
