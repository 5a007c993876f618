// The authentication settings of loadConfig (AUTH_SECRET, SMTP, captcha, EXPERIMENTS).
import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  DEFAULT_RECAPTCHA_ENDPOINT,
  loadConfig,
  parseExperimentsEnv,
} from './config.ts';

describe('auth configuration', () => {
  it('defaults to ALTCHA, the dev mailbox and a From on the public host', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://pins.example' }, '/srv');
    expect(config.captcha).toEqual({
      provider: 'altcha',
      altchaHmacKey: undefined,
      recaptcha: undefined,
    });
    expect(config.smtpUrl).toBeUndefined();
    expect(config.mailFrom).toBe('Corkboard <no-reply@pins.example>');
    expect(config.authSecret).toBeUndefined();
    expect(config.experiments).toEqual({});
  });

  it('reads reCAPTCHA Enterprise settings, with the checkbox key defaulting to the site key', () => {
    const config = loadConfig({
      CAPTCHA_PROVIDER: 'recaptcha',
      RECAPTCHA_PROJECT_ID: 'proj',
      RECAPTCHA_SITE_KEY: 'site',
      RECAPTCHA_API_KEY: 'key',
      RECAPTCHA_SCORE_THRESHOLD: '0.7',
      SMTP_URL: 'smtps://user:pass@mail.example:465',
      AUTH_SECRET: 's'.repeat(32),
    });
    expect(config.captcha.recaptcha).toEqual({
      endpoint: DEFAULT_RECAPTCHA_ENDPOINT,
      projectId: 'proj',
      siteKey: 'site',
      challengeSiteKey: 'site',
      apiKey: 'key',
      scoreThreshold: 0.7,
    });
    expect(config.smtpUrl).toBe('smtps://user:pass@mail.example:465');
  });

  it('fails loudly on incomplete or malformed settings', () => {
    expect(() => loadConfig({ CAPTCHA_PROVIDER: 'recaptcha' })).toThrow(ConfigError);
    expect(() => loadConfig({ CAPTCHA_PROVIDER: 'hcaptcha' })).toThrow(ConfigError);
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example' })).toThrow(ConfigError);
    expect(() => loadConfig({ AUTH_SECRET: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ EXPERIMENTS: 'web_increased_min_password_length:maybe' })).toThrow(
      ConfigError,
    );
  });

  it('parses EXPERIMENTS and names every problem', () => {
    expect(
      parseExperimentsEnv(
        'web_increased_min_password_length:enabled, web_kr_privacy_consent_step:control',
      ),
    ).toEqual({
      overrides: {
        web_increased_min_password_length: 'enabled',
        web_kr_privacy_consent_step: 'control',
      },
      problems: [],
    });
    expect(
      parseExperimentsEnv('nope:enabled,web_kr_privacy_consent_step:sometimes').problems,
    ).toHaveLength(2);
    expect(parseExperimentsEnv(undefined)).toEqual({ overrides: {}, problems: [] });
  });
});
