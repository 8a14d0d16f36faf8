import { useEffect } from "react";
import { runtimeConfig } from "../../app/runtime-config";
import { districtSubdomainOf } from "../../pages/district/district-host";
import type { Me } from "./use-me";

const ASKED = "atrium:session-handoff";

/**
 * On a district subdomain of a single-label base domain (localhost), the browser keeps the
 * platform's cookie to the platform's host, so the subdomain asks the platform once per tab
 * for its session (server: session-handoff-routes.ts). Where the base domain has a dot, one
 * cookie covers every subdomain and nothing happens here.
 */
export function useSessionHandoff(me: Me | null | undefined, isPending: boolean) {
  useEffect(() => {
    const base = runtimeConfig.baseDomain;
    if (isPending || base.includes(".")) return;
    if (!districtSubdomainOf(location.hostname, base)) return;
    if (me) {
      sessionStorage.removeItem(ASKED);
      return;
    }
    if (sessionStorage.getItem(ASKED)) return;
    sessionStorage.setItem(ASKED, "1");
    const platform = `${location.protocol}//${base}${location.port ? `:${location.port}` : ""}`;
    location.assign(`${platform}/api/auth/handoff?to=${encodeURIComponent(location.href)}`);
  }, [me, isPending]);
}

/**
 * After a log-out on purpose there is no session to hand over (the platform's ended with it):
 * the tab must not ask the platform again, which would reload the page through it.
 */
export function skipSessionHandoff() {
  try {
    sessionStorage.setItem(ASKED, "1");
  } catch {
    // storage refused (private modes): at worst the tab asks once more
  }
}
