import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  executeRecaptcha,
  recaptchaScriptUrl,
  RECAPTCHA_ENTERPRISE_SCRIPT,
} from './recaptchaClient.ts';

function loaderScript(): HTMLScriptElement | null {
  return document.head.querySelector(`script[src^="${RECAPTCHA_ENTERPRISE_SCRIPT}"]`);
}

afterEach(() => {
  loaderScript()?.remove();
  delete window.grecaptcha;
});

describe('reCAPTCHA Enterprise browser adapter', () => {
  it('builds the loader URL with the site key as render parameter', () => {
    expect(recaptchaScriptUrl('key one')).toBe(`${RECAPTCHA_ENTERPRISE_SCRIPT}?render=key+one`);
  });

  it('loads the script once and executes the action with the site key', async () => {
    const execute = vi.fn((_key: string, options: { action: string }) =>
      Promise.resolve(`token-for-${options.action}`),
    );
    const pending = executeRecaptcha('site-a', 'web_unauth', 5_000);
    const script = loaderScript();
    expect(script?.src).toBe(recaptchaScriptUrl('site-a'));
    window.grecaptcha = { enterprise: { ready: (callback) => callback(), execute } };
    script?.dispatchEvent(new Event('load'));
    await expect(pending).resolves.toBe('token-for-web_unauth');

    await expect(executeRecaptcha('site-a', 'web_reset_password', 5_000)).resolves.toBe(
      'token-for-web_reset_password',
    );
    expect(
      document.head.querySelectorAll(`script[src^="${RECAPTCHA_ENTERPRISE_SCRIPT}"]`),
    ).toHaveLength(1);
    expect(execute).toHaveBeenCalledWith('site-a', { action: 'web_reset_password' });
  });

  it('rejects when the script fails to load, and tries again next time', async () => {
    const failing = executeRecaptcha('site-b', 'web_unauth', 5_000);
    loaderScript()?.dispatchEvent(new Event('error'));
    await expect(failing).rejects.toThrow('reCAPTCHA could not be loaded');
    loaderScript()?.remove();

    const retry = executeRecaptcha('site-b', 'web_unauth', 5_000);
    expect(loaderScript()).not.toBeNull();
    window.grecaptcha = {
      enterprise: { ready: (callback) => callback(), execute: () => Promise.resolve('ok') },
    };
    loaderScript()?.dispatchEvent(new Event('load'));
    await expect(retry).resolves.toBe('ok');
  });
});
