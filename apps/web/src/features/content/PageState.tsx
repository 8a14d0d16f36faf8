import { Loader } from "@mantine/core";
import { useTranslation } from "react-i18next";
import classes from "./PageState.module.css";

/** While a page's content loads: the spec's 'Loading...', announced politely. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className={classes.state} role="status">
      <Loader size="sm" />
      <span>{t("common.loading")}</span>
    </div>
  );
}

/** A content fallback ('Article not found.', 'No FAQs available.'...) or a failed load. */
export function PageMessage({ message, detail }: { message: string; detail?: string }) {
  return (
    <div className={classes.state}>
      <p className={classes.message}>{message}</p>
      {detail && <p className={classes.detail}>{detail}</p>}
    </div>
  );
}
