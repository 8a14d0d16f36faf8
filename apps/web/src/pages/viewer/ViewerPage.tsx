import { useQuery } from "@tanstack/react-query";
import { Navigate, useLocation, useParams } from "react-router";
import { ApiError } from "../../api/client";
import { fetchViewerScene } from "../../api/viewer";
import { ROUTES } from "../../app/paths";
import { NotFound } from "../../app/shell/NotFound";
import { PageMeta } from "../../app/shell/PageMeta";
import { embedFlags } from "./embed";
import { ViewerStage } from "./ViewerStage";
import "./catalogue";
import { markViewer } from "./use-viewer-runtime";

markViewer("route-module");

/**
 * VIEWER/{sceneId} (published; ?draft=true previews the owner's draft) and VIEWER/embed/{sceneId}
 * (embedded: showSignIn=1 and showCommunications=1 turn those on). Full screen, no site header or
 * footer. A space the visitor may not open leads to the access-denied page; an unknown one is
 * 'Page not found'. One stage (one renderer) stays while portals change the space.
 */
export function ViewerPage() {
  const { sceneId = "" } = useParams();
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const draft = search.get("draft") === "true";
  const flags = embedFlags(location.pathname, search);
  const scene = useQuery({
    queryKey: ["viewer-scene", sceneId, draft],
    queryFn: ({ signal }) => fetchViewerScene(sceneId, draft, signal),
    retry: false,
    staleTime: 60_000,
    enabled: sceneId !== "",
  });
  const error = scene.error;
  if (error instanceof ApiError && (error.status === 403 || error.status === 401))
    return <Navigate to={ROUTES.SPACEACCESSDENIED} replace />;
  if (
    sceneId === "" ||
    (error instanceof ApiError && (error.status === 404 || error.status === 400))
  )
    return <NotFound />;
  return (
    <>
      <PageMeta title={scene.data?.metadata.title || "Atrium"} noindex={draft || flags.embed} />
      <ViewerStage
        sceneId={sceneId}
        scene={scene.data ?? null}
        failed={scene.isError}
        onRetry={() => void scene.refetch()}
        draft={draft}
        flags={flags}
      />
    </>
  );
}
