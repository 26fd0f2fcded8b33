import { expect, it } from 'vitest';
import { disableZodEval } from './zod-jitless';

it('turns off zod’s compiled parsing, as zod itself reads its settings', async () => {
  disableZodEval();
  const { config } = await import('zod/v4/core');
  expect(config().jitless).toBe(true);
  // And a schema still parses (on the slow path).
  const { z } = await import('zod');
  expect(z.object({ a: z.number() }).parse({ a: 1 })).toEqual({ a: 1 });
});
