import { readFileSync } from 'node:fs';
import * as development from 'react-router';
import { describe, expect, it } from 'vitest';
import { REACT_ROUTER_PRODUCTION, reactRouterAliases } from './reactRouterProduction.ts';

describe('reactRouterAliases', () => {
  it('points a build at React Router production build, which offers the same API', async () => {
    const [alias] = reactRouterAliases('build');
    expect(alias?.replacement).toBe(REACT_ROUTER_PRODUCTION);
    const production = await import(REACT_ROUTER_PRODUCTION);
    expect(Object.keys(production).sort()).toEqual(Object.keys(development).sort());
    expect(typeof production.createBrowserRouter).toBe('function');
  });

  it('matches the bare package name only, not its other entries', () => {
    const [alias] = reactRouterAliases('build');
    const find = alias?.find as RegExp;
    expect(find.test('react-router')).toBe(true);
    expect(find.test('react-router/dom')).toBe(false);
  });

  it('leaves the development build to the dev server and tests', () => {
    expect(reactRouterAliases('serve')).toEqual([]);
  });

  it('takes a build whose development warnings are off', () => {
    const entry = readFileSync(REACT_ROUTER_PRODUCTION, 'utf8');
    const chunks = [...entry.matchAll(/from "\.\/(chunk-[\w-]+\.mjs)"/g)].map((m) => m[1] as string);
    const code = chunks.map((chunk) =>
      readFileSync(REACT_ROUTER_PRODUCTION.replace('index.mjs', chunk), 'utf8'),
    );
    expect(code.join('\n')).toContain('ENABLE_DEV_WARNINGS = false');
    expect(code.join('\n')).not.toContain('ENABLE_DEV_WARNINGS = true');
  });
});
