import { describe, expect, it } from 'vitest';
import { routePreloads } from './routePreloads.ts';

const chunk = (fileName: string, imports: string[], facade: string | null, isEntry = false) => ({
  type: 'chunk' as const,
  fileName,
  imports,
  facadeModuleId: facade,
  isEntry,
});

describe('routePreloads', () => {
  const bundle = {
    'assets/index-1.js': chunk('assets/index-1.js', [], '/app/src/main.tsx', true),
    'assets/HomePage-1.js': chunk(
      'assets/HomePage-1.js',
      ['assets/index-1.js', 'assets/PinGrid-1.js'],
      '/app/src/features/feed/HomePage.tsx',
    ),
    'assets/PinGrid-1.js': chunk(
      'assets/PinGrid-1.js',
      ['assets/index-1.js', 'assets/lists-1.js'],
      null,
    ),
    'assets/lists-1.js': chunk('assets/lists-1.js', ['assets/PinGrid-1.js'], null),
    'assets/index-1.css': { type: 'asset' as const },
  };

  it("lists a page's chunk and its static imports, once each, without the shell", () => {
    expect(routePreloads(bundle, { home: 'src/features/feed/HomePage.tsx' })).toEqual({
      home: ['/assets/HomePage-1.js', '/assets/PinGrid-1.js', '/assets/lists-1.js'],
    });
  });

  it('fails the build when a page module has no chunk (moved or renamed)', () => {
    expect(() => routePreloads(bundle, { pin: 'src/features/pin/PinPage.tsx' })).toThrow(
      /no chunk for pin/,
    );
  });
});
