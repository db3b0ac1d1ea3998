import { describe, expect, it } from 'vitest';
import { versionInfoSchema } from './schemas/health.ts';
import { FALLBACK_VERSION_INFO, readVersionInfo, VERSION_INFO_FIELDS } from './versionInfo.ts';

const info = {
  version: '0.1.2',
  buildDate: '2026-11-26T10:00:00.000Z',
  lastDeployed: '2026-11-26T10:05:00.000Z',
  gitBranch: 'main',
  gitCommit: '1fee784',
};

describe('readVersionInfo', () => {
  it('reads the fields the schema names, and nothing else', () => {
    expect(Object.keys(versionInfoSchema.shape)).toEqual([...VERSION_INFO_FIELDS]);
    expect(readVersionInfo({ ...info, extra: 'dropped' })).toEqual(info);
    expect(readVersionInfo(FALLBACK_VERSION_INFO)).toEqual(FALLBACK_VERSION_INFO);
  });

  it('accepts exactly what the schema accepts', () => {
    const samples: unknown[] = [
      info,
      { ...info, extra: 1 },
      { ...info, gitCommit: 7 },
      { ...info, version: undefined },
      { version: '1' },
      null,
      'v1',
      [],
      42,
    ];
    for (const sample of samples) {
      expect(readVersionInfo(sample) !== null, JSON.stringify(sample)).toBe(
        versionInfoSchema.safeParse(sample).success,
      );
    }
  });
});
