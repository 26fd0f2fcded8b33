import { Component, type ReactNode } from 'react';
import { i18n } from '@/lib/i18n';

interface Props {
  children: ReactNode;
  /** A change (e.g. the path) clears the error. */
  resetKey?: string;
}

/** Catches a page that throws while rendering and offers a reload instead of a blank screen. */
export class ErrorBoundary extends Component<Props, { error: Error | null; key?: string }> {
  override state: { error: Error | null; key?: string } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: { error: Error | null; key?: string }) {
    if (props.resetKey !== state.key) return { error: null, key: props.resetKey };
    return null;
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="crash-screen" role="alert">
        <h1>{i18n.t('app.crashed')}</h1>
        <p>{i18n.t('app.crashedDesc')}</p>
        <button
          type="button"
          className="app-button app-button--primary"
          onClick={() => window.location.reload()}
        >
          {i18n.t('app.reload')}
        </button>
      </div>
    );
  }
}
