// What `import … from 'react-dom'` resolves to in the web build and its unit tests (decision
// 186): preact/compat, plus React DOM 19's form-status names, which Preact does not have and
// which fail loudly if called (see ./react.ts).
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
