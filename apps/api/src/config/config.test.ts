import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  DEFAULT_HOST,
  DEFAULT_PORT,
  DEFAULT_RATE_LIMIT_MAX,
  loadConfig,
} from './config.ts';

describe('loadConfig', () => {
  it('has safe defaults: loopback, port 3000, ./data, public URL from the port', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config).toMatchObject({
      port: DEFAULT_PORT,
      host: DEFAULT_HOST,
      dataDir: '/srv/app/data',
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      s3: undefined,
      logLevel: 'info',
      nodeEnv: 'development',
      rateLimitMax: DEFAULT_RATE_LIMIT_MAX,
      trustProxy: false,
    });
    expect(DEFAULT_HOST).toBe('127.0.0.1');
    expect(config.webDist).toMatch(/apps\/web\/dist$/);
  });

  it('reads every variable and normalises URLs and paths', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        HOST: '0.0.0.0',
        DATA_DIR: 'var/data',
        DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/corkboard',
        PUBLIC_URL: 'https://pins.example/',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        WEB_DIST: 'build/web',
        RATE_LIMIT_MAX: '50',
        TRUST_PROXY: 'true',
      },
      '/srv/app',
    );
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/srv/app/var/data',
      databaseUrl: 'postgres://u:p@127.0.0.1:5432/corkboard',
      publicUrl: 'https://pins.example',
      logLevel: 'warn',
      nodeEnv: 'production',
      webDist: '/srv/app/build/web',
      rateLimitMax: 50,
      trustProxy: true,
    });
  });

  it('leaves S3 credentials to the SDK default chain when neither key is set', () => {
    const config = loadConfig({ S3_BUCKET: 'media', S3_PUBLIC_URL: 'https://cdn.example' });
    expect(config.s3).toMatchObject({
      bucket: 'media',
      accessKeyId: undefined,
      secretAccessKey: undefined,
    });
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '', S3_BUCKET: '' }).port).toBe(DEFAULT_PORT);
  });

  it('builds the S3 settings when a bucket is configured', () => {
    const config = loadConfig({
      S3_BUCKET: 'media',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PUBLIC_URL: 'https://cdn.example/media/',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: '1',
    });
    expect(config.s3).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      bucket: 'media',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      publicUrl: 'https://cdn.example/media',
      forcePathStyle: true,
    });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ PUBLIC_URL: 'localhost:3000' }, 'PUBLIC_URL'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ RATE_LIMIT_MAX: '0' }, 'RATE_LIMIT_MAX'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY'],
    [{ S3_BUCKET: 'media' }, 'S3_PUBLIC_URL'],
    [{ FETCH_ALLOW_HOSTS: '127.0.0.1:*, images.internal:http' }, 'FETCH_ALLOW_HOSTS'],
    [{ PROCESS_ROLE: 'scheduler' }, 'PROCESS_ROLE'],
    [
      { S3_BUCKET: 'media', S3_PUBLIC_URL: 'https://cdn.example', S3_ACCESS_KEY_ID: 'key' },
      'set both or neither',
    ],
  ])('refuses %j, naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });

  it('runs API and workers in one process unless PROCESS_ROLE says otherwise (decision 139)', () => {
    expect(loadConfig({}).processRole).toBe('all');
    expect(loadConfig({ PROCESS_ROLE: 'api' }).processRole).toBe('api');
    expect(loadConfig({ PROCESS_ROLE: 'worker' }).processRole).toBe('worker');
  });
});
