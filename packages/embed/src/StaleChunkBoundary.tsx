import { isStaleChunkError, reloadOnStaleChunk, type StaleChunkReloadOptions } from '@coursekit/core';
import { Component, type ReactNode } from 'react';

interface Props {
  children?: ReactNode;
  /** How the page reloads and remembers it did (default: location.reload and sessionStorage). */
  reload?: StaleChunkReloadOptions;
}

/**
 * Around the mounted player: a lazy screen of the widgets whose chunk is gone (the partner's page
 * was built and deployed again while it stayed open) reloads the page once onto the new build, as
 * the site does. The offline queue is in localStorage and answers are on the server, so nothing the
 * learner did is lost. Any other error, or a second failure right after the reload, shows nothing
 * of the player rather than a half-drawn one, and is reported on the console for the page's owner.
 */
export class StaleChunkBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    if (isStaleChunkError(error) && reloadOnStaleChunk(this.props.reload)) return;
    console.error('CourseKit: the player could not be shown', error);
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}
