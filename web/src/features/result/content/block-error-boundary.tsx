import { Component, type ReactNode } from 'react';
import { safeStringify } from '#client/content/json-text.ts';
import { TextViewer } from '../text-viewer.tsx';

interface Props {
  /** What the failed view was showing, to display raw instead. */
  raw: unknown;
  children: ReactNode;
}

/**
 * Last line of defence: shapes are checked before rendering, but if a viewer still throws on some
 * unforeseen input, only that block falls back to raw JSON and the rest of the result stays.
 */
export class BlockErrorBoundary extends Component<Props, { error: Error | undefined }> {
  override state = { error: undefined as Error | undefined };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div
        role="group"
        aria-label="Block that could not be displayed"
        className="rounded-md border border-red-300 p-2 dark:border-red-800"
      >
        <p className="mb-1 text-xs font-semibold text-red-700 dark:text-red-300">
          This block could not be displayed: {error.message}
        </p>
        <TextViewer text={safeStringify(this.props.raw)} fileName="block.json" prettyToggle={false} />
      </div>
    );
  }
}
