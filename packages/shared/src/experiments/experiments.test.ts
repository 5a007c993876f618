import { describe, expect, it } from 'vitest';
import {
  BUCKET_COUNT,
  CONTROL_GROUP,
  EXPERIMENTS,
  bucketOf,
  buildOverrides,
  fnv1a32,
  isEnabled,
  parseExperimentQuery,
  resolveAllGroups,
  resolveGroup,
  type ExperimentRegistry,
} from './experiments.ts';

const registry: ExperimentRegistry = {
  three_way: {
    description: 'test',
    groups: [
      { name: 'control', percent: 10 },
      { name: 'a', percent: 30 },
      { name: 'b', percent: 60 },
    ],
  },
  all_on: { description: 'test', groups: [{ name: 'enabled', percent: 100 }] },
  all_off: {
    description: 'test',
    groups: [
      { name: 'control', percent: 100 },
      { name: 'enabled', percent: 0 },
    ],
  },
};

const ids = Array.from({ length: 10_000 }, (_, i) => `visitor-${i + 1}`);

function tally(name: string, reg: ExperimentRegistry = EXPERIMENTS): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const id of ids) {
    const group = resolveGroup(name, id, {}, reg);
    counts[group] = (counts[group] ?? 0) + 1;
  }
  return counts;
}

describe('fnv1a32', () => {
  it('matches the published FNV-1a test vectors', () => {
    expect(fnv1a32('')).toBe(0x811c9dc5);
    expect(fnv1a32('a')).toBe(0xe40c292c);
    expect(fnv1a32('foobar')).toBe(0xbf9cf968);
  });

  it('hashes UTF-8 bytes, not UTF-16 code units', () => {
    // é is C3 A9 in UTF-8; hashing the single code unit E9 would give 0x6c0b6c44.
    expect(fnv1a32('\u00e9')).toBe(0x1e9de8c1);
  });
});

describe('bucketOf', () => {
  it('is deterministic and within range', () => {
    for (const id of ids.slice(0, 500)) {
      const bucket = bucketOf('web_increased_min_password_length', id);
      expect(bucket).toBe(bucketOf('web_increased_min_password_length', id));
      expect(bucket).toBeGreaterThanOrEqual(0);
      expect(bucket).toBeLessThan(BUCKET_COUNT);
      expect(Number.isInteger(bucket)).toBe(true);
    }
  });

  it('buckets the same id differently per experiment', () => {
    const differing = ids.slice(0, 200).filter((id) => bucketOf('one', id) !== bucketOf('two', id));
    expect(differing.length).toBeGreaterThan(190);
  });
});

describe('the registry', () => {
  it('defines the spec experiments', () => {
    expect(Object.keys(EXPERIMENTS)).toEqual(
      expect.arrayContaining(['web_increased_min_password_length', 'web_kr_privacy_consent_step']),
    );
  });

  it('gives every experiment a control group, distinct group names and 100 %', () => {
    const definitions: ExperimentRegistry = EXPERIMENTS;
    for (const definition of Object.values(definitions)) {
      const names = definition.groups.map((group) => group.name);
      expect(names).toContain(CONTROL_GROUP);
      expect(new Set(names).size).toBe(names.length);
      const basisPoints = definition.groups.reduce(
        (sum, group) => sum + Math.round(group.percent * 100),
        0,
      );
      expect(basisPoints).toBe(BUCKET_COUNT);
    }
  });
});

describe('resolveGroup', () => {
  it('is deterministic for an id', () => {
    for (const id of ids.slice(0, 200)) {
      expect(resolveGroup('web_increased_min_password_length', id)).toBe(
        resolveGroup('web_increased_min_password_length', id),
      );
    }
  });

  it('splits 10 000 ids close to the configured percentages', () => {
    const half = tally('web_increased_min_password_length');
    expect(Object.keys(half).sort()).toEqual(['control', 'enabled']);
    expect(Math.abs((half['enabled'] ?? 0) - 5000)).toBeLessThan(250);

    const threeWay = tally('three_way', registry);
    expect(Math.abs((threeWay['control'] ?? 0) - 1000)).toBeLessThan(150);
    expect(Math.abs((threeWay['a'] ?? 0) - 3000)).toBeLessThan(250);
    expect(Math.abs((threeWay['b'] ?? 0) - 6000)).toBeLessThan(250);
  });

  it('puts everyone in a 100 % group and nobody in a 0 % group', () => {
    expect(tally('all_on', registry)).toEqual({ enabled: ids.length });
    expect(tally('all_off', registry)).toEqual({ control: ids.length });
    expect(tally('web_kr_privacy_consent_step')).toEqual({ enabled: ids.length });
  });

  it('returns control for an unknown experiment, even when overridden', () => {
    expect(resolveGroup('no_such_experiment', 'visitor-1')).toBe(CONTROL_GROUP);
    expect(resolveGroup('no_such_experiment', 'visitor-1', { no_such_experiment: 'enabled' })).toBe(
      CONTROL_GROUP,
    );
    expect(resolveGroup('toString', 'visitor-1')).toBe(CONTROL_GROUP);
  });

  it('returns control without an id unless overridden', () => {
    expect(resolveGroup('all_on', '', {}, registry)).toBe('control');
    expect(resolveGroup('all_on', null, {}, registry)).toBe('control');
    expect(resolveGroup('all_on', undefined, {}, registry)).toBe('control');
    expect(resolveGroup('all_off', null, { all_off: 'enabled' }, registry)).toBe('enabled');
  });

  it('lets an override beat bucketing, including into a 0 % group', () => {
    for (const id of ids.slice(0, 50)) {
      expect(resolveGroup('all_off', id, { all_off: 'enabled' }, registry)).toBe('enabled');
      expect(resolveGroup('three_way', id, { three_way: 'a' }, registry)).toBe('a');
    }
  });

  it('ignores an override naming a group the experiment does not have', () => {
    expect(resolveGroup('all_off', 'visitor-1', { all_off: 'turbo' }, registry)).toBe('control');
  });
});

describe('isEnabled', () => {
  it('is true for any group but control', () => {
    expect(isEnabled('all_on', 'visitor-1', {}, registry)).toBe(true);
    expect(isEnabled('all_off', 'visitor-1', {}, registry)).toBe(false);
    expect(isEnabled('three_way', 'visitor-1', { three_way: 'b' }, registry)).toBe(true);
    expect(isEnabled('three_way', 'visitor-1', { three_way: 'control' }, registry)).toBe(false);
    expect(isEnabled('no_such_experiment', 'visitor-1')).toBe(false);
  });

  it('uses the real registry by default', () => {
    expect(
      isEnabled('web_increased_min_password_length', 'visitor-1', {
        web_increased_min_password_length: 'enabled',
      }),
    ).toBe(true);
    expect(
      isEnabled('web_increased_min_password_length', 'visitor-1', {
        web_increased_min_password_length: 'control',
      }),
    ).toBe(false);
  });
});

describe('resolveAllGroups', () => {
  it('resolves every registered experiment', () => {
    const groups = resolveAllGroups('visitor-1', { web_increased_min_password_length: 'enabled' });
    expect(Object.keys(groups).sort()).toEqual(Object.keys(EXPERIMENTS).sort());
    expect(groups.web_increased_min_password_length).toBe('enabled');
    expect(groups.web_kr_privacy_consent_step).toBe('enabled');
  });
});

describe('parseExperimentQuery', () => {
  it('parses name:group pairs, with or without the leading ?', () => {
    expect(parseExperimentQuery('?exp=a:enabled,b:control&x=1', false)).toEqual({
      a: 'enabled',
      b: 'control',
    });
    expect(parseExperimentQuery('exp=a:enabled', false)).toEqual({ a: 'enabled' });
  });

  it('decodes the value and tolerates spaces and repeated parameters; the last mention wins', () => {
    expect(parseExperimentQuery('?exp=a%3Aenabled%2C%20b%3Acontrol&exp=a:control', false)).toEqual({
      a: 'control',
      b: 'control',
    });
  });

  it('skips malformed pairs', () => {
    expect(parseExperimentQuery('?exp=a,b:,:c,d:e:f,g h:i,ok:on', false)).toEqual({ ok: 'on' });
  });

  it('returns nothing without the parameter', () => {
    expect(parseExperimentQuery('', false)).toEqual({});
    expect(parseExperimentQuery('?q=shoes', false)).toEqual({});
  });

  it('is ignored in production', () => {
    expect(parseExperimentQuery('?exp=a:enabled', true)).toEqual({});
  });
});

describe('buildOverrides', () => {
  const name = 'web_increased_min_password_length';

  it('lets ?exp= beat the server config outside production', () => {
    const overrides = buildOverrides({
      config: { [name]: 'control' },
      search: `?exp=${name}:enabled`,
      isProduction: false,
    });
    expect(resolveGroup(name, 'visitor-1', overrides)).toBe('enabled');
  });

  it('keeps the server config in production', () => {
    const overrides = buildOverrides({
      config: { [name]: 'control' },
      search: `?exp=${name}:enabled`,
      isProduction: true,
    });
    expect(overrides).toEqual({ [name]: 'control' });
    for (const id of ids.slice(0, 100)) expect(resolveGroup(name, id, overrides)).toBe('control');
  });

  it('falls back to the config when ?exp= names an unknown group', () => {
    const overrides = buildOverrides({
      config: { [name]: 'enabled' },
      search: `?exp=${name}:turbo`,
      isProduction: false,
    });
    expect(overrides).toEqual({ [name]: 'enabled' });
  });

  it('drops unknown experiments and groups from the config', () => {
    expect(
      buildOverrides({ config: { nope: 'enabled', [name]: 'turbo' }, isProduction: false }),
    ).toEqual({});
  });

  it('accepts a custom registry', () => {
    expect(buildOverrides({ search: '?exp=three_way:b', isProduction: false, registry })).toEqual({
      three_way: 'b',
    });
  });
});
