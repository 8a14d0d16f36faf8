import { useEffect } from "react";
import { useLocation } from "react-router";

// Set while the user is signing out or deleting their account on purpose, until the next page
// is on screen. The server ends the session before the browser has left the signed-in page,
// and React Router shows the next page in a transition, after the account is already
// forgotten: in between, the old page's guard must not mistake the missing account for an
// expired session and send the user to sign in.
let ending = false;

export function markSessionEnding() {
  ending = true;
}

export function clearSessionEnding() {
  ending = false;
}

export function isSessionEnding() {
  return ending;
}

/** Clears the flag once a navigation has put the next page on screen (used by the layout). */
export function useClearSessionEndingOnNavigation() {
  const { key } = useLocation();
  useEffect(() => {
    void key;
    clearSessionEnding();
  }, [key]);
}
