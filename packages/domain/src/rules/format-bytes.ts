import { coreMessages } from "../messages/core";

const UNITS = coreMessages.units.bytes;

/** Bytes, KB, MB, ... YB in powers of 1024, with at most `decimals` decimals (trailing zeros dropped). */
export function formatBytes(bytes: number, decimals = 2): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return `0 ${UNITS[0]}`;
  const tier = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), UNITS.length - 1);
  const value = Number.parseFloat((bytes / 1024 ** tier).toFixed(Math.max(0, decimals)));
  return `${value} ${UNITS[tier] ?? ""}`;
}
