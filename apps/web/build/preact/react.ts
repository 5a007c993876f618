// What `import … from 'react'` resolves to in the web build and its unit tests (decision 186):
// preact/compat, plus the React 19 names Preact does not have. Those are defined here so that a
// library that merely *imports* them (react-router's data-router `RouterProvider`, which the app
// does not use, imports `useOptimistic`) still bundles; calling one fails loudly instead of
// misbehaving. Our own code may not import them at all (eslint `no-restricted-imports`).
import { options, type VNode } from 'preact';

// @ts-expect-error -- preact/compat's type declarations use `export =` (one namespace), which
// `export *` cannot re-export; the module itself is ESM and Vite re-exports its names.
export * from 'preact/compat';
export { default } from 'preact/compat';

// ---------------------------------------------------------------------------------------------
// onChange on text fields, as React has it. preact/compat turns an input's or textarea's
// onChange into an `input` listener only; React calls onChange for `input` events and also for a
// `change` event whose value it has not reported yet (date pickers, autofill and Testing
// Library's fireEvent.change send only `change`). So the handler listens to both, and a
// `change` that follows an `input` with the same value is not reported twice.

/** Input types whose onChange preact/compat leaves on the `change` event (as React does). */
const CHANGE_EVENT_TYPES = /fil|che|rad/;
const reported = new WeakMap<EventTarget, string>();
const wrapped = new WeakMap<(event: Event) => unknown, (event: Event) => unknown>();

function reportOnce(handler: (event: Event) => unknown): (event: Event) => unknown {
  let once = wrapped.get(handler);
  if (!once) {
    once = (event: Event) => {
      const field = event.currentTarget as HTMLInputElement | null;
      if (field) {
        if (event.type === 'change' && reported.get(field) === field.value) return undefined;
        reported.set(field, field.value);
      }
      return handler(event);
    };
    wrapped.set(handler, once);
  }
  return once;
}

// Preact's option hooks are plain functions (no `this`); compat's is called as one below.
// eslint-disable-next-line @typescript-eslint/unbound-method
const compatVNodeHook = options.vnode;
options.vnode = (vnode: VNode) => {
  const { type } = vnode;
  if (type === 'input' || type === 'textarea') {
    const props = vnode.props as Record<string, unknown>;
    const onChange = props.onChange;
    if (
      typeof onChange === 'function' &&
      props.onChangeCapture === undefined &&
      !(typeof props.type === 'string' && CHANGE_EVENT_TYPES.test(props.type))
    ) {
      const handler = reportOnce(onChange as (event: Event) => unknown);
      // compat maps onChange to the `input` event; onChangeCapture stays the `change` event.
      const next = { ...vnode.props, onChange: handler, onChangeCapture: handler };
      vnode.props = next;
    }
  }
  compatVNodeHook?.(vnode);
};

function unsupported(name: string): never {
  throw new Error(
    `React's ${name} is not available: the web app runs on Preact (docs/decisions/186). ` +
      'Use useState/useTransition or a mutation hook instead.',
  );
}

export function useOptimistic(): never {
  return unsupported('useOptimistic');
}

export function useActionState(): never {
  return unsupported('useActionState');
}
