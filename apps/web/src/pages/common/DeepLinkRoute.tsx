import { Navigate, useSearchParams } from "react-router";
import { ROUTES } from "../../app/paths";

/**
 * /deep-linkin?to=/viewer/abc: opens an in-app path handed over by a link outside
 * the app (mails, QR codes). Only same-site paths are followed.
 */
export function Component() {
  const [params] = useSearchParams();
  const target = params.get("to") ?? params.get("path") ?? "";
  const safe = target.startsWith("/") && !target.startsWith("//") ? target : ROUTES.HOME;
  return <Navigate to={safe} replace />;
}
