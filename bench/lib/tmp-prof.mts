import { MATERIAL_RECIPES } from "/work/wt-assets/apps/server/src/modules/assets/catalogue/materials.js";

for (const r of MATERIAL_RECIPES) {
  const t = performance.now();
  let s = 0;
  for (let y = 0; y < 512; y++) for (let x = 0; x < 512; x++) s += r.paint(x / 512, y / 512).height;
  console.log(r.id, Math.round(performance.now() - t));
}
