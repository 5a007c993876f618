// E2E_STEP_TIMINGS=1: prints every playwright call of a journey that took at least
// E2E_STEP_TIMINGS_MIN_MS (default 500) with the journey line that made it, plus each hook's and
// test's wall time, so a slow file shows where its time goes. Off by default (a setup file the
// config adds only when the variable is set); it changes no behaviour, only wraps and times.
import { readdirSync, readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';

const MIN_MS = Number(process.env.E2E_STEP_TIMINGS_MIN_MS ?? 500) || 500;
const patched = new WeakSet<object>();
let depth = 0;

/** Clock ticks per second of /proc/<pid>/stat's times (100 on Linux). */
const TICKS = 100;

/** Parent and own+reaped-children CPU seconds of every live process, from /proc. */
function processTable(): Map<number, { ppid: number; comm: string; cpu: number }> {
  const table = new Map<number, { ppid: number; comm: string; cpu: number }>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      const fields = stat.slice(close + 2).split(' ');
      // After the comm: state(0) ppid(1) … utime(11) stime(12) cutime(13) cstime(14).
      const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i] ?? 0), 0);
      table.set(Number(name), { ppid: Number(fields[1]), comm, cpu: ticks / TICKS });
    } catch {
      // exited meanwhile
    }
  }
  return table;
}

/** CPU seconds of the chromium processes under this worker (their reaped children included). */
export function chromiumCpuSeconds(): number {
  const table = processTable();
  let total = 0;
  for (const [, entry] of table) {
    if (!entry.comm.startsWith('chrom')) continue;
    // Count only the top chromium of a tree (its cutime holds the reaped renderers; live
    // children are added by walking): a process whose parent is not chromium, under us.
    const parent = table.get(entry.ppid);
    if (parent?.comm.startsWith('chrom')) continue;
    let ancestor = entry.ppid;
    while (ancestor > 1 && ancestor !== process.pid) ancestor = table.get(ancestor)?.ppid ?? 0;
    if (ancestor !== process.pid) continue;
    total += entry.cpu;
  }
  // Live descendants of those tops (renderers still open).
  for (const [, entry] of table) {
    if (!entry.comm.startsWith('chrom')) continue;
    const parent = table.get(entry.ppid);
    if (!parent?.comm.startsWith('chrom')) continue;
    let ancestor = entry.ppid;
    while (ancestor > 1 && ancestor !== process.pid) ancestor = table.get(ancestor)?.ppid ?? 0;
    if (ancestor === process.pid) total += entry.cpu;
  }
  return total;
}

/** The first stack frames inside e2e/ but outside this file: where the journey asked. */
function caller(): string {
  const lines = (new Error().stack ?? '').split('\n').slice(1);
  const ours = lines
    .map((line) => /\/e2e\/([^/][^):]*\.ts):(\d+)/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null)
    .filter((match) => !match[1]?.endsWith('step-timings.ts'))
    .slice(0, 2)
    .map((match) => `${match[1]}:${match[2]}`);
  return ours.join(' < ') || '?';
}

function wrapPrototype(instance: object, label: string): void {
  const proto = Object.getPrototypeOf(instance) as Record<string, unknown> | null;
  if (!proto || patched.has(proto)) return;
  patched.add(proto);
  for (const name of Object.getOwnPropertyNames(proto)) {
    if (name === 'constructor' || name.startsWith('_')) continue;
    const descriptor = Object.getOwnPropertyDescriptor(proto, name);
    if (!descriptor || typeof descriptor.value !== 'function') continue;
    const original = descriptor.value as (...args: unknown[]) => unknown;
    proto[name] = function timed(this: unknown, ...args: unknown[]) {
      const started = performance.now();
      const where = depth === 0 ? caller() : '';
      depth += 1;
      let result: unknown;
      try {
        result = original.apply(this, args);
      } finally {
        depth -= 1;
      }
      if (where && result instanceof Promise) {
        const report = () => {
          const ms = performance.now() - started;
          if (ms >= MIN_MS) {
            const first = typeof args[0] === 'string' ? ` ${args[0].slice(0, 60)}` : '';
            console.log(`[step] ${(ms / 1000).toFixed(1)}s ${label}.${name}${first} @ ${where}`);
          }
        };
        result.then(report, report);
      }
      return result;
    };
  }
}

const launch = chromium.launch.bind(chromium);
chromium.launch = async (...args: Parameters<typeof chromium.launch>) => {
  const started = performance.now();
  const browser = await launch(...args);
  console.log(`[step] ${((performance.now() - started) / 1000).toFixed(1)}s chromium.launch`);
  // Reach the classes through one throwaway page, then wrap their methods.
  const context = await browser.newContext();
  const page = await context.newPage();
  wrapPrototype(browser, 'browser');
  wrapPrototype(context, 'context');
  wrapPrototype(page, 'page');
  wrapPrototype(page.locator('body'), 'locator');
  wrapPrototype(page.keyboard, 'keyboard');
  wrapPrototype(page.mouse, 'mouse');
  wrapPrototype(page.request, 'request');
  await context.close();
  const close = browser.close.bind(browser);
  browser.close = async (...closeArgs: Parameters<typeof browser.close>) => {
    console.log(`[cpu] chromium ${chromiumCpuSeconds().toFixed(1)}s`);
    return close(...closeArgs);
  };
  return browser;
};

let hookStarted = 0;
beforeAll(() => {
  hookStarted = performance.now();
});
let testStarted = 0;
beforeEach((context) => {
  if (hookStarted) {
    console.log(`[step] ${((performance.now() - hookStarted) / 1000).toFixed(1)}s beforeAll`);
    hookStarted = 0;
  }
  testStarted = performance.now();
  console.log(`[step] test start: ${context.task.name}`);
});
afterEach((context) => {
  const seconds = ((performance.now() - testStarted) / 1000).toFixed(1);
  console.log(`[step] ${seconds}s test: ${context.task.name}`);
});
afterAll(() => {
  const own = process.cpuUsage();
  console.log(`[cpu] test worker ${((own.user + own.system) / 1e6).toFixed(1)}s`);
  console.log(`[step] file done at ${new Date().toISOString()}`);
});
