import { Center, Loader } from "@mantine/core";
import { Navigate } from "react-router";
import { ROUTES, userPath } from "../../app/paths";
import { loginPath } from "../../features/auth/return-to";
import { useMe } from "../../features/auth/use-me";

/**
 * /dev-unity-uploader (spec 2 route table): the original product's uploader of 3D assets. In
 * Atrium models, pictures and the rest are uploaded to one's library, so the route opens the
 * library's 3D models section (signed-out people sign in first and come back here).
 */
export function Component() {
  const me = useMe();
  if (me.isPending)
    return (
      <Center mih="50vh">
        <Loader />
      </Center>
    );
  if (!me.data) return <Navigate to={loginPath(ROUTES.DEV_UNITY_UPLOADER)} replace />;
  return <Navigate to={userPath(me.data.userId, "library", "3d-models")} replace />;
}
