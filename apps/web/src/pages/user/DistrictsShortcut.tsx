import { Navigate, useParams } from "react-router";
import { userPath } from "../../app/paths";
import { RequireSignIn } from "../../features/auth/RequireSignIn";

/**
 * The account's districts pages by their short path (spec 2 §2.4: /districts/my-districts,
 * ...): the signed-in user's own USER/{userId}/districts/{subcategory}; signed-out visitors
 * sign in first and come back here.
 */
export function Component() {
  const { subcategory } = useParams();
  return (
    <RequireSignIn>
      {(me) => (
        <Navigate
          to={`${userPath(me.userId, "districts", subcategory ?? "what-is-district")}${location.search}`}
          replace
        />
      )}
    </RequireSignIn>
  );
}
