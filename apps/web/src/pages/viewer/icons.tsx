// Line icons of the viewer, drawn for Atrium (24 x 24, stroke = currentColor).
const PATHS = {
  info: "M12 3a9 9 0 1 0 0 18a9 9 0 0 0 0-18z M12 10v6 M12 7v.01",
  smile: "M12 3a9 9 0 1 0 0 18a9 9 0 0 0 0-18z M8.5 14.5c1.8 2 5.2 2 7 0 M9 9.5v.01 M15 9.5v.01",
  share:
    "M6 12a2.5 2.5 0 1 0 0 .01z M18 6a2.5 2.5 0 1 0 0 .01z M18 18a2.5 2.5 0 1 0 0 .01z M8.2 10.8l7.6-3.6 M8.2 13.2l7.6 3.6",
  path: "M5 19a2 2 0 1 0 0-.01z M19 5a2 2 0 1 0 0-.01z M7 19h8a3.5 3.5 0 0 0 0-7H9a3.5 3.5 0 0 1 0-7h8",
  chat: "M4 5h16v11H9l-5 4z",
  calendar: "M4 6h16v14H4z M4 10h16 M8 3v4 M16 3v4",
  map: "M3 6l6-2l6 2l6-2v14l-6 2l-6-2l-6 2z M9 4v14 M15 6v14",
  more: "M5 12v.01 M12 12v.01 M19 12v.01",
  compass: "M12 3a9 9 0 1 0 0 18a9 9 0 0 0 0-18z M15.5 8.5l-2 5l-5 2l2-5z",
  gear: "M12 9a3 3 0 1 0 0 6a3 3 0 0 0 0-6z M12 2v3 M12 19v3 M2 12h3 M19 12h3 M4.9 4.9l2.1 2.1 M17 17l2.1 2.1 M4.9 19.1L7 17 M17 7l2.1-2.1",
  users:
    "M9 11a3 3 0 1 0 0-6a3 3 0 0 0 0 6z M3 20a6 6 0 0 1 12 0 M16 5a3 3 0 0 1 0 6 M18 14a5 5 0 0 1 3 6",
  party: "M4 20l5-14l9 9z M14 4l1 2 M19 6l-2 1 M20 11h-2",
  home: "M4 11l8-7l8 7 M6 9v11h12V9",
  prev: "M7 5v14 M19 5l-9 7l9 7z",
  next: "M17 5v14 M5 5l9 7l-9 7z",
  play: "M7 4l13 8l-13 8z",
  pause: "M7 5h3v14H7z M14 5h3v14h-3z",
  close: "M6 6l12 12 M18 6L6 18",
  menu: "M4 7h16 M4 12h16 M4 17h16",
} as const;

export type ViewerIconName = keyof typeof PATHS;

export function ViewerIcon({ name, size = 20 }: { name: ViewerIconName; size?: number }) {
  return (
    <svg
      aria-hidden
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
