import { describe, expect, it } from 'vitest';
import {
  findHashtags,
  hashtagAtCaret,
  hashtagQueryPrefix,
  hashtagSearchPath,
  HASHTAG_MAX_LENGTH,
  HASHTAGS_PER_PIN_MAX,
  insertHashtag,
  normalizeHashtag,
  parseHashtags,
  splitHashtags,
} from './hashtags.ts';

describe('parseHashtags (saving.md §5: a # followed by characters other than punctuation or spaces)', () => {
  it('finds tags anywhere in the text, lower-cased, in order, without repeats', () => {
    expect(parseHashtags('#DIY shelf for the #kitchen, then more #diy!')).toEqual([
      'diy',
      'kitchen',
    ]);
  });

  it('ends a tag at punctuation and at any space', () => {
    expect(parseHashtags('#one.#two,#three;#four:#five!#six?')).toEqual([
      'one',
      'two',
      'three',
      'four',
      'five',
      'six',
    ]);
    expect(parseHashtags('#one. #two, #three; (#four) "#five" #six-seven')).toEqual([
      'one',
      'two',
      'three',
      'four',
      'five',
      'six',
    ]);
    expect(parseHashtags('#tab\there #nbsp\u00a0here #ideographic\u3000space')).toEqual([
      'tab',
      'nbsp',
      'ideographic',
    ]);
  });

  it('treats ASCII symbols as punctuation but keeps the underscore', () => {
    expect(parseHashtags('#a$b #c+d #e<f #g=h #i>j #k^l #m`n #o|p #q~r')).toEqual([
      'a',
      'c',
      'e',
      'g',
      'i',
      'k',
      'm',
      'o',
      'q',
    ]);
    expect(parseHashtags('#mid_century #_under')).toEqual(['mid_century', '_under']);
  });

  it('keeps letters and digits of every script, emoji and joiners', () => {
    expect(parseHashtags('#café #Straße #東京 #サクラ #مرحبا #हिन्दी #2024 #🌮tuesday')).toEqual([
      'café',
      'straße',
      '東京',
      'サクラ',
      'مرحبا',
      'हिन्दी',
      '2024',
      '🌮tuesday',
    ]);
    // A family emoji is several code points held together by zero-width joiners.
    expect(parseHashtags('#👨‍👩‍👧 trip')).toEqual(['👨‍👩‍👧']);
  });

  it('stops at Unicode punctuation', () => {
    expect(parseHashtags('#日本。#fin… #guillemets« #dash—x #¿qué')).toEqual([
      '日本',
      'fin',
      'guillemets',
      'dash',
    ]);
  });

  it('normalises to NFC so composed and decomposed spellings are one tag', () => {
    const decomposed = '#cafe\u0301';
    const composed = '#caf\u00e9';
    expect(parseHashtags(`${decomposed} ${composed}`)).toEqual(['café']);
    expect(normalizeHashtag('CAFE\u0301')).toBe('café');
  });

  it('does not start a tag inside a word, after a bare #, or with a combining mark', () => {
    expect(parseHashtags('C# and F#, page#anchor, a#b, https://x.example/#top')).toEqual([]);
    expect(parseHashtags('see www.x.example/#top and HTTP://x.example/a#b #real')).toEqual([
      'real',
    ]);
    expect(parseHashtags('# alone, #, ## and #.')).toEqual([]);
    expect(parseHashtags('##double')).toEqual(['double']);
    expect(parseHashtags('keycap #️⃣ sign')).toEqual([]);
  });

  it('drops tags over the length limit instead of cutting them', () => {
    const longest = 'a'.repeat(HASHTAG_MAX_LENGTH);
    expect(parseHashtags(`#${longest}`)).toEqual([longest]);
    expect(parseHashtags(`#${longest}b #short`)).toEqual(['short']);
    // Counted in code points: 100 emoji are 200 UTF-16 units and still one tag.
    expect(parseHashtags(`#${'🌮'.repeat(HASHTAG_MAX_LENGTH)}`)).toHaveLength(1);
  });

  it(`keeps at most ${HASHTAGS_PER_PIN_MAX} distinct tags`, () => {
    const text = Array.from({ length: 40 }, (_, i) => `#t${i}`).join(' ');
    const tags = parseHashtags(text);
    expect(tags).toHaveLength(HASHTAGS_PER_PIN_MAX);
    expect(tags[0]).toBe('t0');
    expect(tags.at(-1)).toBe(`t${HASHTAGS_PER_PIN_MAX - 1}`);
  });

  it('answers nothing for text without tags', () => {
    expect(parseHashtags('')).toEqual([]);
    expect(parseHashtags('Price: $5 #')).toEqual([]);
  });
});

describe('splitHashtags and findHashtags', () => {
  it('cuts text into runs and tags that join back into the text', () => {
    const text = 'Shelf #DIY, oak (#woodwork) done';
    const segments = splitHashtags(text);
    expect(segments).toEqual([
      { kind: 'text', text: 'Shelf ', start: 0 },
      { kind: 'hashtag', text: '#DIY', tag: 'diy', start: 6 },
      { kind: 'text', text: ', oak (', start: 10 },
      { kind: 'hashtag', text: '#woodwork', tag: 'woodwork', start: 17 },
      { kind: 'text', text: ') done', start: 26 },
    ]);
    expect(segments.map((segment) => segment.text).join('')).toBe(text);
    expect(findHashtags(text).map((match) => [match.start, match.end])).toEqual([
      [6, 10],
      [17, 26],
    ]);
  });

  it('links a tag to the pin search for it', () => {
    expect(hashtagSearchPath('café')).toBe('/search/pins/?q=%23caf%C3%A9');
  });
});

describe('hashtagAtCaret', () => {
  it('finds the tag being typed at the caret', () => {
    expect(hashtagAtCaret('new #woo', 8)).toEqual({ start: 4, end: 8, fragment: 'woo' });
    expect(hashtagAtCaret('#', 1)).toEqual({ start: 0, end: 1, fragment: '' });
    expect(hashtagAtCaret('#wood and more', 3)).toEqual({ start: 0, end: 3, fragment: 'wo' });
  });

  it('answers null outside a tag', () => {
    expect(hashtagAtCaret('#wood done', 10)).toBeNull();
    expect(hashtagAtCaret('C#', 2)).toBeNull();
    expect(hashtagAtCaret('#a.b', 4)).toBeNull();
    expect(hashtagAtCaret('no tags', 7)).toBeNull();
  });
});

describe('hashtagQueryPrefix', () => {
  it('drops the # and normalises', () => {
    expect(hashtagQueryPrefix('#DIY')).toBe('diy');
    expect(hashtagQueryPrefix('Caf\u0065\u0301')).toBe('café');
  });

  it('answers null for nothing to look up', () => {
    expect(hashtagQueryPrefix('#')).toBeNull();
    expect(hashtagQueryPrefix('  ')).toBeNull();
    expect(hashtagQueryPrefix('#a b')).toBeNull();
    expect(hashtagQueryPrefix('#a.')).toBeNull();
  });
});

describe('insertHashtag', () => {
  it('replaces the draft and the rest of its word, then a space', () => {
    const draft = hashtagAtCaret('A #wo shelf', 5);
    if (!draft) throw new Error('no draft');
    expect(insertHashtag('A #wo shelf', draft, '#woodwork')).toEqual({
      text: 'A #woodwork shelf',
      caret: 12,
    });
    const mid = hashtagAtCaret('#woXYZ', 3);
    if (!mid) throw new Error('no draft');
    expect(insertHashtag('#woXYZ', mid, 'woodwork')).toEqual({ text: '#woodwork ', caret: 10 });
  });
});
