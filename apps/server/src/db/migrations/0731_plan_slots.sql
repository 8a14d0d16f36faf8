-- Pro's included publishing slots (kind 'plan', issue 17 item 4): active while the account's
-- plan is Pro, no keep-alive charge; below Pro they stop and their spaces become drafts again.
ALTER TABLE space_slots DROP CONSTRAINT space_slots_kind_check;
ALTER TABLE space_slots ADD CONSTRAINT space_slots_kind_check
  CHECK (kind IN ('free', 'purchased', 'district', 'plan'));
