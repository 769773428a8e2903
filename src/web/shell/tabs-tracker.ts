// The page tabs follow the navigations themselves, as they happen (spec §2 Layout: every opened page
// becomes a tab): not the rendered page. A page whose chunk is still loading when the user moves on
// has been opened all the same, so it keeps its tab; the router may never render it (its update is a
// transition that the next navigation replaces).
import { openTabForLocation, type TabNavigationContext, type TabsState } from "./tabs-state.ts";

export interface TabLocation {
  pathname: string;
  search: string;
}

/** What the tracker follows: the app's history (providers/history.ts), or any history of the same shape. */
export interface NavigationSource {
  readonly location: TabLocation;
  listen(listener: (update: { location: TabLocation }) => void): () => void;
}

export class TabsTracker {
  private state: TabsState;
  private readonly listeners = new Set<() => void>();

  /** `context` is read at each navigation, so it may follow the user (scene name) and the session. */
  constructor(
    initial: TabsState,
    private readonly context: () => TabNavigationContext,
  ) {
    this.state = initial;
  }

  readonly getState = (): TabsState => this.state;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  update(change: (state: TabsState) => TabsState): void {
    const next = change(this.state);
    if (next === this.state) return;
    this.state = next;
    for (const listener of [...this.listeners]) listener();
  }

  /** A navigation to `location`: its tab opens (or refreshes) and becomes active. */
  navigated(location: TabLocation): void {
    this.update((s) => openTabForLocation(s, location, this.context()));
  }

  /** Follows the source's navigations from now on (taking its current location first); returns the stop. */
  follow(source: NavigationSource): () => void {
    const stop = source.listen(({ location }) => this.navigated(location));
    this.navigated(source.location);
    return stop;
  }
}
