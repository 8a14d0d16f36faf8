import { Navigate, useParams } from "react-router";
import { userPath } from "../../app/paths";
import { RequireSignIn } from "../../features/auth/RequireSignIn";
import { UserPage } from "./UserPage";

/**
 * USER, USER/{userId}, USER/{userId}/{category}/{subcategory} (spec 1 §2). `me` (and /user)
 * stands for the signed-in user: the guard shows 'Loading...', then sends signed-out visitors
 * to sign in and back here.
 */
export function Component() {
  const { userId, category, subcategory } = useParams();
  if (!userId || userId === "me") {
    return (
      <RequireSignIn>
        {(me) => <Navigate to={userPath(me.userId, category, subcategory)} replace />}
      </RequireSignIn>
    );
  }
  return <UserPage userId={userId} category={category} subcategory={subcategory} />;
}
