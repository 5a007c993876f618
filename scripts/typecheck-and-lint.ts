// CI's typecheck and typed lint of one TypeScript project on ONE program (docs/decisions/210).
//
// `npm run typecheck` (tsc) and `npm run lint` (ESLint with projectService) each built their own
// program over the same files and type-checked them: on this repository that is ~80 s of CPU
// done twice. Here the project's program is built once, tsc's diagnostics are taken from it
// (the full check fills the checker's caches), and ESLint lints the files this tsconfig owns with
// `parserOptions.programs` set to that same program, so the type-aware rules read types the
// check already computed. Same compiler options, same files, same rules: only the work is shared.
//
//   node scripts/typecheck-and-lint.ts <tsconfig> <lint target>... [--ignore <glob>]...
//
// The lint targets name the files ESLint would have linted with this tsconfig under projectService
// (the nearest tsconfig.json including the file). A linted file that is not one of the program's
// own files (its `include`) is an error here, as it is for projectService: nothing is linted with
// a program it does not belong to. Exits 1 on any type error or lint error.
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

interface Args {
  tsconfig: string;
  targets: string[];
  ignores: string[];
}

function parseArgs(argv: string[]): Args {
  const [tsconfig, ...rest] = argv;
  if (!tsconfig)
    throw new Error('usage: typecheck-and-lint.ts <tsconfig> <target>... [--ignore <glob>]...');
  const targets: string[] = [];
  const ignores: string[] = [];
  for (let i = 0; i < rest.length; i += 1) {
    const arg = rest[i];
    if (arg === '--ignore') {
      const glob = rest[(i += 1)];
      if (!glob) throw new Error('--ignore needs a glob');
      ignores.push(glob);
    } else if (arg !== undefined) {
      targets.push(arg);
    }
  }
  if (targets.length === 0) throw new Error('name at least one lint target');
  return { tsconfig, targets, ignores };
}

function createProgram(tsconfigPath: string): ts.Program {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    tsconfigPath,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error(`could not read ${tsconfigPath}`);
  return ts.createProgram({
    rootNames: parsed.fileNames,
    options: parsed.options,
    projectReferences: parsed.projectReferences,
    configFileParsingDiagnostics: parsed.errors,
  });
}

/** What `tsc -p <tsconfig>` (noEmit) reports, printed as tsc prints it. */
function typecheck(program: ts.Program): boolean {
  const diagnostics = ts.sortAndDeduplicateDiagnostics(ts.getPreEmitDiagnostics(program));
  if (diagnostics.length === 0) return true;
  const host: ts.FormatDiagnosticsHost = {
    getCanonicalFileName: (name) => name,
    getCurrentDirectory: () => ROOT,
    getNewLine: () => '\n',
  };
  const format = process.stdout.isTTY
    ? ts.formatDiagnosticsWithColorAndContext
    : ts.formatDiagnostics;
  process.stdout.write(format(diagnostics, host));
  return !diagnostics.some((d) => d.category === ts.DiagnosticCategory.Error);
}

async function lint(program: ts.Program, args: Args): Promise<boolean> {
  const eslint = new ESLint({
    cwd: ROOT,
    ignorePatterns: args.ignores,
    overrideConfig: [
      {
        // The program above instead of the project service (which would build its own).
        languageOptions: { parserOptions: { projectService: false, programs: [program] } },
      },
    ],
  });
  const results = await eslint.lintFiles(args.targets);
  // projectService lints a file with the tsconfig that includes it, or refuses it: the same here.
  const own = new Set(program.getRootFileNames().map((name) => resolve(name)));
  const strays = results
    .map((result) => result.filePath)
    .filter((path) => /\.(c|m)?tsx?$/.test(path) && !own.has(path));
  for (const path of strays) {
    console.error(`${relative(ROOT, path)}: linted, but not included by ${args.tsconfig}`);
  }
  console.log(
    `${args.tsconfig}: ${program.getRootFileNames().length} files type-checked, ${results.length} linted`,
  );
  const formatter = await eslint.loadFormatter('stylish');
  const output = await formatter.format(results);
  if (output) process.stdout.write(output);
  return strays.length === 0 && !results.some((result) => result.errorCount > 0);
}

const args = parseArgs(process.argv.slice(2));
const tsconfigPath = resolve(ROOT, args.tsconfig);
const program = createProgram(tsconfigPath);
const typesOk = typecheck(program);
const lintOk = await lint(program, args);
if (!typesOk) console.error(`type errors in ${args.tsconfig} (above)`);
if (!lintOk) console.error(`lint errors in the files of ${args.tsconfig} (above)`);
process.exit(typesOk && lintOk ? 0 : 1);
