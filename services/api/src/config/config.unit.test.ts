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
    // The in-memory database stays one, rather than a folder named 'memory:' in the working directory.
    expect(loadConfig({ DATA_DIR: 'memory://' }, '/srv').dataDir).toBe('memory://');
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

  it('listens on loopback in the embedded profile unless HOST says otherwise, and on every interface elsewhere', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ PROFILE: 'postgres', DATABASE_URL: 'postgres://x@127.0.0.1/db' }).host).toBe('0.0.0.0');
  });

  it('builds message links for the port it listens on unless PUBLIC_URL is set', () => {
    expect(loadConfig({ PORT: '3100' }).publicUrl).toBe('http://127.0.0.1:3100');
    expect(loadConfig({ HOST: '0.0.0.0' }).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ PUBLIC_URL: 'https://onsite.example.com/' }).publicUrl).toBe('https://onsite.example.com');
  });

  it('trusts no proxy unless told which', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe('10.0.0.0/8,127.0.0.1');
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });

  it('keeps the dev outbox to the embedded profile without a mail transport', () => {
    expect(loadConfig({}).devOutbox).toBe(true);
    expect(loadConfig({ SMTP_URL: 'smtp://mail.example.test:25' }).devOutbox).toBe(false);
    expect(loadConfig({ PROFILE: 'postgres', DATABASE_URL: 'postgres://x@127.0.0.1/db' }).devOutbox).toBe(false);
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
