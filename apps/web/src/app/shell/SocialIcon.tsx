// Simple line icons drawn for Atrium (no third-party logos bundled).
const paths: Record<string, string> = {
  linkedin:
    "M4 9h4v11H4zM6 3.5a2 2 0 1 1 0 4 2 2 0 0 1 0-4ZM10 9h3.8v1.6c.6-1 1.9-1.9 3.7-1.9 3.5 0 4.5 2.2 4.5 5.5V20h-4v-5.2c0-1.4-.3-2.8-2-2.8s-2 1.3-2 2.7V20h-4z",
  instagram:
    "M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4Zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8Zm5.5-1.5a1 1 0 1 0 0 2 1 1 0 0 0 0-2Z",
  facebook: "M14 8h3V4h-3c-2.8 0-4.5 1.8-4.5 4.6V11H7v4h2.5v6h4v-6H17l.5-4h-4V8.8c0-.5.2-.8.5-.8Z",
  x: "M4 4h4.5l4 5.6L17 4h3l-6 7.2L20.5 20H16l-4.4-6L6.6 20H3.5l6.6-7.9z",
  youtube:
    "M21 8.2c-.2-1.5-1-2.4-2.5-2.6C16.2 5.3 12 5.3 12 5.3s-4.2 0-6.5.3C4 5.8 3.2 6.7 3 8.2 2.8 9.4 2.8 12 2.8 12s0 2.6.2 3.8c.2 1.5 1 2.4 2.5 2.6 2.3.3 6.5.3 6.5.3s4.2 0 6.5-.3c1.5-.2 2.3-1.1 2.5-2.6.2-1.2.2-3.8.2-3.8s0-2.6-.2-3.8ZM10 15V9l5.2 3z",
};

export function SocialIcon({ name }: { name: string }) {
  const d = paths[name.toLowerCase()] ?? "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Z";
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
      <path d={d} />
    </svg>
  );
}
