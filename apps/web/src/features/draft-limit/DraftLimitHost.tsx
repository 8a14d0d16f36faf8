import { lazy, Suspense, useEffect, useState } from "react";
import { getDraftLimitDialog, subscribeDraftLimitDialog } from "./store";

const Dialog = lazy(() => import("./DraftLimitDialog"));

/** Mounted by the shell: loads the dialog's code the first time it opens. */
export function DraftLimitHost() {
  const [needed, setNeeded] = useState(getDraftLimitDialog().open);
  useEffect(
    () =>
      subscribeDraftLimitDialog(() => {
        if (getDraftLimitDialog().open) setNeeded(true);
      }),
    [],
  );
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Dialog />
    </Suspense>
  );
}
