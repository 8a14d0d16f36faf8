import { TIMEOUTS } from "@atrium/domain/constants";

/** Spec 2 §8: a lazily loaded page that takes over 60 s fails with this error. */
export class LazyLoadTimeoutError extends Error {
  constructor() {
    super("Failed to load chunked component due to timeout");
    this.name = "LazyLoadTimeoutError";
  }
}

/** Races a dynamic import against the spec's page-load time-out. */
export function withTimeout<T>(load: () => Promise<T>, ms: number = TIMEOUTS.pageLoadMs) {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new LazyLoadTimeoutError()), ms);
      load().then(
        (module) => {
          clearTimeout(timer);
          resolve(module);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error);
        },
      );
    });
}
