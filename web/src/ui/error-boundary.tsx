import { Component, type ErrorInfo, type ReactNode } from 'react';

/**
 * Keeps one broken view (say, a hostile result the renderer chokes on) from blanking the page:
 * the rest keeps working and the view says what went wrong.
 */
export class ErrorBoundary extends Component<
  { children: ReactNode; label: string; resetKey?: unknown },
  { error?: Error }
> {
  override state: { error?: Error } = {};

  static getDerivedStateFromError(error: Error): { error: Error } {
    return { error };
  }

  override componentDidUpdate(previous: { resetKey?: unknown }): void {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: undefined });
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`${this.props.label} failed`, error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    return (
      <div
        role="alert"
        className="m-2 rounded-md border border-red-300 bg-red-50 p-3 text-sm dark:border-red-800 dark:bg-red-950"
      >
        <p className="font-semibold">{this.props.label} could not be shown</p>
        <p className="font-mono text-xs break-all">{this.state.error.message}</p>
      </div>
    );
  }
}
