/** What other features use from abstinence days: they import it from here, never its files. */
export { abstinenceApi } from './api.ts';
export { ABSTINENCE_PATH, slipPath } from './paths.ts';
export { type AbstinenceLoad, useAbstinence } from './useAbstinence.ts';
export { useToday } from './useToday.ts';
