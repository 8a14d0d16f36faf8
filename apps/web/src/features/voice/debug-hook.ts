import { debugHooksEnabled } from "../../app/debug-hooks";
import type { VoiceProvider, VoiceStats } from "./voice-provider";

/**
 * The voice chat's handle for the journeys and the voice bench (`window.__atriumVoice`: its
 * state and its connections' getStats). It exists only when the page asked for test handles
 * (app/debug-hooks.ts), like the editor's engine.
 */
export interface VoiceDebugHook {
  state(): { joined: boolean; muted: boolean; peers: ReturnType<VoiceProvider["peers"]> };
  stats(): Promise<VoiceStats[]>;
}

type HookWindow = { __atriumVoice?: VoiceDebugHook };

/** Exposes the hook when asked for; returns the cleanup that removes it again. */
export function exposeVoice(hook: VoiceDebugHook): () => void {
  if (!debugHooksEnabled()) return () => {};
  const target = globalThis as HookWindow;
  target.__atriumVoice = hook;
  return () => {
    if (target.__atriumVoice === hook) delete target.__atriumVoice;
  };
}
