import { Component, type ReactNode } from 'react';

interface ErrorBoundaryProps {
  fallback: ReactNode;
  children: ReactNode;
}

/**
 * Catches a page that throws while rendering, or whose code chunk fails to load (typically after
 * a deploy replaced the hashed files). The layout keys it by path, so navigating away resets it.
 * React itself reports the error (createRoot's onCaughtError), so nothing is logged here.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
