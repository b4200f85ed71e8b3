//! Catches render errors: shows the error screen in the clean layout; if that fails too, a bare
//! 'An error occurred while showing the error page' with details. A failed chunk load reloads
//! the page instead (at most once per 60 s).
import type { ComponentChildren } from 'preact';
import { Component } from 'react';
import { isChunkLoadError, reloadForChunkError } from '../lib/chunk-reload';
import { ErrorPageFailed, ErrorScreen } from './error-screen';
import { CleanLayout } from './layouts/clean-layout';

type BoundaryState = { error: unknown };

function describe(error: unknown): string {
  if (error instanceof Error) return error.stack || `${error.name}: ${error.message}`;
  return String(error);
}

class ErrorPageBoundary extends Component<{ children: ComponentChildren; cause: unknown }, BoundaryState> {
  state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error };
  }

  render() {
    if (this.state.error) {
      return <ErrorPageFailed detail={`${describe(this.props.cause)}\n\n${describe(this.state.error)}`} />;
    }
    return this.props.children;
  }
}

export class ErrorBoundary extends Component<{ children: ComponentChildren }, BoundaryState> {
  state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error };
  }

  componentDidCatch(error: unknown) {
    console.error('render failed', error);
    if (isChunkLoadError(error)) reloadForChunkError();
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <ErrorPageBoundary cause={error}>
        <CleanLayout>
          <ErrorScreen status={500} detail={error instanceof Error ? error.message : String(error)} />
        </CleanLayout>
      </ErrorPageBoundary>
    );
  }
}
