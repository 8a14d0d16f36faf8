import type { CustomSpace } from "@atrium/domain";
import type { AssetSource } from "../types";

/** An asset lookup that failed because the thing does not exist (shown as 'No content'). */
export class MissingAssetError extends Error {}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url, {
    credentials: "same-origin",
    headers: { accept: "application/json" },
  });
  if (response.status === 404 || response.status === 403 || response.status === 401)
    throw new MissingAssetError(`${url}: ${response.status}`);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return (await response.json()) as T;
}

/** The asset service lookups, each id fetched once per engine. */
export function defaultAssetSource(resolveUrl: (uri: string) => string): AssetSource {
  const memo = new Map<string, Promise<unknown>>();
  const get = <T>(path: string): Promise<T> => {
    let promise = memo.get(path) as Promise<T> | undefined;
    if (!promise) {
      promise = getJson<T>(resolveUrl(`/api/assetService/${path}`));
      promise.catch(() => memo.delete(path));
      memo.set(path, promise);
    }
    return promise;
  };
  const id = encodeURIComponent;
  return {
    library: (family, assetId) => get(`${family}/${id(assetId)}`),
    prop: (propId) => get(`prop/${id(propId)}`),
    material: (materialId) => get(`material/${id(materialId)}`),
    sky: (skyId) => get(`sky/${id(skyId)}`),
    font: (fontId) => get(`font/${id(fontId)}`),
    portal: (assetId) => get(`portal/${id(assetId)}`),
    template: (templateId) => {
      // fetched once per template: Shape Style's overrides redraw it often (never mutated)
      const key = `template:${templateId}`;
      let promise = memo.get(key) as Promise<CustomSpace> | undefined;
      if (promise) return promise;
      promise = (async () => {
        // a family with its templates' documents (by family or template id)
        const family = await getJson<{
          templates?: Array<{ spaceTemplateId: string; document?: { customSpace?: CustomSpace } }>;
        }>(resolveUrl(`/api/sceneService/premadescene/${id(templateId)}`));
        const template = family.templates?.find((entry) => entry.spaceTemplateId === templateId);
        const space = template?.document?.customSpace;
        if (!space) throw new MissingAssetError(`template ${templateId} has no structure`);
        return space;
      })();
      promise.catch(() => memo.delete(key));
      memo.set(key, promise);
      return promise;
    },
  };
}
