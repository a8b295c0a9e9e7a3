import { Component, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { href } from '../../nav/routes';
import { ErrorPage } from './ErrorPage';
import { reportCrash } from './report';

interface Props {
  /** A new value (another location) clears the error, so "back home" and browser back work. */
  resetKey: string;
  onHome(): void;
  children: ReactNode;
}

class Boundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    reportCrash(
      error instanceof Error && info.componentStack
        ? Object.assign(error, { stack: `${error.stack ?? ''}\n${info.componentStack}` })
        : error,
      'screen',
    );
  }

  override componentDidUpdate(prev: Props): void {
    if (this.state.failed && prev.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override render() {
    return this.state.failed ? <ErrorPage onHome={this.props.onHome} /> : this.props.children;
  }
}

/** An error boundary around one screen or lazy part: a crash there leaves the rest of the app. */
export function ScreenBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <Boundary resetKey={location.key} onHome={() => void navigate(href('home'), { replace: true })}>
      {children}
    </Boundary>
  );
}

/** `Screen` inside its own boundary (the router wraps every lazy screen with this). */
export function withBoundary(Screen: ComponentType): ComponentType {
  function Bounded() {
    return (
      <ScreenBoundary>
        <Screen />
      </ScreenBoundary>
    );
  }
  Bounded.displayName = `Bounded(${Screen.displayName ?? Screen.name})`;
  return Bounded;
}
