import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { LazyLoadTimeoutError } from "../lazy";
import { ErrorScreen } from "./ErrorScreen";
import { NotFound } from "./NotFound";

/** The error boundary of every route: 'Something went wrong' with a homepage link. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (error instanceof LazyLoadTimeoutError) {
    return (
      <ErrorScreen message={t("errors.somethingWentWrong")} detail={t("errors.chunkLoadTimeout")} />
    );
  }
  console.error(error);
  return <ErrorScreen message={t("errors.somethingWentWrong")} />;
}
