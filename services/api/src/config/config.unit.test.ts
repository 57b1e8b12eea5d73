import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONFIG_KEYS, ConfigError, loadConfig } from './config.js';

describe('configuration', () => {
  it('defaults to the embedded profile on ./data and port 3000', () => {
    const c = loadConfig({}, '/srv/onsite');
    expect(c).toMatchObject({ profile: 'embedded', port: 3000, dataDir: '/srv/onsite/data', seedDemo: true, maxUploadBytes: 20 * 1024 * 1024 });
  });

  it('honours PORT and DATA_DIR', () => {
    expect(loadConfig({ PORT: '8080', DATA_DIR: '/tmp/x' }, '/srv')).toMatchObject({ port: 8080, dataDir: '/tmp/x' });
  });

  it('lists every bad key at once', () => {
    try {
      loadConfig({ PORT: 'eighty', PROFILE: 'postgres', SESSION_IDLE_MINUTES: '-5', SEED_DEMO: 'maybe' });
      throw new Error('expected a ConfigError');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.map((p) => p.split(':')[0]);
      expect(problems).toEqual(expect.arrayContaining(['PORT', 'SESSION_IDLE_MINUTES', 'SEED_DEMO']));
    }
  });

  it('requires DATABASE_URL for the postgres profile', () => {
    expect(() => loadConfig({ PROFILE: 'postgres' })).toThrow(/DATABASE_URL: is required when PROFILE=postgres/);
  });
});

describe('.env.example', () => {
  const example = readFileSync(join(__dirname, '../../../../.env.example'), 'utf8');
  const entries = Object.fromEntries([...example.matchAll(/^([A-Z_]+)=(.*)$/gm)].map((m) => [m[1]!, m[2]!]));

  it('documents every variable the server reads', () => {
    expect(CONFIG_KEYS.filter((key) => !(key in entries))).toEqual([]);
  });

  it('is a valid configuration as it stands', () => {
    expect(loadConfig(entries, '/srv/onsite')).toMatchObject({ profile: 'embedded', port: 3000 });
  });
});
