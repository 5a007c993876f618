// What `import … from 'react-dom'` resolves to in the web build and its unit tests (decision
// 186): preact/compat, plus React DOM 19's form-status names, which Preact does not have and
// which fail loudly if called (see ./react.ts).
// @ts-expect-error -- preact/compat's type declarations use `export =` (one namespace), which
// `export *` cannot re-export; the module itself is ESM and Vite re-exports its names.
export * from 'preact/compat';
export { default } from 'preact/compat';

function unsupported(name: string): never {
  throw new Error(
    `React DOM's ${name} is not available: the web app runs on Preact (docs/decisions/186).`,
  );
}

export function useFormStatus(): never {
  return unsupported('useFormStatus');
}

export function requestFormReset(): never {
  return unsupported('requestFormReset');
}
