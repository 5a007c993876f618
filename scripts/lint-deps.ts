// `npm run lint` step: the dependency rules (.dependency-cruiser.cjs) and, on the same cruise,
// import cycles between folders. dependency-cruiser's own no-circular sees files only; a loop
// such as modules/boards → modules/pins → modules/boards through different files is a knot as
// well (docs/decisions/017). Exits 1 on any violation; prints every one.
//
// Folders: under apps/<app>/src and packages/<pkg>/src a file belongs to `<top>/<sub>` when it
// sits two or more levels down (modules/boards/x.ts → modules/boards, features/saving/y.tsx →
// features/saving), to `<top>` one level down (ui/Button.tsx → ui), and a file right in src/
// (app.ts, main.tsx) stands for itself. Anywhere else a file belongs to its directory. Test files
// are left out: nothing imports them, so they close no loop of the code they test, but a test
// beside module A that uses the app fixture would otherwise tie A to every module.
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult, type IViolation } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CONFIG = './.dependency-cruiser.cjs';
const SCANNED = ['apps', 'packages', 'e2e', 'scripts'];
const TEST_FILE = /\.test\.tsx?$/;

export function folderOf(path: string): string {
  const inSrc = /^((?:apps|packages)\/[^/]+\/src)\/(.*)$/.exec(path);
  if (inSrc?.[1] !== undefined && inSrc[2] !== undefined) {
    const parts = inSrc[2].split('/');
    if (parts.length >= 3) return `${inSrc[1]}/${parts[0]}/${parts[1]}`;
    if (parts.length === 2) return `${inSrc[1]}/${parts[0]}`;
    return path;
  }
  return dirname(path);
}

interface FolderEdge {
  from: string;
  to: string;
  /** One file-level import that makes the edge. */
  example: string;
}

/** Strongly connected components (Tarjan) of more than one folder. */
export function folderCycles(edges: FolderEdge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const edge of edges) {
    next.set(edge.from, [...(next.get(edge.from) ?? []), edge.to]);
    if (!next.has(edge.to)) next.set(edge.to, []);
  }
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of next.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(target) ?? 0));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const node of [...next.keys()].sort()) if (!index.has(node)) visit(node);
  return components;
}

function folderEdges(result: ICruiseResult): FolderEdge[] {
  const edges = new Map<string, FolderEdge>();
  for (const module of result.modules) {
    if (TEST_FILE.test(module.source) || module.source.includes('node_modules/')) continue;
    const from = folderOf(module.source);
    for (const dependency of module.dependencies) {
      const target = dependency.resolved;
      if (dependency.couldNotResolve || dependency.coreModule) continue;
      if (target.includes('node_modules/') || TEST_FILE.test(target)) continue;
      if (!SCANNED.some((top) => target.startsWith(`${top}/`))) continue;
      const to = folderOf(target);
      if (to === from) continue;
      const key = `${from} ${to}`;
      if (!edges.has(key)) edges.set(key, { from, to, example: `${module.source} → ${target}` });
    }
  }
  return [...edges.values()];
}

/** One violation as dependency-cruiser's `err` reporter words it, a cycle with its whole path. */
function describe(violation: IViolation): string {
  const head = `  ${violation.rule.severity} ${violation.rule.name}: ${violation.from}`;
  if (violation.cycle) {
    return `${head} →\n${violation.cycle.map(({ name }) => `      ${name}`).join(' →\n')}`;
  }
  return violation.from === violation.to ? head : `${head} → ${violation.to}`;
}

async function main(): Promise<void> {
  process.chdir(ROOT);
  const options = await extractDepcruiseOptions(CONFIG);
  const cruised = await cruise(SCANNED, { ...options, validate: true });
  if (typeof cruised.output === 'string') throw new Error('expected a cruise result');
  const result = cruised.output;

  const violations = result.summary.violations;
  for (const violation of violations) console.log(describe(violation));
  console.log(
    `${violations.length > 0 ? 'x' : '✔'} ${violations.length} dependency violation(s). ` +
      `${result.summary.totalCruised} modules, ${result.summary.totalDependenciesCruised} dependencies cruised.`,
  );

  const edges = folderEdges(result);
  const cycles = folderCycles(edges);
  for (const cycle of cycles) {
    const members = new Set(cycle);
    console.log(`\n  error no-folder-cycle: ${cycle.length} folders import each other in a loop:`);
    for (const edge of edges) {
      if (members.has(edge.from) && members.has(edge.to)) {
        console.log(`      ${edge.from} → ${edge.to}   (${edge.example})`);
      }
    }
  }
  if (cycles.length > 0) {
    console.log(`\nx ${cycles.length} folder-level import cycle(s).`);
  } else {
    console.log('✔ no folder-level import cycles.');
  }
  if (violations.length > 0 || cycles.length > 0) process.exitCode = 1;
}

await main();
