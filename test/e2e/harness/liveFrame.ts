// A webview frame that survives its own reload. VS Code reloads a webview's inner frame when the
// panel is moved, hidden and shown again, or its HTML is set anew; a `Frame` held across that is
// detached ("Frame was detached"). A live frame records the calls made on it (`locator`, `first`,
// `nth`…) and replays them on the frame found again by the same predicate when an action fails
// because its frame went away.
import type { Frame, Page } from 'playwright-core';

const FRAME_GONE = /Frame was detached|frame got detached|Frame has been detached|Execution context was destroyed|Cannot find context with specified id/i;

type Call = [name: PropertyKey, args: unknown[]];

export interface LiveFrameSource {
  page: Page;
  /** The frame now: the last one found, or a new one matching the predicate once that one went away. */
  current(): Frame;
  /** Waits for a frame matching the predicate again (after the current one went away). */
  reacquire(): Promise<void>;
}

type Chainable = Record<PropertyKey, unknown>;

/** Calls `name` on `target` as a method. */
function call(target: Chainable, name: PropertyKey, args: unknown[]): unknown {
  return Reflect.apply(target[name] as (...args: unknown[]) => unknown, target, args);
}

function replay(root: Frame, calls: readonly Call[]): Chainable {
  return calls.reduce((target, [name, args]) => call(target, name, args) as Chainable, root as unknown as Chainable);
}

/** A proxy over `calls` made from the live frame: chainable calls are recorded, actions replayed once if the frame went away. */
function recorded(source: LiveFrameSource, calls: readonly Call[]): unknown {
  return new Proxy(() => undefined, {
    get(_target, name) {
      if (name === 'then') return undefined; // not a promise
      const probe = replay(source.current(), calls)[name];
      if (typeof probe !== 'function') return probe;
      return (...args: unknown[]) => {
        const result = call(replay(source.current(), calls), name, args);
        if (result instanceof Promise) {
          return result.catch(async (error: unknown) => {
            if (!FRAME_GONE.test(String(error))) throw error;
            await source.reacquire();
            return call(replay(source.current(), calls), name, args);
          });
        }
        // A Locator or FrameLocator: keep recording, so a later action can be replayed.
        if (result && typeof result === 'object' && typeof (result as Chainable).locator === 'function') {
          return recorded(source, [...calls, [name, args]]);
        }
        return result;
      };
    },
  });
}

/** Wraps a found frame so that actions on it (and on locators made from it) survive its reload. */
export function liveFrame(source: LiveFrameSource): Frame {
  return recorded(source, []) as Frame;
}
