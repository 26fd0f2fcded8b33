import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { FORBIDDEN_IN_ANY_TEXT, TextIssue } from '@snowgear/contracts';
import { validationError } from '@/lib/errors.js';

interface Visit {
  value: unknown;
  key: string | number | null;
  parent: Visit | null;
}

function pathOf(visit: Visit | null): (string | number)[] {
  const path: (string | number)[] = [];
  for (let v = visit; v && v.key !== null; v = v.parent) path.push(v.key);
  return path.reverse();
}

/**
 * The path to the first string (value or key) in `root` holding what no input may hold, or
 * null. Iterative and without copying paths, so a body nested thousands deep costs no more than
 * a flat one.
 */
export function forbiddenTextPath(root: unknown): (string | number)[] | null {
  const stack: Visit[] = [{ value: root, key: null, parent: null }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const { value } = visit;
    if (typeof value === 'string') {
      if (FORBIDDEN_IN_ANY_TEXT.test(value)) return pathOf(visit);
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => stack.push({ value: item, key: i, parent: visit }));
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (FORBIDDEN_IN_ANY_TEXT.test(key)) return pathOf(visit);
        stack.push({ value: item, key, parent: visit });
      }
    }
  }
  return null;
}

/**
 * One check for every route, the anonymous ones included: no string of the body, query or path
 * may hold NUL or other control characters (tab and line breaks aside), unpaired surrogates or
 * bidirectional overrides. PostgreSQL refuses NUL in text, and the others are never typed by a
 * person. Field rules (single-line names, phone shapes …) stay in the route schemas.
 */
export const inputGuardPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => {
      const parts = [
        ['body', request.body],
        ['querystring', request.query],
        ['params', request.params],
      ] as const;
      for (const [context, value] of parts) {
        const path = forbiddenTextPath(value);
        if (path) throw validationError(context, [{ path, message: TextIssue.InvalidCharacters }]);
      }
    });
  },
  { name: 'input-guard' },
);
