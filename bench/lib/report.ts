/** Prints the benchmark's one JSON line; the process exits non-zero when a target is missed. */
export function report(bench: string, figures: Record<string, unknown>, ok: boolean) {
  process.stdout.write(`${JSON.stringify({ bench, ...figures, ok })}\n`);
  if (!ok) process.exitCode = 1;
}

export function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

export function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

export const round = (value: number, digits = 1) => Number(value.toFixed(digits));
