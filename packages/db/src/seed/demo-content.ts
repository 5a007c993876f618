// Who and what the demo contains: five people with their boards, sections, collaborations and
// follows, and the phrase lists pin titles and descriptions are assembled from. Links point only
// at reserved example hosts (RFC 2606 `.example`, `example.com`, `example.org`).
import type { ArtStyle } from './demo-art.ts';

export type DemoTheme = 'cooking' | 'travel' | 'interiors' | 'garden' | 'woodwork';

export interface DemoUser {
  username: string;
  firstName: string;
  lastName: string;
  about: string;
  country: string;
  locale: string;
  avatarPalette: readonly string[];
}

export interface DemoSection {
  title: string;
  subjects: readonly string[];
  /** Overrides the board's title templates (some subjects read badly in the generic ones). */
  templates?: readonly string[];
}

export interface DemoBoard {
  owner: string;
  name: string;
  description: string;
  privacy: 'public' | 'secret';
  theme: DemoTheme;
  /** Subjects for pins outside any section (and for every pin on a board without sections). */
  subjects: readonly string[];
  sections: readonly DemoSection[];
  templates?: readonly string[];
  art: ArtStyle;
  palette: readonly string[];
  site: { host: string; path: string };
  /** Relative share of the demo's pins. */
  weight: number;
}

export interface DemoThemeCopy {
  /** `{A}` an adjective, `{s}` the subject as written, `{S}` the subject capitalised. */
  templates: readonly string[];
  adjectives: readonly string[];
  /** Description sentences; `{s}` / `{S}` as above. */
  sentences: readonly string[];
}

export const DEMO_USERS: readonly DemoUser[] = [
  {
    username: 'mara_cooks',
    firstName: 'Mara',
    lastName: 'Okafor',
    about:
      'Home cook feeding four on weeknights. One-pan dinners, slow weekend bakes and anything with lemon.',
    country: 'GB',
    locale: 'en-GB',
    avatarPalette: ['#fdf0d5', '#c8553d', '#f28f3b', '#588b8b'],
  },
  {
    username: 'tomas_travels',
    firstName: 'Tomás',
    lastName: 'Reyes',
    about:
      'Travel photographer chasing soft light along coastlines and mountain ridges. Based in Lisbon.',
    country: 'PT',
    locale: 'en-GB',
    avatarPalette: ['#e0f2f7', '#219ebc', '#ffb703', '#023047'],
  },
  {
    username: 'ines_interiors',
    firstName: 'Inès',
    lastName: 'Laurent',
    about:
      'Interior designer for small homes. Warm minimalism, honest materials and rooms that feel lived in.',
    country: 'FR',
    locale: 'en-GB',
    avatarPalette: ['#ede0d4', '#b08968', '#7f5539', '#ddb892'],
  },
  {
    username: 'gus_grows',
    firstName: 'Gus',
    lastName: 'Whitfield',
    about: 'Allotment gardener and seed saver growing food in zone 7b. Ask me about tomatoes.',
    country: 'US',
    locale: 'en-US',
    avatarPalette: ['#e9f5db', '#588157', '#a3b18a', '#3a5a40'],
  },
  {
    username: 'ben_woodworks',
    firstName: 'Ben',
    lastName: 'Hollis',
    about:
      'Building furniture by hand in a one-car garage. Shaker lines, mid-century curves, lots of sawdust.',
    country: 'CA',
    locale: 'en-CA',
    avatarPalette: ['#f3e9dc', '#936639', '#414833', '#c2a878'],
  },
];

/** The demo person who is also an operator (admin pages at /admin/). */
export const DEMO_ADMIN_USERNAME = 'ines_interiors';

export const DEMO_THEMES: Record<DemoTheme, DemoThemeCopy> = {
  cooking: {
    templates: [
      '{A} {s}',
      'Easy {s}',
      'The best {s}',
      '{S} for busy weeknights',
      'Make-ahead {s}',
      '{A} {s} with a twist',
      '{S} in 30 minutes',
      'Our favourite {s}',
    ],
    adjectives: [
      'Creamy',
      'Smoky',
      'Lemony',
      'Crispy',
      'Herby',
      'Spicy',
      'Garlicky',
      'Golden',
      'Rustic',
      'Simple',
    ],
    sentences: [
      'Ready in about 30 minutes and it only dirties one pan.',
      'The trick is to season every layer, not just the end.',
      'I double the garlic and nobody has ever complained.',
      'This {s} keeps well for three days in the fridge.',
      'Leftovers make a great lunch the next day.',
      'Serve it with crusty bread and a sharp green salad.',
      'A squeeze of lemon at the end wakes everything up.',
      'Kid-approved, even by the picky one.',
      'Swap in whatever greens are in the crisper drawer.',
      'Saving this {s} for a cosy Sunday.',
      'Brown the butter first; it makes all the difference.',
      'Scales easily for a crowd.',
    ],
  },
  travel: {
    templates: [
      '{S}',
      '{S} at golden hour',
      'Morning light in {s}',
      'Wandering {s}',
      'A quiet corner of {s}',
      '{S} after the rain',
      'Sunset over {s}',
      'Blue hour in {s}',
    ],
    adjectives: [],
    sentences: [
      'Go early: by ten the light is flat and the crowds arrive.',
      'We stayed three nights and wished it had been five.',
      'Shot on a 35 mm lens, no filters.',
      'Bring layers, the wind off the water is no joke.',
      'The best view of {s} is a short, steep walk from the centre.',
      'Public transport gets you there in under an hour.',
      'Worth every minute of the detour.',
      'Off-season is quieter and the light is softer.',
      'A tiny café around the corner serves the best coffee in town.',
      'Adding {s} to the list for next spring.',
    ],
  },
  interiors: {
    templates: [
      '{A} {s}',
      '{S} ideas',
      'Small-space {s}',
      '{A} {s} inspiration',
      'Styling the {s}',
      '{S} we love',
    ],
    adjectives: ['Cosy', 'Airy', 'Bright', 'Calm', 'Layered', 'Earthy', 'Minimal', 'Textured'],
    sentences: [
      'Layer textures rather than colours for a calm room.',
      'The rug anchors the whole space.',
      'Warm bulbs (2700K) keep the evening light soft.',
      'Mixing old and new keeps a room from looking like a showroom.',
      'Good storage is the secret to a small room that feels big.',
      'Limewash adds depth without pattern.',
      'Natural materials age beautifully.',
      'Keep the palette to three colours and repeat them.',
      'Love how the {s} softens the corners.',
      'Budget tip: paint the skirting the same colour as the walls.',
    ],
  },
  garden: {
    templates: [
      'Growing {s}',
      '{S} tips',
      'How to grow {s}',
      '{S} from seed',
      'My {s} this season',
      '{A} {s}',
    ],
    adjectives: ['Thriving', 'Easy', 'Abundant', 'Organic', 'Low-maintenance', 'Container-grown'],
    sentences: [
      'Sow after the last frost and keep the soil evenly moist.',
      'Mulch heavily in summer to save on watering.',
      'They want at least six hours of sun a day.',
      'The {s} did brilliantly in the raised bed this year.',
      'Feed every two weeks once the first flowers appear.',
      'Companion planting with marigolds keeps the pests away.',
      'Water at the base, early in the morning.',
      'Deadhead regularly for a longer season.',
      'Happy in pots as long as the drainage is good.',
      'Saving seed from the {s} for next year.',
    ],
  },
  woodwork: {
    templates: [
      '{A} {s}',
      'DIY {s}',
      '{S} build',
      '{S}, start to finish',
      'Making this {s}',
      '{S} plans',
    ],
    adjectives: ['Hand-cut', 'Solid oak', 'Walnut', 'Simple', 'Shaker-style', 'Cherry'],
    sentences: [
      'Cut list and plans are linked.',
      'All hand tools, no power tools needed.',
      'Finished with three coats of hard wax oil.',
      'Take your time marking out; the cuts are the easy part.',
      'Made from offcuts of the dining table build.',
      'Sharp chisels make all the difference.',
      'Glue-up is the stressful part, so dry-fit everything first.',
      'White oak for strength, walnut for contrast.',
      'A weekend project that will last for decades.',
      'Sanded to 220 grit before finishing.',
    ],
  },
};

const JOINERY_TEMPLATES = [
  '{A} {s}',
  'Cutting {s} by hand',
  '{S}, step by step',
  'Practising {s}',
  'Clean {s}',
];
const FINISH_TEMPLATES = [
  '{S}, step by step',
  'Applying {s}',
  '{S} on walnut',
  '{S} on white oak',
  'Why I love {s}',
];
const STREET_FOOD_TEMPLATES = [
  '{S}',
  'The best {s}',
  'Chasing {s}',
  'Late-night {s}',
  'Where to find {s}',
];
const PALETTE_TEMPLATES = [
  '{S} palette',
  'Colour story: {s}',
  'Living with {s}',
  '{S} for a bedroom',
  '{S} in a hallway',
];

export const DEMO_BOARDS: readonly DemoBoard[] = [
  // mara_cooks
  {
    owner: 'mara_cooks',
    name: 'Weeknight Dinners',
    description: 'Dinners on the table in under 40 minutes, mostly in one pan.',
    privacy: 'public',
    theme: 'cooking',
    subjects: [
      'chicken shawarma bowls',
      'fish tacos',
      'black bean chilli',
      'teriyaki salmon',
      'stuffed peppers',
    ],
    sections: [
      {
        title: 'Pasta',
        subjects: [
          'lemon ricotta pasta',
          'baked ziti',
          'cacio e pepe',
          'pesto gnocchi',
          'brown butter orzo',
          'mushroom tagliatelle',
          'sausage rigatoni',
        ],
      },
      {
        title: 'One-pan',
        subjects: [
          'sheet-pan chicken thighs',
          'tray-bake salmon',
          'sausage and peppers',
          'halloumi traybake',
          'harissa chickpeas',
        ],
      },
      {
        title: 'Soups',
        subjects: [
          'ribollita',
          'red lentil soup',
          'chicken noodle soup',
          'miso ramen',
          'roasted tomato soup',
          'minestrone',
        ],
      },
    ],
    art: 'plate',
    palette: ['#f4e9d8', '#c8553d', '#f28f3b', '#588b8b', '#2d3047'],
    site: { host: 'www.cooking.example', path: 'recipes' },
    weight: 30,
  },
  {
    owner: 'mara_cooks',
    name: 'Sourdough & Bread',
    description: 'Starter care, weekend loaves and the focaccia that disappears in minutes.',
    privacy: 'public',
    theme: 'cooking',
    subjects: ['sourdough starter', 'bagels', 'cinnamon buns', 'pita bread'],
    sections: [
      {
        title: 'Loaves',
        subjects: [
          'country sourdough loaf',
          'seeded rye',
          'spelt batard',
          'olive and rosemary boule',
          'whole wheat sandwich loaf',
        ],
      },
      {
        title: 'Focaccia',
        subjects: [
          'garden focaccia',
          'rosemary focaccia',
          'cherry tomato focaccia',
          'caramelised onion focaccia',
        ],
      },
    ],
    art: 'plate',
    palette: ['#f3e3c3', '#d9a566', '#a8672e', '#5b3a1e', '#fffaf0'],
    site: { host: 'breadnotes.example', path: 'bakes' },
    weight: 18,
  },
  {
    owner: 'mara_cooks',
    name: 'Summer Desserts',
    description: 'Fruit-forward puddings for long evenings in the garden.',
    privacy: 'public',
    theme: 'cooking',
    subjects: [
      'strawberry pavlova',
      'peach galette',
      'lemon posset',
      'no-churn mango ice cream',
      'cherry clafoutis',
      'Eton mess',
      'raspberry tart',
      'key lime pie',
      'apricot crumble',
      'coconut panna cotta',
    ],
    sections: [],
    art: 'plate',
    palette: ['#ffe5ec', '#ff8fa3', '#ffb703', '#c9184a', '#fdf0d5'],
    site: { host: 'www.sweettable.example.com', path: 'desserts' },
    weight: 16,
  },
  {
    owner: 'mara_cooks',
    name: 'Pantry Staples',
    description: 'Things worth making from scratch and keeping in jars.',
    privacy: 'public',
    theme: 'cooking',
    subjects: [
      'preserved lemons',
      'chilli crisp',
      'quick pickled onions',
      'homemade stock',
      'spiced granola',
      'garlic confit',
      'fermented hot sauce',
      'strawberry jam',
    ],
    sections: [],
    art: 'jars',
    palette: ['#efe6dd', '#a3b18a', '#dda15e', '#bc6c25', '#283618'],
    site: { host: 'pantry.example.org', path: 'guides' },
    weight: 12,
  },

  // tomas_travels
  {
    owner: 'tomas_travels',
    name: 'Coastal Portugal',
    description: 'Tiles, trams and Atlantic light, from Porto down to the Algarve.',
    privacy: 'public',
    theme: 'travel',
    subjects: ['Sintra', 'Nazaré', 'Comporta', 'Ericeira'],
    sections: [
      {
        title: 'Lisbon',
        subjects: [
          'Alfama',
          'Bairro Alto',
          'Belém',
          'the Miradouro da Graça',
          'LX Factory',
          'Mouraria',
          'the Tagus riverfront',
        ],
      },
      {
        title: 'Porto',
        subjects: [
          'Ribeira',
          'the Dom Luís I bridge',
          'Foz do Douro',
          'the Douro valley',
          'Miragaia',
        ],
      },
      {
        title: 'Algarve',
        subjects: [
          'Praia da Marinha',
          'Benagil',
          'Lagos old town',
          'Ponta da Piedade',
          'Sagres',
          'Tavira',
        ],
      },
    ],
    art: 'landscape',
    palette: ['#caf0f8', '#219ebc', '#023047', '#ffb703', '#fb8500'],
    site: { host: 'wanderlust.example', path: 'stories' },
    weight: 28,
  },
  {
    owner: 'tomas_travels',
    name: 'Mountain Light',
    description: 'Ridgelines at first and last light. Mostly long walks, occasionally a cable car.',
    privacy: 'public',
    theme: 'travel',
    subjects: [
      'the Dolomites',
      'Lofoten',
      'Patagonia',
      'the Julian Alps',
      'Glencoe',
      'the Tatras',
      'Aoraki / Mount Cook',
      'the Picos de Europa',
    ],
    sections: [],
    art: 'landscape',
    palette: ['#f2e9e4', '#4a4e69', '#22223b', '#c9ada7', '#9a8c98'],
    site: { host: 'photos.example.org', path: 'galleries' },
    weight: 20,
  },
  {
    owner: 'tomas_travels',
    name: 'Street Food Around the World',
    description: 'What I ate standing up, and where to find it.',
    privacy: 'public',
    theme: 'travel',
    subjects: [
      'bánh mì in Hanoi',
      'tacos al pastor in Mexico City',
      'pad kra pao in Bangkok',
      'börek in Istanbul',
      'arepas in Bogotá',
      'takoyaki in Osaka',
      'jerk chicken in Kingston',
      'dumplings in Xi’an',
    ],
    sections: [],
    templates: STREET_FOOD_TEMPLATES,
    art: 'plate',
    palette: ['#fff3b0', '#fb5607', '#ff006e', '#8338ec', '#3a86ff'],
    site: { host: 'streetfood.example', path: 'guides' },
    weight: 14,
  },
  // The demo's one secret board (DEMO_SECRET_BOARD): a surprise its owner keeps to himself, so
  // nobody else — not even the people who follow him — may see it.
  {
    owner: 'tomas_travels',
    name: 'Anniversary Trip Ideas',
    description: 'Shh — planning a surprise for our tenth. Somewhere warm, slow and by the sea.',
    privacy: 'secret',
    theme: 'travel',
    subjects: [
      'Santorini',
      'the Amalfi coast',
      'Kyoto',
      'Lake Como',
      'Madeira',
      'the Azores',
      'Marrakech',
    ],
    sections: [],
    art: 'landscape',
    palette: ['#ffcdb2', '#e5989b', '#b5838d', '#ffb4a2', '#6d6875'],
    site: { host: 'stays.example.com', path: 'hotels' },
    weight: 8,
  },

  // ines_interiors
  {
    owner: 'ines_interiors',
    name: 'Small Living Rooms',
    description: 'Making 20 square metres feel generous: seating, storage and light.',
    privacy: 'public',
    theme: 'interiors',
    subjects: ['reading nook', 'gallery wall', 'jute rug'],
    sections: [
      {
        title: 'Sofas',
        subjects: ['bouclé sofa', 'corner sofa', 'linen loveseat', 'modular sofa', 'velvet sofa'],
      },
      {
        title: 'Shelving',
        subjects: ['floating shelf', 'built-in bookcase', 'picture ledge', 'alcove shelf'],
      },
      {
        title: 'Lighting',
        subjects: ['paper lantern', 'arc floor lamp', 'wall sconce', 'rattan pendant'],
      },
    ],
    art: 'room',
    palette: ['#f1ede4', '#ccd5ae', '#d4a373', '#a98467', '#606c38'],
    site: { host: 'www.homes.example', path: 'rooms' },
    weight: 24,
  },
  {
    owner: 'ines_interiors',
    name: 'Scandi Kitchens',
    description: 'Pale wood, white tile and not a single unnecessary handle.',
    privacy: 'public',
    theme: 'interiors',
    subjects: [
      'oak kitchen',
      'open-shelf kitchen',
      'white tile backsplash',
      'galley kitchen',
      'kitchen island',
      'pantry cupboard',
    ],
    sections: [],
    art: 'room',
    palette: ['#f8f9fa', '#dee2e6', '#c9a66b', '#adb5bd', '#495057'],
    site: { host: 'nordicliving.example', path: 'kitchens' },
    weight: 14,
  },
  {
    owner: 'ines_interiors',
    name: 'Warm Minimalism',
    description: 'Fewer things, better things, in colours that feel like late afternoon.',
    privacy: 'public',
    theme: 'interiors',
    subjects: [
      'limewash wall',
      'travertine side table',
      'plaster fireplace',
      'linen bedroom',
      'arched doorway',
      'sculptural vase',
    ],
    sections: [],
    art: 'arches',
    palette: ['#ede0d4', '#e6ccb2', '#ddb892', '#b08968', '#7f5539'],
    site: { host: 'www.homes.example', path: 'ideas' },
    weight: 14,
  },
  {
    owner: 'ines_interiors',
    name: 'Colour Palettes',
    description: 'Combinations I keep coming back to for clients.',
    privacy: 'public',
    theme: 'interiors',
    subjects: [
      'terracotta and sage',
      'ink blue and ochre',
      'dusty rose and olive',
      'charcoal and camel',
      'sea glass greens',
      'burnt orange and cream',
      'mustard and teal',
    ],
    sections: [],
    templates: PALETTE_TEMPLATES,
    art: 'swatches',
    palette: ['#264653', '#2a9d8f', '#e9c46a', '#f4a261', '#e76f51'],
    site: { host: 'palette.example.org', path: 'colours' },
    weight: 12,
  },

  // gus_grows
  {
    owner: 'gus_grows',
    name: 'Vegetable Garden',
    description: 'Four raised beds, one greenhouse and too many tomato varieties.',
    privacy: 'public',
    theme: 'garden',
    subjects: ['potatoes', 'sweetcorn', 'pumpkins'],
    sections: [
      {
        title: 'Tomatoes',
        subjects: [
          'cherry tomatoes',
          'San Marzano tomatoes',
          'beefsteak tomatoes',
          'Sungold tomatoes',
          'Brandywine tomatoes',
        ],
      },
      {
        title: 'Greens & Beans',
        subjects: ['salad greens', 'winter kale', 'rainbow chard', 'climbing beans', 'courgettes'],
      },
      { title: 'Herbs', subjects: ['basil', 'rosemary', 'thyme', 'coriander', 'mint', 'chives'] },
      {
        title: 'Berries',
        subjects: ['strawberries', 'raspberries', 'blueberries', 'gooseberries'],
      },
    ],
    art: 'leaves',
    palette: ['#a3b18a', '#588157', '#3a5a40', '#e63946', '#f1f5e9'],
    site: { host: 'growguide.example', path: 'vegetables' },
    weight: 28,
  },
  {
    owner: 'gus_grows',
    name: 'Shade Plants',
    description: 'For the north-facing corner where nothing used to grow.',
    privacy: 'public',
    theme: 'garden',
    subjects: [
      'hostas',
      'ferns',
      'hellebores',
      'astilbe',
      'Japanese forest grass',
      'bleeding hearts',
      'foxgloves',
    ],
    sections: [],
    art: 'leaves',
    palette: ['#2d6a4f', '#40916c', '#1b4332', '#74c69d', '#d8f3dc'],
    site: { host: 'plants.example.com', path: 'shade' },
    weight: 14,
  },
  {
    owner: 'gus_grows',
    name: 'Balcony Gardens',
    description: 'Proof that two square metres and a railing are enough.',
    privacy: 'public',
    theme: 'garden',
    subjects: [
      'herbs in window boxes',
      'trailing petunias',
      'dwarf lemon trees',
      'balcony tomatoes',
      'hanging strawberries',
      'succulents',
    ],
    sections: [],
    art: 'leaves',
    palette: ['#81b29a', '#e07a5f', '#3d405b', '#f2cc8f', '#fefae0'],
    site: { host: 'smallspace.example', path: 'balcony' },
    weight: 12,
  },

  // ben_woodworks
  {
    owner: 'ben_woodworks',
    name: 'Workshop Projects',
    description: 'Joinery practice, shop jigs and the finishes I trust.',
    privacy: 'public',
    theme: 'woodwork',
    subjects: ['workbench', 'tool chest', 'wall-hung tool cabinet'],
    sections: [
      {
        title: 'Joinery',
        subjects: ['dovetail joints', 'mortise and tenon joints', 'box joints', 'bridle joints'],
        templates: JOINERY_TEMPLATES,
      },
      {
        title: 'Jigs',
        subjects: [
          'crosscut sled',
          'tapering jig',
          'dowel jig',
          'router table fence',
          'mitre sled',
        ],
      },
      {
        title: 'Finishing',
        subjects: ['oil finish', 'shellac', 'milk paint', 'paste wax', 'hard wax oil'],
        templates: FINISH_TEMPLATES,
      },
    ],
    art: 'grain',
    palette: ['#7f4f24', '#a68a64', '#936639', '#b6ad90', '#414833'],
    site: { host: 'makers.example', path: 'projects' },
    weight: 24,
  },
  {
    owner: 'ben_woodworks',
    name: 'Cutting Boards',
    description: 'Edge grain, end grain and the odd charcuterie paddle.',
    privacy: 'public',
    theme: 'woodwork',
    subjects: [
      'end-grain cutting board',
      'walnut serving board',
      'maple chopping block',
      'cheese board',
      'bread board',
      'charcuterie paddle',
    ],
    sections: [],
    art: 'grain',
    palette: ['#582f0e', '#c2a878', '#7f4f24', '#e6ccb2', '#3d405b'],
    site: { host: 'woodshop.example.org', path: 'boards' },
    weight: 14,
  },
  {
    owner: 'ben_woodworks',
    name: 'Mid-century Furniture',
    description: 'Teak, tapered legs and curves. A shared board with Inès for client pieces.',
    privacy: 'public',
    theme: 'woodwork',
    subjects: [
      'teak sideboard',
      'tapered-leg coffee table',
      'lounge chair',
      'plywood side table',
      'record console',
      'sculpted rocker',
    ],
    sections: [],
    art: 'shapes',
    palette: ['#264653', '#e76f51', '#f4a261', '#f4ede1', '#e9c46a'],
    site: { host: 'modernist.example.com', path: 'furniture' },
    weight: 16,
  },
];

/** Board collaborators; `accepted` ones also pin to the board. */
export const DEMO_COLLABORATIONS: readonly {
  owner: string;
  board: string;
  collaborator: string;
  status: 'invited' | 'accepted';
}[] = [
  {
    owner: 'ben_woodworks',
    board: 'Mid-century Furniture',
    collaborator: 'ines_interiors',
    status: 'accepted',
  },
  { owner: 'gus_grows', board: 'Vegetable Garden', collaborator: 'mara_cooks', status: 'accepted' },
  {
    owner: 'mara_cooks',
    board: 'Summer Desserts',
    collaborator: 'tomas_travels',
    status: 'invited',
  },
];

/** [follower, followee] */
export const DEMO_USER_FOLLOWS: readonly (readonly [string, string])[] = [
  ['mara_cooks', 'gus_grows'],
  ['mara_cooks', 'ines_interiors'],
  ['tomas_travels', 'mara_cooks'],
  ['tomas_travels', 'ines_interiors'],
  ['ines_interiors', 'ben_woodworks'],
  ['ines_interiors', 'tomas_travels'],
  ['ines_interiors', 'mara_cooks'],
  ['gus_grows', 'mara_cooks'],
  ['gus_grows', 'ben_woodworks'],
  ['ben_woodworks', 'ines_interiors'],
  ['ben_woodworks', 'gus_grows'],
];

/**
 * [username, domain]: the official user of a link domain (saving.md §3 "linkDomain with
 * officialUser", §2.9 creator card; docs/decisions/013). Each domain is one of that person's
 * board sites as pins.domain holds it (lower case, no `www.`). Chosen so some demo people do not
 * follow the official user yet: mara_cooks and tomas_travels see Ben's card when saving a
 * Cutting Boards pin, ben_woodworks sees Mara's when saving a Sourdough & Bread pin.
 */
export const DEMO_VERIFIED_DOMAINS: readonly (readonly [string, string])[] = [
  ['mara_cooks', 'breadnotes.example'],
  ['ben_woodworks', 'woodshop.example.org'],
];

/** [follower, board owner, board name]; public boards only. */
export const DEMO_BOARD_FOLLOWS: readonly (readonly [string, string, string])[] = [
  ['mara_cooks', 'tomas_travels', 'Coastal Portugal'],
  ['mara_cooks', 'ines_interiors', 'Scandi Kitchens'],
  ['tomas_travels', 'mara_cooks', 'Weeknight Dinners'],
  ['tomas_travels', 'ines_interiors', 'Small Living Rooms'],
  ['ines_interiors', 'mara_cooks', 'Sourdough & Bread'],
  ['ines_interiors', 'ben_woodworks', 'Cutting Boards'],
  ['gus_grows', 'mara_cooks', 'Weeknight Dinners'],
  ['gus_grows', 'ben_woodworks', 'Workshop Projects'],
  ['ben_woodworks', 'ines_interiors', 'Warm Minimalism'],
  ['ben_woodworks', 'gus_grows', 'Vegetable Garden'],
  ['ben_woodworks', 'tomas_travels', 'Mountain Light'],
];

/**
 * Buyable demo pins (docs/decisions/071): pins linking to these shops carry an offer in
 * pin_products, as if read from the page's structured data. [domain, currency, base price].
 */
export const DEMO_PRODUCT_SHOPS: readonly (readonly [string, string, number])[] = [
  ['woodshop.example.org', 'USD', 24],
];
