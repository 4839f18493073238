import { Component, type ReactNode } from 'react';

/** Props of the boundary around the generated form. */
export interface FormErrorBoundaryProps {
  children: ReactNode;
  /** Told why the form crashed; the editor then falls back to the JSON tab. */
  onError: (message: string) => void;
}

/**
 * Catches a crash while rendering the generated form (a schema shape rjsf does not survive), so the panel falls
 * back to the JSON tab instead of going blank.
 */
export class FormErrorBoundary extends Component<FormErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    this.props.onError(error instanceof Error ? error.message : String(error));
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}
