// The web unit tests run the renderer the build ships (decision 186): React imports, ours and
// our dependencies', must resolve to Preact, or the tests would pass on a React the browser
// never gets.
import * as preactCompat from 'preact/compat';
// Namespace imports on purpose: the test looks at the names the lint rule keeps out of the app.
// eslint-disable-next-line no-restricted-imports
import * as React from 'react';
// eslint-disable-next-line no-restricted-imports
import * as ReactDOM from 'react-dom';
import * as ReactDOMClient from 'react-dom/client';
import { jsx } from 'react/jsx-runtime';
import { jsx as preactJsx } from 'preact/jsx-runtime';
import { describe, expect, it } from 'vitest';

describe.skipIf(process.env.WEB_RENDERER === 'react')('React on Preact', () => {
  it('answers react, react-dom and the JSX runtime with Preact', () => {
    expect(React.createElement).toBe(preactCompat.createElement);
    expect(React.useState).toBe(preactCompat.useState);
    expect(ReactDOM.createPortal).toBe(preactCompat.createPortal);
    expect(jsx).toBe(preactJsx);
    expect(ReactDOMClient.createRoot).toBeTypeOf('function');
  });

  it('gives the React 19 names Preact lacks a loud failure, not a silent one', () => {
    expect(() => (React.useOptimistic as () => unknown)()).toThrow(/decisions\/186/);
    expect(() => (React.useActionState as () => unknown)()).toThrow(/decisions\/186/);
  });
});
