// docs/decisions/147-first-paint-without-shifts-and-early-discovery.md. A first visit used to
// be a waterfall: index.html → the shell → (the shell runs) → the page's chunk → its imports →
// the API → images. The server knows which page an address is (the page-meta resolvers), so the
// build writes, for each page the server recognises, the chunks that page needs besides the
// shell; the server puts them in index.html as <link rel="modulepreload"> and the browser
// fetches them alongside the shell.
import type { Plugin } from 'vite';

/** Page name (as the server's page meta names it) → the module its route loads lazily. */
export const ROUTE_ENTRIES = {
  home: 'src/features/feed/HomePage.tsx',
  pin: 'src/features/pin/PinPage.tsx',
  board: 'src/app/BoardRoute.tsx',
  profile: 'src/features/profile/ProfilePage.tsx',
} as const;

export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
}

type BundleLike = Record<string, ChunkLike | { type: 'asset' }>;

/** The chunk files a page needs besides the entry chunk: its own and its static imports. */
export function routePreloads(
  bundle: BundleLike,
  entries: Record<string, string>,
): Record<string, string[]> {
  const chunks = Object.values(bundle).filter((item): item is ChunkLike => item.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const result: Record<string, string[]> = {};
  for (const [page, source] of Object.entries(entries)) {
    const chunk = chunks.find((candidate) =>
      candidate.facadeModuleId?.replaceAll('\\', '/').endsWith(`/${source}`),
    );
    // A moved or renamed page must fail the build, not silently lose its preloads.
    if (!chunk) throw new Error(`route-preloads: no chunk for ${page} (${source})`);
    const files: string[] = [];
    const visit = (file: string) => {
      const current = byFile.get(file);
      if (!current || current.isEntry || files.includes(file)) return;
      files.push(file);
      current.imports.forEach(visit);
    };
    visit(chunk.fileName);
    result[page] = files.map((file) => `/${file}`);
  }
  return result;
}

export function routePreloadsPlugin(): Plugin {
  return {
    name: 'corkboard:route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOADS_FILE,
        source: `${JSON.stringify(routePreloads(bundle, ROUTE_ENTRIES), null, 2)}\n`,
      });
    },
  };
}
