import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useT } from '../i18n/translator';
import { ErrorView } from './error-view';

interface Props {
  children: ReactNode;
  /** Rendered instead of the children after an error; `reset` tries them again. */
  fallback?: (error: unknown, reset: () => void) => ReactNode;
  /** Clears the error when this changes (for example the route). */
  resetKey?: unknown;
}

interface State {
  error: unknown;
  resetKey: unknown;
}

/** Keeps a failing section from taking the whole page down. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) return { error: null, resetKey: props.resetKey };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  reset = () => this.setState({ error: null });

  override render() {
    if (this.state.error === null) return this.props.children;
    if (this.props.fallback) return this.props.fallback(this.state.error, this.reset);
    return <SectionError error={this.state.error} onRetry={this.reset} />;
  }
}

/** A class component cannot read the page's language from context; this one can. */
function SectionError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const t = useT();
  return <ErrorView error={error} title={t('errors.sectionFailed')} onRetry={onRetry} compact />;
}
