import { lazy, Suspense, useEffect, useState } from "react";
import { isToastHostNeeded, onToastHostNeeded } from "./toast";

const Notifications = lazy(() =>
  import("@mantine/notifications").then((module) => ({ default: module.Notifications })),
);

/** Mounts the toast container once the first toast is asked for. */
export function ToastHost() {
  const [needed, setNeeded] = useState(isToastHostNeeded);
  useEffect(() => {
    const unsubscribe = onToastHostNeeded(() => setNeeded(true));
    return () => void unsubscribe();
  }, []);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-center" zIndex={10000002} />
    </Suspense>
  );
}
