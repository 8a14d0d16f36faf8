// The editor's document store with a 500-object space: applying an edit command and undoing it
// (store only, no rendering) and the size of the saved document. Baseline in the same run:
// the bare immutable update of one item (copy the list, replace the item), which any store pays.
import {
  addItem,
  createEmptySceneDocument,
  type SceneDocument,
  SceneDocumentSchema,
  SceneHistory,
  transformItems,
} from "@atrium/domain";
import { percentile, report, round } from "../lib/report";

const OBJECTS = 500;
const ITERATIONS = 2000;
const BUDGET_MS = 2;
const BUDGET_KB = 150;

function documentWith(objects: number): SceneDocument {
  const history = new SceneHistory(createEmptySceneDocument());
  for (let i = 0; i < objects; i++) {
    const position: [number, number, number] = [(i % 25) - 12, 1.5, Math.floor(i / 25) - 10];
    const kind = i % 3;
    const base = { id: `item-${i}`, position, levelId: "level-1", title: `Object ${i}` };
    history.execute(
      kind === 0
        ? addItem(history.getDocument(), "pictures", { ...base, assetId: `asset-${i}` })
        : kind === 1
          ? addItem(history.getDocument(), "props", { ...base, propId: "bench" })
          : addItem(history.getDocument(), "texts3d", { ...base, text: { content: `Label ${i}` } }),
    );
  }
  return history.getDocument();
}

const document = documentWith(OBJECTS);
const history = new SceneHistory(document);
const apply: number[] = [];
const undo: number[] = [];
const bare: number[] = [];
// keeps the baseline's result alive so the engine cannot skip the work
let sink: SceneDocument = document;
for (let i = 0; i < ITERATIONS; i++) {
  const ref = { list: "props", id: `item-${1 + 3 * (i % 166)}` } as const;
  let started = performance.now();
  history.execute(transformItems(history.getDocument(), [{ ref, position: [i % 7, 1, 2] }]));
  apply.push(performance.now() - started);
  started = performance.now();
  history.undo();
  undo.push(performance.now() - started);

  started = performance.now();
  const items = [...document.props];
  const index = i % items.length;
  items[index] = { ...(items[index] as (typeof items)[number]), position: [i % 7, 1, 2] };
  sink = { ...document, props: items };
  bare.push(performance.now() - started);
}

const savedBytes = Buffer.byteLength(JSON.stringify(document));
const applyP95 = percentile(apply, 95);
const undoP95 = percentile(undo, 95);
const bareP95 = percentile(bare, 95);
report(
  "editor",
  {
    objects: OBJECTS,
    applyP95Ms: round(applyP95, 3),
    undoP95Ms: round(undoP95, 3),
    applyMaxMs: round(Math.max(...apply), 3),
    bareUpdateP95Ms: round(bareP95, 4),
    ratioToBareUpdate: round(applyP95 / Math.max(bareP95, 0.0001), 1),
    budgetMs: BUDGET_MS,
    savedDocumentKb: round(savedBytes / 1024),
    budgetKb: BUDGET_KB,
    documentValid: SceneDocumentSchema.safeParse(document).success && sink.props.length > 0,
  },
  applyP95 <= BUDGET_MS && undoP95 <= BUDGET_MS && savedBytes / 1024 <= BUDGET_KB,
);
