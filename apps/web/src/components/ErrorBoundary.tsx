import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isForbidden } from '../lib/api';
import { ChunkLoadError } from '../lib/lazy';
import { NotAllowed } from './NotAllowed';
import { ErrorScreen } from './ErrorScreen';

interface BoundaryProps {
  children: ReactNode;
  /** A new value (the next location) clears the error. */
  resetKey: string;
  onBack: () => void;
}

interface BoundaryState {
  error: unknown;
  failedAt: string | null;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, failedAt: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (state.error === null) return state.failedAt === props.resetKey ? null : { failedAt: props.resetKey };
    if (state.failedAt !== props.resetKey) return { error: null, failedAt: props.resetKey };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Unhandled UI error', error, info.componentStack);
  }

  private readonly retry = () => {
    // A chunk that failed stays failed in this page: reloading fetches it anew.
    if (this.state.error instanceof ChunkLoadError) window.location.reload();
    else this.setState({ error: null });
  };

  override render() {
    if (this.state.error !== null) {
      // 403: signed in, but not allowed. The session stays; the screen says so.
      if (isForbidden(this.state.error)) return <NotAllowed />;
      return <ErrorScreen error={this.state.error} onRetry={this.retry} onBack={this.props.onBack} />;
    }
    return this.props.children;
  }
}

/**
 * Catches render errors (and failed route chunks) below it: 'Not allowed' for a
 * 403, else the error screen. Moving to another page clears them.
 */
export function ErrorBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <Boundary resetKey={location.key} onBack={() => void (location.key === 'default' ? navigate('/') : navigate(-1))}>
      {children}
    </Boundary>
  );
}
