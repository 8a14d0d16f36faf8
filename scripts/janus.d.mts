// Types of scripts/janus.mjs for the TypeScript tests that start Janus.
export function findJanus(): string | null;
export function ensureJanus(): Promise<string | null>;
export const janusMissing: string;
export interface StartedJanus {
  /** Janus's HTTP API, http://127.0.0.1:PORT/janus */
  url: string;
  apiSecret: string;
  adminKey: string;
  stop(): Promise<void>;
  output(): string;
}
export function startJanus(options: {
  binary?: string | null;
  apiSecret: string;
  adminKey: string;
}): Promise<StartedJanus>;
