// Buyable pins (issue 12; docs/decisions/074): a pin saved from a URL carries the offer its
// page states in schema.org JSON-LD, written with the pin; pages without a complete offer, or
// that cannot be read, give a pin without one; a repin to the same link carries the offer.
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import type { SavedPin } from '@corkboard/shared/saving/api';
import type { SearchAnswer } from '@corkboard/shared/search/api';
import { jpegBytes } from '../../test/api-client.ts';
import { createFixtures, type BoardFixture, type UserFixture } from '../../test/fixtures.ts';
import { startLoopbackServer, type LoopbackServer } from '../../test/loopback-server.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { jsonLdBlocks, productFromJsonLd } from './page-product.ts';

let handle: DbHandle;
let test: TestApp;
let site: LoopbackServer;
let owner: UserFixture;
let board: BoardFixture;

function page(jsonLd: unknown): string {
  return `<!doctype html><html><head><title>Shop</title>
    <script type="application/ld+json">${JSON.stringify(jsonLd)}</script>
    </head><body><h1>Walnut stool</h1></body></html>`;
}

const PRODUCT = {
  '@context': 'https://schema.org',
  '@graph': [
    { '@type': 'BreadcrumbList', itemListElement: [] },
    {
      '@type': 'Product',
      name: 'Walnut stool',
      offers: {
        '@type': 'Offer',
        price: '129.5',
        priceCurrency: 'eur',
        availability: 'https://schema.org/PreOrder',
      },
    },
  ],
};

async function save(path: string, link = site.url(path)) {
  return test.client.resourceCreate<SavedPin>(
    'PinResource',
    { board_id: board.id, image_url: site.url('/photo.jpg'), link, title: 'Walnut stool' },
    owner,
  );
}

async function productOf(pinId: string) {
  return handle.db
    .selectFrom('pin_products')
    .select(['price', 'currency', 'availability'])
    .where('pin_id', '=', pinId)
    .executeTakeFirst();
}

beforeAll(async () => {
  handle = await createTestDb();
  const f = createFixtures(handle.db);
  owner = await f.user();
  board = await f.board(owner, { name: 'Shop finds' });
  const jpeg = await jpegBytes(7);
  const html = (body: string) => (_req: unknown, res: ServerResponse) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  };
  site = await startLoopbackServer({
    '/photo.jpg': (_req, res) => {
      res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg);
    },
    '/stool': html(page(PRODUCT)),
    '/no-availability': html(
      page({ '@type': 'Product', offers: { price: 10, priceCurrency: 'USD' } }),
    ),
    '/broken': html('<script type="application/ld+json">{ not json</script>'),
  });
  test = await buildTestApp(handle.db, { config: { fetchAllowHosts: ['127.0.0.1'] } });
});

afterAll(async () => {
  await test.close();
  await site.close();
  await handle.close();
});

describe('a pin saved from a URL', () => {
  it("carries the offer of its page's JSON-LD and is found as a buyable pin", async () => {
    const saved = await save('/stool');
    expect(saved.status, JSON.stringify(saved.data)).toBe(200);
    expect(await productOf(saved.data.id)).toEqual({
      price: '129.50',
      currency: 'EUR',
      availability: 'preorder',
    });
    expect(site.requests.some((request) => request.url === '/stool')).toBe(true);
    const found = await test.client.get<SearchAnswer>('/v3/search/buyable_pins/?q=walnut', null);
    expect(found.data.results.map((pin) => pin.id)).toEqual([saved.data.id]);
    expect(found.data.kind === 'pins' && found.data.results[0]?.product).toEqual({
      price: 129.5,
      currency: 'EUR',
      availability: 'preorder',
    });
  });

  it.each([
    ['a page whose offer has no availability', '/no-availability'],
    ['a page with broken JSON-LD', '/broken'],
    ['a page that is not there', '/gone'],
  ])('is saved without an offer from %s', async (_name, path) => {
    const saved = await save(path);
    expect(saved.status).toBe(200);
    expect(await productOf(saved.data.id)).toBeUndefined();
  });

  it('a repin to the same link carries the offer; to another link it does not', async () => {
    const source = await save('/stool');
    const same = await test.client.resourceCreate<SavedPin>(
      'RepinResource',
      { pin_id: source.data.id, board_id: board.id },
      owner,
    );
    expect(same.status).toBe(200);
    expect(await productOf(same.data.id)).toEqual({
      price: '129.50',
      currency: 'EUR',
      availability: 'preorder',
    });
    const elsewhere = await test.client.resourceCreate<SavedPin>(
      'RepinResource',
      { pin_id: source.data.id, board_id: board.id, link: 'https://other.example/stool' },
      owner,
    );
    expect(elsewhere.status).toBe(200);
    expect(await productOf(elsewhere.data.id)).toBeUndefined();
  });
});

describe('productFromJsonLd', () => {
  it('reads AggregateOffer lowPrice, arrays of types and offers, and skips incomplete ones', () => {
    const blocks = jsonLdBlocks(
      page([
        { '@type': 'Product', offers: [{ price: 'call us', priceCurrency: 'USD' }] },
        {
          '@type': ['Thing', 'Product'],
          offers: [
            {
              '@type': 'AggregateOffer',
              lowPrice: 19,
              priceCurrency: 'USD',
              availability: 'InStock',
            },
          ],
        },
      ]),
    );
    expect(productFromJsonLd(blocks)).toEqual({
      price: '19.00',
      currency: 'USD',
      availability: 'in_stock',
    });
    expect(
      productFromJsonLd([
        JSON.stringify({
          '@type': 'Product',
          offers: { price: '-1', priceCurrency: 'USD', availability: 'InStock' },
        }),
      ]),
    ).toBeNull();
  });
});
