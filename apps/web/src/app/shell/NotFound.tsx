import { useTranslation } from "react-i18next";
import { ErrorScreen } from "./ErrorScreen";
import { PageMeta } from "./PageMeta";

export function NotFound() {
  const { t } = useTranslation();
  return (
    <>
      <PageMeta title={t("errors.pageNotFound")} noindex />
      <ErrorScreen message={t("errors.pageNotFound")} detail={t("errors.pageNotFoundDetail")} />
    </>
  );
}
