// A pin's product offer from its page's structured data (issue 12 "buyable pins";
// docs/decisions/074): schema.org Product with an Offer (or AggregateOffer) in the page's
// JSON-LD. Read when a pin is saved from a URL; the pin is a buyable pin when the page states a
// price, a currency and an availability. Anything missing, malformed or unreachable means "no
// offer", never a failed save.
import { parse } from 'parse5';
import type { DefaultTreeAdapterTypes } from 'parse5';
import type { ProductAvailability } from '@corkboard/db/schema';
import {
  HTML_CONTENT_TYPES,
  SAFE_FETCH_HTML_MAX_BYTES,
  type SafeFetcher,
} from '../../lib/safe-fetch.ts';

type Node = DefaultTreeAdapterTypes.Node;
type Element = DefaultTreeAdapterTypes.Element;

/** Decision: the page is read for its offer at most this long; the save does not wait longer. */
export const PAGE_PRODUCT_TIMEOUT_MS = 5_000;
/** Decision: JSON-LD blocks read from one page (a page lists its product first). */
export const PAGE_PRODUCT_MAX_BLOCKS = 20;
/** numeric(12, 2): at most 10 digits before the point. */
export const PAGE_PRODUCT_PRICE_MAX = 9_999_999_999.99;

export interface PageProduct {
  /** Two decimals, as pin_products.price stores it. */
  price: string;
  currency: string;
  availability: ProductAvailability;
}

/** schema.org ItemAvailability names (with or without the schema.org prefix) we keep. */
const AVAILABILITY: Record<string, ProductAvailability> = {
  instock: 'in_stock',
  instoreonly: 'in_stock',
  onlineonly: 'in_stock',
  limitedavailability: 'in_stock',
  outofstock: 'out_of_stock',
  soldout: 'out_of_stock',
  discontinued: 'out_of_stock',
  preorder: 'preorder',
  presale: 'preorder',
  backorder: 'backorder',
};

function availabilityOf(value: unknown): ProductAvailability | null {
  if (typeof value !== 'string') return null;
  const name = value
    .trim()
    .replace(/^https?:\/\/schema\.org\//i, '')
    .toLowerCase();
  return AVAILABILITY[name] ?? null;
}

function priceOf(value: unknown): string | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
  if (!/^\s*\d+(\.\d+)?\s*$/.test(text)) return null;
  const price = Number(text);
  if (!Number.isFinite(price) || price < 0 || price > PAGE_PRODUCT_PRICE_MAX) return null;
  return price.toFixed(2);
}

function currencyOf(value: unknown): string | null {
  return typeof value === 'string' && /^[A-Za-z]{3}$/.test(value.trim())
    ? value.trim().toUpperCase()
    : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function hasType(node: Record<string, unknown>, type: string): boolean {
  const value = node['@type'];
  const types = Array.isArray(value) ? value : [value];
  return types.some(
    (entry) =>
      typeof entry === 'string' && entry.replace(/^https?:\/\/schema\.org\//i, '') === type,
  );
}

function offerOf(offer: Record<string, unknown>): PageProduct | null {
  const price = priceOf(offer.price ?? offer.lowPrice);
  const currency = currencyOf(offer.priceCurrency);
  const availability = availabilityOf(offer.availability);
  return price !== null && currency !== null && availability !== null
    ? { price, currency, availability }
    : null;
}

/** Every object in a JSON-LD value (arrays and @graph walked), depth-first, bounded. */
function* nodesOf(value: unknown, depth = 0): Generator<Record<string, unknown>> {
  if (depth > 8) return;
  if (Array.isArray(value)) {
    for (const item of value) yield* nodesOf(item, depth + 1);
    return;
  }
  if (!isRecord(value)) return;
  yield value;
  if (value['@graph'] !== undefined) yield* nodesOf(value['@graph'], depth + 1);
}

/** The first Product with a complete offer in these JSON-LD texts. */
export function productFromJsonLd(blocks: readonly string[]): PageProduct | null {
  for (const block of blocks) {
    let data: unknown;
    try {
      data = JSON.parse(block);
    } catch {
      continue;
    }
    for (const node of nodesOf(data)) {
      if (!hasType(node, 'Product')) continue;
      const offers = Array.isArray(node.offers) ? node.offers : [node.offers];
      for (const offer of offers) {
        if (!isRecord(offer)) continue;
        const found = offerOf(offer);
        if (found) return found;
      }
    }
  }
  return null;
}

function textOf(element: Element): string {
  return element.childNodes
    .map((child) => ('value' in child && child.nodeName === '#text' ? child.value : ''))
    .join('');
}

/** The JSON-LD script texts of an HTML document, in page order. */
export function jsonLdBlocks(html: string): string[] {
  const blocks: string[] = [];
  const visit = (node: Node) => {
    if (blocks.length >= PAGE_PRODUCT_MAX_BLOCKS) return;
    if ('tagName' in node && node.tagName === 'script') {
      const type = node.attrs.find((attr) => attr.name === 'type')?.value ?? '';
      if (type.trim().toLowerCase() === 'application/ld+json') blocks.push(textOf(node));
      return;
    }
    if ('childNodes' in node) for (const child of node.childNodes) visit(child);
  };
  visit(parse(html));
  return blocks;
}

/** The offer stated by the page at `url`, or null (see the file comment). */
export async function fetchPageProduct(
  fetcher: SafeFetcher,
  url: string,
): Promise<PageProduct | null> {
  try {
    const page = await fetcher(url, {
      allowedContentTypes: HTML_CONTENT_TYPES,
      maxBytes: SAFE_FETCH_HTML_MAX_BYTES,
      onLimit: 'truncate',
      timeoutMs: PAGE_PRODUCT_TIMEOUT_MS,
      headers: { accept: 'text/html' },
    });
    if (page.status < 200 || page.status >= 300) return null;
    return productFromJsonLd(jsonLdBlocks(page.body.toString('utf8')));
  } catch {
    // Unreachable, blocked, not HTML, too slow: the pin is saved without an offer.
    return null;
  }
}
