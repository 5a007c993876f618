import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  PIN_CREATE_COPY,
  PIN_IMAGE_BASE64_MAX_LENGTH,
  PIN_IMAGE_MAX_BYTES,
  SECTION_INITIAL_PINS_MAX,
  boardCreateOptionsSchema,
  boardSectionCreateOptionsSchema,
  entityIdSchema,
  isHttpUrl,
  pinCreateOptionsSchema,
  repinCreateOptionsSchema,
  reportedCreateMethod,
  shareFlagsForBoard,
} from './schemas.ts';

/** `path → reason` of every issue, for compact assertions. */
function reasons(error: z.ZodError | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error?.issues ?? []) {
    const reason: unknown = issue.code === 'custom' ? issue.params?.['reason'] : undefined;
    out[issue.path.join('.')] = typeof reason === 'string' ? reason : issue.code;
  }
  return out;
}

describe('entityIdSchema', () => {
  it.each(['1', '42', '9223372036854775807'])('accepts %s', (id) => {
    expect(entityIdSchema.safeParse(id).success).toBe(true);
  });
  it.each(['0', '01', '-1', '1.5', 'abc', '', '9223372036854775808', '12345678901234567890'])(
    'rejects %j',
    (id) => {
      expect(entityIdSchema.safeParse(id).success).toBe(false);
    },
  );
  it('rejects numbers: ids travel as strings', () => {
    expect(entityIdSchema.safeParse(42).success).toBe(false);
  });
});

describe('isHttpUrl', () => {
  it.each([
    ['https://example.com/a?b=c', true],
    ['http://127.0.0.1:8080/', true],
    ['ftp://example.com/', false],
    ['javascript:alert(1)', false],
    ['data:image/png;base64,AAAA', false],
    ['/relative/path', false],
    ['https://bank.example@evil.example/', false],
    ['https://user:pass@example.com/', false],
  ])('%s → %s', (url, ok) => {
    expect(isHttpUrl(url)).toBe(ok);
  });
});

describe('boardCreateOptionsSchema', () => {
  it('normalises the name and applies defaults', () => {
    expect(boardCreateOptionsSchema.parse({ name: '  Places   to Go ' })).toEqual({
      name: 'Places to Go',
      privacy: 'public',
      description: '',
    });
  });

  it('gives the spec sentences for the name', () => {
    const missing = boardCreateOptionsSchema.safeParse({ name: '   ' });
    expect(missing.error?.issues[0]?.message).toBe("Don't forget to name your board!");
    expect(reasons(missing.error)).toEqual({ name: 'required' });
    const absent = boardCreateOptionsSchema.safeParse({});
    expect(absent.error?.issues[0]?.message).toBe("Don't forget to name your board!");
    const long = boardCreateOptionsSchema.safeParse({ name: 'x'.repeat(51) });
    expect(long.error?.issues[0]?.message).toBe('Please enter no more than 50 characters.');
    expect(reasons(long.error)).toEqual({ name: 'too_long' });
  });

  it('accepts public and secret only', () => {
    expect(boardCreateOptionsSchema.parse({ name: 'a', privacy: 'secret' }).privacy).toBe('secret');
    expect(
      reasons(boardCreateOptionsSchema.safeParse({ name: 'a', privacy: 'protected' }).error),
    ).toEqual({ privacy: 'invalid_value' });
  });

  it('takes the optional advertiser, description and picker source', () => {
    expect(
      boardCreateOptionsSchema.parse({
        name: 'Ads',
        description: ' Spring campaign ',
        advertiser_id: '77',
        aux_data: { source: 'board_picker' },
      }),
    ).toEqual({
      name: 'Ads',
      privacy: 'public',
      description: 'Spring campaign',
      advertiser_id: '77',
      aux_data: { source: 'board_picker' },
    });
    expect(boardCreateOptionsSchema.parse({ name: 'a', advertiser_id: '' }).advertiser_id).toBe(
      undefined,
    );
    expect(
      reasons(
        boardCreateOptionsSchema.safeParse({ name: 'a', description: 'd'.repeat(501) }).error,
      ),
    ).toEqual({ description: 'too_big' });
  });
});

describe('boardSectionCreateOptionsSchema', () => {
  it('trims the name, defaults name_source to typed and pinImport to off, de-duplicates initial pins', () => {
    expect(
      boardSectionCreateOptionsSchema.parse({
        board_id: '5',
        name: '  Lighting ',
        initial_pins: ['1', '2', '1'],
      }),
    ).toEqual({
      board_id: '5',
      name: 'Lighting',
      name_source: 0,
      initial_pins: ['1', '2'],
      pinImport: false,
    });
  });

  it('accepts name_source 0, 1 and 2 only', () => {
    for (const source of [0, 1, 2]) {
      expect(
        boardSectionCreateOptionsSchema.parse({ board_id: '5', name: 'a', name_source: source })
          .name_source,
      ).toBe(source);
    }
    expect(
      boardSectionCreateOptionsSchema.safeParse({ board_id: '5', name: 'a', name_source: 3 })
        .success,
    ).toBe(false);
  });

  it('rejects a blank name and too many initial pins', () => {
    expect(
      reasons(boardSectionCreateOptionsSchema.safeParse({ board_id: '5', name: ' ' }).error),
    ).toEqual({ name: 'required' });
    const pins = Array.from({ length: SECTION_INITIAL_PINS_MAX + 1 }, (_, i) => String(i + 1));
    expect(
      reasons(
        boardSectionCreateOptionsSchema.safeParse({ board_id: '5', name: 'a', initial_pins: pins })
          .error,
      ),
    ).toEqual({ initial_pins: 'too_big' });
  });
});

describe('pinCreateOptionsSchema', () => {
  const base = { board_id: '10' };

  it('parses a bookmarklet save', () => {
    expect(
      pinCreateOptionsSchema.parse({
        ...base,
        image_url: 'https://cdn.example.com/cake.jpg',
        link: 'https://example.com/cake',
        description: ' Best cake ',
        title: 'Cake',
        color: '#A1B2C3',
        guid: 'a1b2c3d4-0000-4000-8000-000000000000',
        method: 'bookmarklet',
        section: '',
        share_facebook: true,
      }),
    ).toEqual({
      board_id: '10',
      image_url: 'https://cdn.example.com/cake.jpg',
      link: 'https://example.com/cake',
      description: 'Best cake',
      title: 'Cake',
      color: '#a1b2c3',
      guid: 'a1b2c3d4-0000-4000-8000-000000000000',
      method: 'bookmarklet',
      share_facebook: true,
      share_twitter: false,
    });
  });

  it('needs exactly one image source', () => {
    const none = pinCreateOptionsSchema.safeParse(base);
    expect(reasons(none.error)).toEqual({ image_url: 'image_source_missing' });
    expect(none.error?.issues[0]?.message).toBe(PIN_CREATE_COPY.imageSource);
    const two = pinCreateOptionsSchema.safeParse({
      ...base,
      image_url: 'https://example.com/a.png',
      media_upload_id: '3',
    });
    expect(reasons(two.error)).toEqual({ image_url: 'image_source_conflict' });
    expect(pinCreateOptionsSchema.safeParse({ ...base, media_upload_id: '3' }).success).toBe(true);
    // Empty fields from a form are "not given".
    expect(
      pinCreateOptionsSchema.safeParse({ ...base, media_upload_id: '3', image_url: '' }).success,
    ).toBe(true);
  });

  it('accepts base64, bare or as a data URL, and strips line breaks', () => {
    const parsed = pinCreateOptionsSchema.parse({
      ...base,
      image_base64: 'data:image/png;base64,iVBO\r\nRw0K',
    });
    expect(parsed.image_base64).toBe('iVBORw0K');
    expect(
      reasons(pinCreateOptionsSchema.safeParse({ ...base, image_base64: 'not base64!' }).error),
    ).toEqual({ image_base64: 'invalid_base64' });
  });

  it('limits base64 to the 32 MiB image limit', () => {
    expect(PIN_IMAGE_MAX_BYTES).toBe(32 * 1024 * 1024);
    const tooLarge = 'A'.repeat(PIN_IMAGE_BASE64_MAX_LENGTH + 4);
    expect(
      reasons(pinCreateOptionsSchema.safeParse({ ...base, image_base64: tooLarge }).error),
    ).toEqual({ image_base64: 'too_large' });
  });

  it('rejects unsafe or malformed URLs and out-of-range fields', () => {
    const result = pinCreateOptionsSchema.safeParse({
      ...base,
      image_url: 'file:///etc/passwd',
      link: 'javascript:alert(1)',
      title: 't'.repeat(101),
      description: 'd'.repeat(501),
      color: 'red',
      method: 'scrape',
      guid: 'has space',
      is_buyable_pin: true,
    });
    expect(reasons(result.error)).toEqual({
      image_url: 'invalid_url',
      link: 'invalid_url',
      title: 'too_big',
      description: 'too_big',
      color: 'invalid_format',
      method: 'invalid_value',
      guid: 'invalid_format',
      is_buyable_pin: 'invalid_value',
    });
  });

  it('bounds URLs at 2048 characters', () => {
    const long = `https://example.com/${'a'.repeat(2048)}`;
    expect(reasons(pinCreateOptionsSchema.safeParse({ ...base, image_url: long }).error)).toEqual({
      image_url: 'too_big',
    });
  });
});

describe('repinCreateOptionsSchema', () => {
  it('needs the pin id and no image', () => {
    expect(repinCreateOptionsSchema.parse({ board_id: '1', pin_id: '2', section: '3' })).toEqual({
      board_id: '1',
      pin_id: '2',
      section: '3',
      description: '',
      title: '',
      method: 'create',
      share_facebook: false,
      share_twitter: false,
    });
    expect(reasons(repinCreateOptionsSchema.safeParse({ board_id: '1' }).error)).toEqual({
      pin_id: 'invalid_type',
    });
  });
});

describe('helpers', () => {
  it('sends share flags only for boards that are not secret', () => {
    expect(shareFlagsForBoard('secret', { share_facebook: true })).toEqual({});
    expect(shareFlagsForBoard('public', { share_facebook: true })).toEqual({
      share_facebook: true,
      share_twitter: false,
    });
    expect(shareFlagsForBoard('protected', {})).toEqual({
      share_facebook: false,
      share_twitter: false,
    });
  });

  it('reports a button save without guid as button_external', () => {
    expect(reportedCreateMethod('button', undefined)).toBe('button_external');
    expect(reportedCreateMethod('button', '')).toBe('button_external');
    expect(reportedCreateMethod('button', 'g1')).toBe('button');
    expect(reportedCreateMethod('bookmarklet', undefined)).toBe('bookmarklet');
  });
});
