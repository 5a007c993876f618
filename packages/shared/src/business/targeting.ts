// Targeting values (business.md §3 "Targeting defaults"; docs/decisions/103): genders, age
// buckets, interests by topic id (each with the words that tie a board to it), and the location
// list, which travels '+'-joined ("US+CA").

/** business.md §3 "genders: female, male, unknown" — also the default: everyone. */
export const TARGETING_GENDERS = ['female', 'male', 'unknown'] as const;
export type TargetingGender = (typeof TARGETING_GENDERS)[number];

/** Pinterest's age buckets. A viewer whose age is unknown matches only untargeted ages. */
export const AGE_BUCKETS = ['18-24', '25-34', '35-44', '45-49', '50-54', '55-64', '65+'] as const;
export type AgeBucket = (typeof AGE_BUCKETS)[number];

/** The bucket of an age in whole years, or null under 18 (never targeted). */
export function ageBucketOf(age: number): AgeBucket | null {
  if (age < 18) return null;
  if (age <= 24) return '18-24';
  if (age <= 34) return '25-34';
  if (age <= 44) return '35-44';
  if (age <= 49) return '45-49';
  if (age <= 54) return '50-54';
  if (age <= 64) return '55-64';
  return '65+';
}

/** Whole years between a birthday ('YYYY-MM-DD') and `now` (UTC). */
export function ageOn(birthday: string, now: Date): number {
  const [year, month, day] = birthday.split('-').map(Number);
  if (year === undefined || month === undefined || day === undefined) return Number.NaN;
  let age = now.getUTCFullYear() - year;
  const beforeBirthday =
    now.getUTCMonth() + 1 < month || (now.getUTCMonth() + 1 === month && now.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  return age;
}

export interface InterestTopic {
  /** business.md §3 "interests by topic_id". */
  readonly topic_id: string;
  readonly name: string;
  /** Lower-case words; a board whose name or description holds one makes its owner interested. */
  readonly keywords: readonly string[];
}

/** The interest taxonomy (decided, docs/decisions/103). */
export const INTEREST_TOPICS: readonly InterestTopic[] = [
  {
    topic_id: '900',
    name: 'Food and drinks',
    keywords: [
      'food',
      'recipe',
      'recipes',
      'cooking',
      'baking',
      'dinner',
      'breakfast',
      'dessert',
      'drinks',
      'kitchen',
      'bread',
      'pasta',
      'soup',
      'vegan',
      'cake',
    ],
  },
  {
    topic_id: '901',
    name: 'Travel',
    keywords: [
      'travel',
      'trip',
      'trips',
      'places',
      'vacation',
      'holiday',
      'beach',
      'city',
      'cities',
      'hiking',
      'road',
      'adventure',
      'destinations',
    ],
  },
  {
    topic_id: '902',
    name: 'Home decor',
    keywords: [
      'home',
      'decor',
      'interior',
      'interiors',
      'living',
      'bedroom',
      'furniture',
      'apartment',
      'design',
      'room',
      'rooms',
    ],
  },
  {
    topic_id: '903',
    name: 'Gardening',
    keywords: [
      'garden',
      'gardening',
      'plants',
      'plant',
      'flowers',
      'grow',
      'growing',
      'vegetables',
      'herbs',
      'succulents',
      'balcony',
    ],
  },
  {
    topic_id: '904',
    name: 'DIY and crafts',
    keywords: [
      'diy',
      'craft',
      'crafts',
      'woodworking',
      'wood',
      'workshop',
      'projects',
      'handmade',
      'sewing',
      'knitting',
      'tools',
    ],
  },
  {
    topic_id: '905',
    name: "Women's fashion",
    keywords: ['fashion', 'style', 'outfits', 'outfit', 'dresses', 'wardrobe', 'shoes'],
  },
  { topic_id: '906', name: 'Beauty', keywords: ['beauty', 'makeup', 'skincare', 'hair', 'nails'] },
  {
    topic_id: '907',
    name: 'Art',
    keywords: ['art', 'painting', 'drawing', 'illustration', 'sketch', 'watercolor', 'gallery'],
  },
  {
    topic_id: '908',
    name: 'Photography',
    keywords: ['photography', 'photo', 'photos', 'camera', 'portrait'],
  },
  {
    topic_id: '909',
    name: 'Health and fitness',
    keywords: ['fitness', 'workout', 'yoga', 'health', 'running', 'gym', 'wellness'],
  },
  { topic_id: '910', name: 'Weddings', keywords: ['wedding', 'weddings', 'bride', 'bridal'] },
  {
    topic_id: '911',
    name: 'Parenting',
    keywords: ['kids', 'baby', 'parenting', 'nursery', 'toddler'],
  },
  { topic_id: '912', name: 'Animals', keywords: ['pets', 'dog', 'dogs', 'cat', 'cats', 'animals'] },
  {
    topic_id: '913',
    name: 'Architecture',
    keywords: ['architecture', 'building', 'buildings', 'house', 'houses', 'cabin'],
  },
  {
    topic_id: '914',
    name: 'Technology',
    keywords: ['tech', 'technology', 'gadgets', 'computer', 'code', 'programming'],
  },
  {
    topic_id: '915',
    name: 'Vehicles',
    keywords: ['car', 'cars', 'bike', 'bikes', 'motorcycle', 'van'],
  },
];

export const INTEREST_TOPIC_IDS = INTEREST_TOPICS.map((topic) => topic.topic_id);

/** Topics whose keywords appear as words in `text` (lower-cased, split on non-letters). */
export function topicsInText(text: string): string[] {
  const words = new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean),
  );
  return INTEREST_TOPICS.filter((topic) => topic.keywords.some((word) => words.has(word))).map(
    (topic) => topic.topic_id,
  );
}

/** business.md §3 "locations from a '+'-joined country list". */
export function locationsFromCountryList(list: string): string[] {
  return list
    .split('+')
    .map((code) => code.trim().toUpperCase())
    .filter((code) => /^[A-Z]{2}$/.test(code));
}

export function countryListOf(locations: readonly string[]): string {
  return locations.join('+');
}

/** Countries an advertiser may pick (ISO 3166-1 alpha-2; decided, docs/decisions/103). */
export const AD_COUNTRIES = [
  'AR',
  'AT',
  'AU',
  'BE',
  'BR',
  'CA',
  'CH',
  'CL',
  'CO',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GB',
  'GR',
  'HR',
  'IE',
  'IT',
  'JP',
  'LT',
  'LU',
  'LV',
  'MT',
  'MX',
  'NL',
  'NO',
  'NZ',
  'PL',
  'PT',
  'SE',
  'SI',
  'SK',
  'US',
] as const;
