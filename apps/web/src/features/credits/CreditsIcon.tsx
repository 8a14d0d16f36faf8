import type { CreditBundleIconId } from "@atrium/domain";

// The credit bundle icons (spec 1 §2: numbered by ascending unit, credits-icon-1 to 4): a stack
// of one to four coins, drawn inline so the picker fetches nothing.

const COINS: Record<CreditBundleIconId, number> = {
  "credits-icon-1": 1,
  "credits-icon-2": 2,
  "credits-icon-3": 3,
  "credits-icon-4": 4,
};

export function CreditsIcon({ iconId, size = 36 }: { iconId: CreditBundleIconId; size?: number }) {
  const coins = COINS[iconId];
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 36 36"
      aria-hidden="true"
      data-icon-id={iconId}
      focusable="false"
    >
      {Array.from({ length: coins }, (_, index) => {
        const y = 27 - index * 6;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed stack of coins
          <g key={index}>
            <ellipse cx="18" cy={y + 3} rx="12" ry="4.5" fill="#c98a0b" />
            <ellipse cx="18" cy={y} rx="12" ry="4.5" fill="#f5b82e" stroke="#c98a0b" />
          </g>
        );
      })}
    </svg>
  );
}
