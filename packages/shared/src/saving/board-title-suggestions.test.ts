import { describe, expect, it } from 'vitest';
import { BOARD_NAME_MAX_LENGTH } from './board-name.ts';
import {
  BOARD_TITLE_SUGGESTIONS_MAX,
  suggestBoardTitles,
  titleCaseWord,
} from './board-title-suggestions.ts';
import { extractKeywords, hostKeywords, isKeyword, keywordsRelated } from './keywords.ts';

const titles = (pin: Parameters<typeof suggestBoardTitles>[0], options = {}) =>
  suggestBoardTitles(pin, options).map((suggestion) => suggestion.title);

describe('keywords', () => {
  it('drops stop words, short words, bare numbers and contractions of stop words', () => {
    expect(
      extractKeywords("The 10 best cookies you'll ever bake, don't miss mom's 2024 tips").map(
        (word) => word.key,
      ),
    ).toEqual(['cookies', 'bake', 'miss', "mom's"]);
    expect(isKeyword('diy')).toBe(true);
    expect(isKeyword('an')).toBe(false);
  });

  it('keeps the first spelling and folds the key', () => {
    expect(extractKeywords('Crème Brûlée')).toEqual([
      { key: 'creme', surface: 'Crème' },
      { key: 'brulee', surface: 'Brûlée' },
    ]);
  });

  it('reads the host of http(s) links only, without service labels', () => {
    expect(hostKeywords('https://www.home-decor.example.co.uk/a').map((w) => w.key)).toEqual([
      'decor',
      'example',
    ]);
    expect(hostKeywords('mailto:someone@garden.example')).toEqual([]);
    expect(hostKeywords('not a url')).toEqual([]);
    expect(hostKeywords(null)).toEqual([]);
  });

  it('relates words by a prefix of at least 4 letters', () => {
    expect(keywordsRelated('cookie', 'cookies')).toBe(true);
    expect(keywordsRelated('gardening', 'garden')).toBe(true);
    expect(keywordsRelated('art', 'artist')).toBe(false);
    expect(keywordsRelated('cake', 'cake')).toBe(true);
  });
});

describe('titleCaseWord', () => {
  it.each([
    ['cookies', 'Cookies'],
    ['DIY', 'DIY'],
    ['iPhone', 'iPhone'],
    ["McDonald's", "McDonald's"],
    ['CHOCOLATE', 'Chocolate'],
    ['école', 'École'],
  ])('%s → %s', (word, expected) => {
    expect(titleCaseWord(word)).toBe(expected);
  });
});

describe('suggestBoardTitles', () => {
  const cookies = {
    title: 'The Best Chewy Chocolate Chip Cookies Recipe',
    description: 'Soft and chewy cookies with brown butter. #baking #ChristmasCookies',
    link: 'https://www.bakery.example/chewy-cookies/',
  };

  it('suggests a title phrase, hashtag phrases and keywords, best first', () => {
    expect(titles(cookies)).toEqual([
      'Chocolate Chip Cookies',
      'Christmas Cookies',
      'Cookies',
      'Chewy',
      'Chocolate',
    ]);
  });

  it('is deterministic', () => {
    expect(titles(cookies)).toEqual(titles({ ...cookies }));
  });

  it('ends a phrase at its head noun, and breaks phrases at punctuation', () => {
    expect(titles({ title: 'Modern Farmhouse Living Room | Home Decor Ideas' })[0]).toBe(
      'Farmhouse Living Room',
    );
    expect(titles({ title: 'Cookies: Baking with kids' })).not.toContain('Cookies Baking');
  });

  it('keeps acronyms and tames shouting', () => {
    expect(titles({ title: '10 DIY Garden Projects' })[0]).toBe('DIY Garden Projects');
    expect(titles({ title: 'CHOCOLATE CAKE' })).toEqual(['Chocolate Cake', 'Chocolate', 'Cake']);
  });

  it('uses the description and link host when there is no title', () => {
    expect(
      titles({
        description: 'Weeknight pasta, quick pasta',
        link: 'https://pasta-lovers.example/',
      }),
    ).toEqual(['Pasta', 'Weeknight', 'Quick', 'Lovers', 'Example']);
  });

  it('leaves out related singles and existing board names', () => {
    const result = titles(
      { title: 'Cookie jar', description: 'cookies cookies' },
      { existingBoardNames: ['  COOKIE   JAR '] },
    );
    expect(result).toEqual(['Cookie', 'Jar']);
  });

  it('never suggests more than the maximum or a name over the board limit', () => {
    const long = 'Supercalifragilisticexpialidociousness'.repeat(2);
    const result = titles({ title: `${long} alpha beta gamma delta epsilon zeta eta theta` });
    expect(result).toHaveLength(BOARD_TITLE_SUGGESTIONS_MAX);
    expect(result.every((title) => title.length <= BOARD_NAME_MAX_LENGTH)).toBe(true);
    expect(titles({ title: 'alpha beta gamma' }, { max: 1 })).toEqual(['Alpha Beta Gamma']);
  });

  it('suggests nothing for a pin without words', () => {
    expect(titles({})).toEqual([]);
    expect(
      titles({ title: '!!!', description: '#1 2024', link: 'https://www.example.com/' }),
    ).toEqual(['Example']);
  });
});
