// Settings the server writes into index.html (<meta name="atrium-config">) so the
// app needs no extra request before its first paint.

export interface RuntimeConfig {
  /** Host of the platform without district subdomain, e.g. "localhost" or "atrium.example". */
  baseDomain: string;
  /** Optional external translation file merged over English. */
  translationsUrl: string | null;
  /** Official social accounts shown in the footer. */
  socialLinks: { name: string; url: string }[];
  version: string;
}

const defaults: RuntimeConfig = {
  baseDomain: typeof location === "undefined" ? "localhost" : location.hostname,
  translationsUrl: null,
  socialLinks: [],
  version: "dev",
};

export function readRuntimeConfig(doc: Pick<Document, "querySelector"> = document): RuntimeConfig {
  const content = doc.querySelector('meta[name="atrium-config"]')?.getAttribute("content");
  if (!content) return defaults;
  try {
    return { ...defaults, ...(JSON.parse(content) as Partial<RuntimeConfig>) };
  } catch {
    return defaults;
  }
}

// outside a browser (tests, prerendering) there is no index.html to read
export const runtimeConfig = typeof document === "undefined" ? defaults : readRuntimeConfig();
