-- What credits pay for besides buying slots (issue 17 item 5).
-- Extra levels: how many extra levels of a space are paid for (a high-water mark: removing a
-- level refunds nothing, adding it back costs nothing again).
ALTER TABLE scenes ADD COLUMN paid_extra_levels integer NOT NULL DEFAULT 0
  CHECK (paid_extra_levels >= 0);

-- The monthly keep-alive of a purchased slot: paid until this time (the purchase pays the first
-- month); the keep-alive job charges the next month once it is reached.
ALTER TABLE space_slots ADD COLUMN paid_until timestamptz;
UPDATE space_slots SET paid_until = created_at + interval '1 month' WHERE kind = 'purchased';
-- When the slot was suspended for an unpaid keep-alive (its space unpublished, nothing deleted).
ALTER TABLE space_slots ADD COLUMN suspended_at timestamptz;
CREATE INDEX space_slots_keep_alive_idx ON space_slots (paid_until)
  WHERE kind = 'purchased' AND active;

-- One row per slot and period the keep-alive job handled (a period starts where the last paid
-- one ended): its primary key is the claim, so two app instances running the job at once never
-- charge one slot twice for one period.
CREATE TABLE slot_keep_alive_runs (
  slot_id text NOT NULL REFERENCES space_slots (id) ON DELETE CASCADE,
  period_start timestamptz NOT NULL,
  outcome text NOT NULL CHECK (outcome IN ('paid', 'unpaid')),
  transaction_id text,
  ran_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (slot_id, period_start)
);
