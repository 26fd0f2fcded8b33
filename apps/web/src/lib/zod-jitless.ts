/**
 * The page's policy allows no eval: zod must skip its compiled fast path and never probe for it
 * (a probe is a CSP report in the console). zod keeps its settings on this global
 * (`globalConfig` of zod/v4/core), so setting it before any schema is used does what
 * `z.config({ jitless: true })` does without bringing zod into the code every page starts with.
 */
export function disableZodEval(): void {
  const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  (holder.__zod_globalConfig ??= {}).jitless = true;
}
