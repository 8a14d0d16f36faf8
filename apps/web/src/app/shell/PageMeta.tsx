import { useTranslation } from "react-i18next";

export interface PageMetaProps {
  title: string;
  description?: string;
  image?: string;
  noindex?: boolean;
}

/**
 * Title, description and social-share tags of a page. React 19 hoists these into
 * <head>, replacing them as pages change.
 */
export function PageMeta({ title, description, image, noindex }: PageMetaProps) {
  const { t } = useTranslation();
  const fullTitle = title === t("brand.name") ? title : `${title} | ${t("brand.name")}`;
  const url = typeof location === "undefined" ? undefined : location.href.split("#")[0];
  return (
    <>
      <title>{fullTitle}</title>
      {description && <meta name="description" content={description} />}
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={t("brand.name")} />
      <meta property="og:title" content={fullTitle} />
      {description && <meta property="og:description" content={description} />}
      {url && <meta property="og:url" content={url} />}
      {image && <meta property="og:image" content={image} />}
      <meta name="twitter:card" content={image ? "summary_large_image" : "summary"} />
      <meta name="twitter:title" content={fullTitle} />
      {description && <meta name="twitter:description" content={description} />}
      {noindex && <meta name="robots" content="noindex" />}
    </>
  );
}
